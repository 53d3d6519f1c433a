export { MonitoringReportsScreen } from './monitoring-reports-screen';
export type { MonitoringReportsScreenProps } from './monitoring-reports-screen';
export { MonitoringReportScreen } from './monitoring-report-screen';
export type { MonitoringReportScreenProps } from './monitoring-report-screen';
export { MonitoringReportsCard } from './monitoring-reports-card';
export { ReportPortfolioCard } from './report-portfolio-card';
export { ReportStateBadge } from './report-state-badge';
