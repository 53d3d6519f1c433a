import {
  AUDIT_CATEGORIES_BY_TYPE,
  AUDIT_FORM_LABELS,
  AUDIT_TYPES,
  AUDIT_TYPE_LABELS,
  type AuditType,
} from '@verity/shared-api';

/** The table's filters (the search text is beside them); the server applies them. */
export interface AuditFilters {
  /** '' means every type. */
  auditType: AuditType | '';
  /** '' means every category. */
  auditCategory: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { auditType: '', auditCategory: '' };

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
