import {
  AUDIT_CATEGORIES_BY_TYPE,
  AUDIT_FORM_LABELS,
  AUDIT_TYPES,
  AUDIT_TYPE_LABELS,
  type Audit,
  type AuditType,
} from '@verity/shared-api';

export interface AuditFilters {
  search: string;
  /** '' means every type. */
  auditType: AuditType | '';
  /** '' means every category. */
  auditCategory: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { search: '', auditType: '', auditCategory: '' };

/** The categories the filter offers: those of the chosen type, or of every type without duplicates. */
export function auditCategoryOptions(auditType: AuditType | ''): string[] {
  const types = auditType ? [auditType] : AUDIT_TYPES;
  return [...new Set(types.flatMap((type) => AUDIT_CATEGORIES_BY_TYPE[type]))];
}

export function auditTypeLabel(auditType: string): string {
  return AUDIT_TYPE_LABELS[auditType as AuditType] ?? auditType;
}

export function auditFormLabel(auditForm: string): string {
  return AUDIT_FORM_LABELS[auditForm as keyof typeof AUDIT_FORM_LABELS] ?? auditForm;
}

/** The audits that match the type, the category and the search text (type, category or form, any case). */
export function filterAudits(audits: readonly Audit[], filters: AuditFilters): Audit[] {
  const needle = filters.search.trim().toLowerCase();
  return audits.filter((audit) => {
    if (filters.auditType && audit.auditType !== filters.auditType) return false;
    if (filters.auditCategory && audit.auditCategory !== filters.auditCategory) return false;
    if (!needle) return true;
    return [
      auditTypeLabel(audit.auditType),
      audit.auditCategory,
      auditFormLabel(audit.auditForm),
    ].some((text) => text.toLowerCase().includes(needle));
  });
}
