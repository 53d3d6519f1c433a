export { TRAIL_TEXTS, auditName, useAuditNames, useCompanyAuditorName } from './use-audit-names';
export type { AuditNames } from './use-audit-names';
