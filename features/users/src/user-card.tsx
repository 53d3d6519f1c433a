import type { ClientUser } from '@verity/shared-api';
import { useLanguage } from '@verity/session';
import { t } from './texts';
import { DateText, Card, IconButton, RoleBadge } from '@verity/shared-ui';

export interface UserCardProps {
  user: ClientUser;
  /** Shown only when given: the caller decides who may delete whom. */
  onDelete?: (user: ClientUser) => void;
}

export function UserCard({ user, onDelete }: UserCardProps) {
  useLanguage();
  return (
    <Card
      as="article"
      headingLevel={2}
      className="vui-user-card"
      title={user.fullname}
      actions={
        onDelete ? (
          <IconButton
            label={t('users.card.delete', { name: user.fullname })}
            icon={<TrashIcon />}
            onClick={() => onDelete(user)}
          />
        ) : undefined
      }
    >
      <div className="vui-card-details">
        <RoleBadge role={user.role} />
        <p className="vui-card-details__email">{user.emailId}</p>
        <p className="vui-card-details__muted">
          {t('users.card.created')} <DateText value={user.createdAt} format="card" />
        </p>
      </div>
    </Card>
  );
}

function TrashIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </svg>
  );
}
