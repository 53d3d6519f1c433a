export { RiskBadge } from './risk-badge';
export type { RiskBadgeProps } from './risk-badge';
