import { Link, type To } from 'react-router-dom';
import { useLanguage } from '@verity/session';
import { INCIDENT_CARD_TEXT as text } from '@verity/shared-api';
import { t } from '../texts';
import '../my-actions/my-actions.css';

/**
 * The way to an incident register, or with its own title and hint to a grievance log: the company's
 * dashboard, the client's portfolio.
 */
export function IncidentsCard({
  to,
  title = text.title,
  hint = text.cardHint,
}: {
  to: To;
  title?: string;
  hint?: string;
}) {
  useLanguage();
  return (
    <Link to={to} className="vui-my-actions-card">
      <span className="vui-my-actions-card__title">{title}</span>
      <span className="vui-my-actions-card__hint">{hint}</span>
      <span className="vui-my-actions-card__go" aria-hidden="true">
        {t('plans.cards.go', { label: text.open })}
      </span>
    </Link>
  );
}
