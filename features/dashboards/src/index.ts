// The dashboard of a target company, and the client's over its portfolio (client and target-company
// areas), with the parts the auditor's own dashboard shares.
export { CompanyDashboardScreen } from './company-dashboard-screen';
export type { CompanyDashboardScreenProps } from './company-dashboard-screen';
export { ChartCard } from './chart-card';
export { dashboardErrorText, useAfterFirstRender } from './use-dashboard';
