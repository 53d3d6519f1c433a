import { USER_TYPE_AREA_PATHS } from '@verity/shared-api';

// Absolute paths inside the auditor area: the shell mounts it under a splat route, where bare
// relative links resolve against the current page.
const base = USER_TYPE_AREA_PATHS.auditor;
const segment = encodeURIComponent;

export const auditorPaths = {
  dashboard: () => `${base}/dashboard`,
  portfolio: () => `${base}/portfolio`,
  targetCompanies: () => `${base}/target-companies`,
  audits: (targetCompanyId: string) =>
    `${base}/target-companies/${segment(targetCompanyId)}/audits`,
  actionPlans: (targetCompanyId: string, auditId: string) =>
    `${auditorPaths.audits(targetCompanyId)}/${segment(auditId)}/action-plans`,
  actionPlan: (targetCompanyId: string, auditId: string, actionPlanId: string) =>
    `${auditorPaths.actionPlans(targetCompanyId, auditId)}/${segment(actionPlanId)}`,
  incidents: (targetCompanyId: string) =>
    `${base}/target-companies/${segment(targetCompanyId)}/incidents`,
  incident: (targetCompanyId: string, incidentId: string) =>
    `${auditorPaths.incidents(targetCompanyId)}/${segment(incidentId)}`,
  grievances: (targetCompanyId: string) =>
    `${base}/target-companies/${segment(targetCompanyId)}/grievances`,
  grievance: (targetCompanyId: string, grievanceId: string) =>
    `${auditorPaths.grievances(targetCompanyId)}/${segment(grievanceId)}`,
  createAudit: (targetCompanyId: string, auditId: string) =>
    `${auditorPaths.audits(targetCompanyId)}/${segment(auditId)}/create-audit`,
  importEsap: (targetCompanyId: string, auditId: string) =>
    `${auditorPaths.audits(targetCompanyId)}/${segment(auditId)}/import-esap`,
} as const;

/** The create page's path with 'create-audit' replaced by the new plan's. */
export function createdPlanPath(createPath: string, actionPlanId: string): string {
  return createPath.replace(/create-audit\/?$/, `action-plans/${segment(actionPlanId)}`);
}
