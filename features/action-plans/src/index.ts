// The action plan screens every area shows: the list of an audit's plans and one plan with its gaps.
export { ActionPlanListScreen, gapPath } from './action-plan-list';
export type { ActionPlanListScreenProps } from './action-plan-list';
export { ActionPlanDetailScreen, GAP_ID_PARAM, planDetailPermissions } from './action-plan-detail';
export type {
  ActionPlanDetailPermissions,
  ActionPlanDetailScreenProps,
} from './action-plan-detail';
export { CompanyPlansExport, ExportPlansButton } from './export';
export type { ExportPlansButtonProps } from './export';
export { CompanyReportButton, DownloadReportButton } from './report';
export type { DownloadReportButtonProps, ReportSubject } from './report';
export { LiveUpdates } from './live';
export { MyActionsCard, MyActionsScreen } from './my-actions';
export type { MyActionsScreenProps } from './my-actions';
export {
  MonitoringReportScreen,
  MonitoringReportsCard,
  MonitoringReportsScreen,
  ReportPortfolioCard,
  ReportStateBadge,
} from './monitoring-reports';
export type {
  MonitoringReportScreenProps,
  MonitoringReportsScreenProps,
} from './monitoring-reports';
export {
  IncidentRegisterScreen,
  IncidentScreen,
  IncidentsCard,
  ReportIncidentScreen,
  SeverityBadge,
  NotifiedBadge,
  RootCauseBadge,
} from './incidents';
export type {
  CorrectivePlanSource,
  IncidentCorrectiveAction,
  IncidentRegisterScreenProps,
  IncidentScreenProps,
  ReportIncidentScreenProps,
} from './incidents';
export {
  GrievanceRegisterScreen,
  GrievanceScreen,
  GrievanceSettingsScreen,
  GrievanceTargetsLine,
  RecordGrievanceScreen,
} from './grievances';
export type {
  GrievanceRegisterScreenProps,
  GrievanceScreenProps,
  GrievanceSettingsScreenProps,
  RecordGrievanceScreenProps,
} from './grievances';
