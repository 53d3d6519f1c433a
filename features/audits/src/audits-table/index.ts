export { AuditsTableScreen } from './audits-table-screen';
export type { AuditsTableScreenProps } from './audits-table-screen';
