export { CompanyDashboardScreen } from './company-dashboard-screen';
export type { CompanyDashboardScreenProps } from './company-dashboard-screen';
