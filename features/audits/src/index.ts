// Who audits a company and with what: the audits table and the company's auditors.
export { AuditsTableScreen } from './audits-table';
export type { AuditsTableScreenProps } from './audits-table';
export { CompanyAuditorsScreen } from './company-auditors';
export type { CompanyAuditorsScreenProps } from './company-auditors';
export { TRAIL_TEXTS, auditName, useAuditNames, useCompanyAuditorName } from './names';
export type { AuditNames } from './names';
