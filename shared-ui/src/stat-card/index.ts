export { StatCard } from './stat-card';
export type { StatCardProps, StatCardAccent } from './stat-card';
