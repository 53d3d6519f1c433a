export { CompanyAuditorsScreen } from './company-auditors-screen';
export type { CompanyAuditorsScreenProps } from './company-auditors-screen';
