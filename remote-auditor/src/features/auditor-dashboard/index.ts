export { AuditorDashboardScreen } from './auditor-dashboard-screen';
export type { AuditorDashboardScreenProps } from './auditor-dashboard-screen';
