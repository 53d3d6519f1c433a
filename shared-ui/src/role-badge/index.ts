export { RoleBadge } from './role-badge';
export type { RoleBadgeProps } from './role-badge';
