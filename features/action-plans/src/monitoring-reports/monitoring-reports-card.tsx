import { Link, type To } from 'react-router-dom';
import { useLanguage } from '@verity/session';
import { MONITORING_REPORT_TEXT as text } from '@verity/shared-api';
import { t } from '../texts';
import '../my-actions/my-actions.css';

/** The company dashboard's way to its monitoring reports, beside "My actions". */
export function MonitoringReportsCard({ to }: { to: To }) {
  useLanguage();
  return (
    <Link to={to} className="vui-my-actions-card">
      <span className="vui-my-actions-card__title">{text.title}</span>
      <span className="vui-my-actions-card__hint">{text.cardHint}</span>
      <span className="vui-my-actions-card__go" aria-hidden="true">
        {t('plans.cards.go', { label: text.open })}
      </span>
    </Link>
  );
}
