import { useLanguage } from '@verity/session';
import { ROLE_LABELS, isRole, type Role } from '@verity/shared-api';
import { Badge, type BadgeTone } from '../badge';

const ROLE_TONES: Readonly<Record<Role, BadgeTone>> = {
  owner: 'primary',
  admin: 'blue',
  editor: 'green',
  viewer: 'neutral',
};

export interface RoleBadgeProps {
  role: Role | string;
}

export function RoleBadge({ role }: RoleBadgeProps) {
  useLanguage();
  const known = isRole(role);
  return (
    <Badge tone={known ? ROLE_TONES[role] : 'neutral'} data-role={role}>
      {known ? ROLE_LABELS[role] : role}
    </Badge>
  );
}
