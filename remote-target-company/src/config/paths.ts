import { USER_TYPE_AREA_PATHS } from '@verity/shared-api';

const area = USER_TYPE_AREA_PATHS.targetCompany;
const segment = encodeURIComponent;

/** Route patterns of the target-company area, relative to /target-company. */
export const routePatterns = {
  dashboard: 'dashboard',
  myActions: 'my-actions',
  monitoringReports: 'monitoring-reports',
  monitoringReport: 'monitoring-reports/:reportId',
  incidents: 'incidents',
  reportIncident: 'incidents/report',
  incident: 'incidents/:incidentId',
  grievances: 'grievances',
  recordGrievance: 'grievances/record',
  grievanceSettings: 'grievances/settings',
  grievance: 'grievances/:grievanceId',
  users: 'users',
  auditors: 'auditors',
  auditorAudits: 'auditors/:auditorId',
  actionPlans: 'auditors/:auditorId/:auditId/action-plans',
  actionPlan: 'auditors/:auditorId/:auditId/action-plans/:actionPlanId',
} as const;

/** Full paths to the area's screens, for links between them. */
export const paths = {
  dashboard: () => `${area}/dashboard`,
  myActions: () => `${area}/my-actions`,
  monitoringReports: () => `${area}/monitoring-reports`,
  monitoringReport: (reportId: string) => `${area}/monitoring-reports/${segment(reportId)}`,
  incidents: () => `${area}/incidents`,
  reportIncident: () => `${area}/incidents/report`,
  incident: (incidentId: string) => `${area}/incidents/${segment(incidentId)}`,
  grievances: () => `${area}/grievances`,
  recordGrievance: () => `${area}/grievances/record`,
  grievanceSettings: () => `${area}/grievances/settings`,
  grievance: (grievanceId: string) => `${area}/grievances/${segment(grievanceId)}`,
  auditorAudits: (auditorId: string) => `${area}/auditors/${segment(auditorId)}`,
  actionPlans: (auditorId: string, auditId: string) =>
    `${area}/auditors/${segment(auditorId)}/${segment(auditId)}/action-plans`,
  actionPlan: (auditorId: string, auditId: string, actionPlanId: string) =>
    `${paths.actionPlans(auditorId, auditId)}/${segment(actionPlanId)}`,
};
