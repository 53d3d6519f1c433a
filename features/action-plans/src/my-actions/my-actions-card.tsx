import { Link, type To } from 'react-router-dom';
import { MY_ACTIONS_TEXT } from '@verity/shared-api';
import { useLanguage } from '@verity/session';
import { t } from '../texts';
import './my-actions.css';

/** The company dashboard's way to "My actions": one click after sign-in (decision 0088). */
export function MyActionsCard({ to }: { to: To }) {
  useLanguage();
  return (
    <Link to={to} className="vui-my-actions-card">
      <span className="vui-my-actions-card__title">{MY_ACTIONS_TEXT.title}</span>
      <span className="vui-my-actions-card__hint">{MY_ACTIONS_TEXT.cardHint}</span>
      <span className="vui-my-actions-card__go" aria-hidden="true">
        {t('plans.cards.go', { label: MY_ACTIONS_TEXT.open })}
      </span>
    </Link>
  );
}
