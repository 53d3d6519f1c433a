// Rows as the queries return them, and their answer shapes of docs/api.md. `sub` (an identity
// account id) is always '': no answer gives out another person's account.
import type {
  Audit,
  AuditForm,
  AuditorListItem,
  AuditType,
  CompanyAuditorEntry,
  CompanyType,
  CustomField,
  OrganisationUser,
  Role,
  TargetCompany,
} from '@verity/shared-api/src/server';

const iso = (value: Date | string) => new Date(value).toISOString();

export const COMPANY_COLUMNS = `tc.id, tc.client_id, tc.target_company_name,
  COALESCE(tc.registered_name, '') AS registered_name, tc.email_id, tc.company_type,
  '' AS sub, tc.fullname, tc.created_at`;

export interface CompanyRow {
  id: string;
  client_id: string;
  target_company_name: string;
  registered_name: string;
  email_id: string;
  company_type: CompanyType;
  sub: string;
  fullname: string;
  created_at: Date;
}

export const toTargetCompany = (row: CompanyRow): TargetCompany => ({
  _id: row.id,
  id: row.id,
  targetCompanyName: row.target_company_name,
  registeredName: row.registered_name,
  emailId: row.email_id,
  companyType: row.company_type,
  sub: row.sub,
  fullname: row.fullname,
  createdAt: iso(row.created_at),
  clientId: row.client_id,
});

export const AUDITOR_COLUMNS = `a.id, a.auditor_name, COALESCE(a.registered_name, '') AS registered_name,
  COALESCE(a.email_id, '') AS email_id, '' AS sub, a.created_at`;

export interface AuditorRow {
  id: string;
  auditor_name: string;
  registered_name: string;
  email_id: string;
  sub: string;
  created_at: Date;
}

export const toAuditor = (row: AuditorRow): AuditorListItem => ({
  id: row.id,
  auditorName: row.auditor_name,
  registeredName: row.registered_name,
  emailId: row.email_id,
  sub: row.sub,
  createdAt: iso(row.created_at),
});

export const COMPANY_AUDITOR_COLUMNS = `ca.id, ca.audit_types, ca.audit_categories, ca.form_types, ca.created_at,
  a.id AS auditor_id, a.auditor_name, COALESCE(a.email_id, '') AS email_id,
  COALESCE(a.registered_name, '') AS registered_name, a.created_at AS auditor_created_at`;

export interface CompanyAuditorRow {
  id: string;
  audit_types: AuditType[];
  audit_categories: string[];
  form_types: AuditForm[];
  created_at: Date;
  auditor_id: string;
  auditor_name: string;
  email_id: string;
  registered_name: string;
  auditor_created_at: Date;
}

export const toCompanyAuditor = (row: CompanyAuditorRow): CompanyAuditorEntry => ({
  id: row.id,
  auditor: {
    _id: row.auditor_id,
    auditorName: row.auditor_name,
    emailId: row.email_id,
    registeredName: row.registered_name,
    createdAt: iso(row.auditor_created_at),
  },
  auditType: row.audit_types,
  auditCategory: row.audit_categories,
  formType: row.form_types,
  createdAt: iso(row.created_at),
});

export const USER_COLUMNS = 'u.id, u.fullname, u.email, u.role, u.created_at';

export interface UserRow {
  id: string;
  fullname: string;
  email: string;
  role: Role;
  created_at: Date;
}

export const toUser = (row: UserRow): OrganisationUser => ({
  id: row.id,
  fullname: row.fullname,
  emailId: row.email,
  role: row.role,
  createdAt: iso(row.created_at),
});

export const AUDIT_COLUMNS = `au.id, au.target_company_id, au.auditor_id, a.auditor_name, au.audit_type,
  au.audit_category, au.audit_form, au.fields, au.created_at`;

export interface AuditRow {
  id: string;
  target_company_id: string;
  auditor_id: string;
  auditor_name: string;
  audit_type: AuditType;
  audit_category: string;
  audit_form: AuditForm;
  /** Stored as the audit rules passed them. */
  fields: CustomField[];
  created_at: Date;
}

export const toAudit = (row: AuditRow): Audit => ({
  _id: row.id,
  id: row.id,
  targetCompanyId: row.target_company_id,
  auditorId: row.auditor_id,
  auditorName: row.auditor_name,
  auditType: row.audit_type,
  auditCategory: row.audit_category,
  auditForm: row.audit_form,
  fields: row.fields,
  createdAt: iso(row.created_at),
});
