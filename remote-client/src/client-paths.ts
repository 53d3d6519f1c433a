// Absolute paths inside the client area, so links mean the same wherever the area is rendered.
export const CLIENT_BASE = '/client';

export const clientPaths = {
  company: (targetCompanyId: string) =>
    `${CLIENT_BASE}/target-companies/${encodeURIComponent(targetCompanyId)}`,
  audits: (targetCompanyId: string, auditorId: string) =>
    `${clientPaths.company(targetCompanyId)}/auditors/${encodeURIComponent(auditorId)}`,
  actionPlans: (targetCompanyId: string, auditorId: string, auditId: string) =>
    `${clientPaths.audits(targetCompanyId, auditorId)}/${encodeURIComponent(auditId)}/action-plans`,
  monitoringReports: (targetCompanyId: string) =>
    `${clientPaths.company(targetCompanyId)}/monitoring-reports`,
  monitoringReport: (targetCompanyId: string, reportId: string) =>
    `${clientPaths.monitoringReports(targetCompanyId)}/${encodeURIComponent(reportId)}`,
  incidents: (targetCompanyId: string) => `${clientPaths.company(targetCompanyId)}/incidents`,
  incident: (targetCompanyId: string, incidentId: string) =>
    `${clientPaths.incidents(targetCompanyId)}/${encodeURIComponent(incidentId)}`,
  /** The incident register across the portfolio, under Portfolio as its gap explorer is. */
  incidentPortfolio: () => `${CLIENT_BASE}/portfolio/incidents`,
  grievances: (targetCompanyId: string) => `${clientPaths.company(targetCompanyId)}/grievances`,
  grievance: (targetCompanyId: string, grievanceId: string) =>
    `${clientPaths.grievances(targetCompanyId)}/${encodeURIComponent(grievanceId)}`,
  grievancePortfolio: () => `${CLIENT_BASE}/portfolio/grievances`,
  actionPlan: (targetCompanyId: string, auditorId: string, auditId: string, actionPlanId: string) =>
    `${clientPaths.actionPlans(targetCompanyId, auditorId, auditId)}/${encodeURIComponent(actionPlanId)}`,
};
