// The browser's typed calls of docs/api.md "Calls" and the error-text rule:
// '@verity/shared-api/calls'. Each call goes through the page's one API client from
// @verity/session; the API never imports this.
import './session-user';

export { getErrorText } from './error-text';
export {
  lookupAccount,
  getOrganisationChoices,
  chooseOrganisation,
  updateMySettings,
} from './auth';
export {
  getTargetCompanies,
  createTargetCompany,
  addTargetCompanyAuditor,
  getAuditorTargetCompanies,
  getCompanyAuditors,
  getCompanyMilestones,
  updateCompanyMilestones,
} from './target-companies';
export type { AuditorFilter } from './target-companies';
export { getAuditors, createAuditor } from './auditors';
export {
  getClientUsers,
  createClientUser,
  deleteClientUser,
  getAuditorUsers,
  createAuditorUser,
  deleteAuditorUser,
  getCompanyUsers,
  createCompanyUser,
  deleteCompanyUser,
  getSignInLimits,
} from './users';
export { getAudits, getAudit, createAudit } from './audits';
export {
  FRESH_DASHBOARDS_MS,
  getAuditorDashboard,
  getClientDashboard,
  getTargetCompanyDashboard,
  readDashboardsFresh,
} from './dashboards';
export {
  getPortfolio,
  getPortfolioGaps,
  exportPortfolioCsv,
  portfolioSearchParams,
} from './portfolio';
export {
  createActionPlan,
  getActionPlans,
  getPlanGaps,
  getActionPlan,
  editActionPlan,
  addGap,
  updateGap,
  updateGapStatus,
  bulkChangeGaps,
  getMyActions,
  getPlanRevisions,
} from './action-plans';
export {
  addRemark,
  getGapChanges,
  getGapRemarks,
  withdrawRemark,
  withdrawRemarkDocument,
} from './remarks';
export { exportActionPlansCsv, saveBlob, exportFileNameFallback } from './csv-export';
export type { CsvExport } from './csv-export';
export { downloadActionPlanReport, downloadCompanyReport, downloadEsapWorkbook } from './reports';
export { importEsap } from './esap-import';
export type { EsapImportPayload, EsapImportTarget } from './esap-import';
export type { ReportFile, ReportRequest } from './reports';
export { requestClosure, reviewClosure, getClientSettings, updateClientSettings } from './closure';
export { requestExtension, answerExtension } from './extensions';
export type { ClosureReviewInput } from './closure';
export {
  listNotifications,
  getUnreadCount,
  markAllNotificationsRead,
  markNotificationRead,
  getNotificationPreferences,
  updateNotificationPreferences,
  getOrganisationSettings,
  updateOrganisationSettings,
} from './notifications';
export { listApiTokens, createApiToken, revokeApiToken } from './api-tokens';
export { getSingleSignOn, saveSingleSignOn, removeSingleSignOn } from './single-sign-on';
export {
  listWebhooks,
  createWebhook,
  updateWebhook,
  removeWebhook,
  rollWebhookSecret,
  listWebhookDeliveries,
  resendWebhookDelivery,
} from './webhooks';
export {
  getCompanyReports,
  updateReportRule,
  startMonitoringReport,
  getMonitoringReport,
  saveMonitoringReport,
  submitMonitoringReport,
  reviewMonitoringReport,
  downloadMonitoringReportPdf,
  getReportPortfolio,
} from './monitoring-reports';
export {
  reportIncident,
  getCompanyIncidents,
  getIncidentPortfolio,
  exportIncidentsCsv,
  getIncident,
  correctIncident,
  submitRootCause,
  closeIncident,
  askIncidentQuestion,
  answerIncidentQuestion,
  addCorrectiveAction,
  addIncidentPhotos,
  incidentPhotoUrl,
  getGapIncidents,
  getIncidentClocks,
  updateIncidentClocks,
} from './incidents';
export type { IncidentFilters, IncidentClocks } from './incidents';
export {
  recordGrievance,
  getCompanyGrievances,
  getGrievancePortfolio,
  exportGrievancesCsv,
  getGrievance,
  takeGrievanceStep,
  getGrievanceSettings,
  updateGrievanceTargets,
  updateGrievanceIdentityViewers,
} from './grievances';
export type { GrievanceFilters } from './grievances';
