export const AUDIT_TYPES = ['normal_audit', 'dd', 'esap'] as const;
export type AuditType = (typeof AUDIT_TYPES)[number];

export const AUDIT_TYPE_LABELS: Readonly<Record<AuditType, string>> = {
  normal_audit: 'Normal Audit',
  dd: 'Due Diligence',
  esap: 'ESAP',
};

/** The alternative wording the spec uses in some places: 'Audit' and 'Action Plan'. */
export const AUDIT_TYPE_SHORT_LABELS: Readonly<Record<AuditType, string>> = {
  normal_audit: 'Audit',
  dd: 'Due Diligence',
  esap: 'Action Plan',
};

export const AUDIT_CATEGORIES_BY_TYPE: Readonly<Record<AuditType, readonly string[]>> = {
  normal_audit: ['EHS', 'F&LS', 'QA'],
  dd: ['Environment', 'Social', 'Governance'],
  esap: ['Environment'],
};

export const AUDIT_FORMS = ['ap', 'capa', 'mp', 'recommendation'] as const;
export type AuditForm = (typeof AUDIT_FORMS)[number];

export const AUDIT_FORM_LABELS: Readonly<Record<AuditForm, string>> = {
  ap: 'Action Plan',
  capa: 'CAPA',
  mp: 'Management Plan',
  recommendation: 'Recommendation',
};

export function formHasDueDate(form: AuditForm): boolean {
  return form !== 'recommendation';
}

export function formHasTimeline(form: AuditForm): boolean {
  return form !== 'recommendation';
}

export function formHasEsgAspect(form: AuditForm): boolean {
  return form === 'ap' || form === 'mp' || form === 'recommendation';
}

/** Area code and amount belong to CAPA only. */
export function formHasAreaCode(form: AuditForm): boolean {
  return form === 'capa';
}

export const ACTION_PLAN_CATEGORIES = [
  'environment',
  'social',
  'governance',
  'prosperity',
] as const;
export type ActionPlanCategory = (typeof ACTION_PLAN_CATEGORIES)[number];

export const ACTION_PLAN_CATEGORY_LABELS: Readonly<Record<ActionPlanCategory, string>> = {
  environment: 'Environment',
  social: 'Social',
  governance: 'Governance',
  prosperity: 'Prosperity',
};

export const ESG_ASPECTS = ['Environmental', 'Social', 'Governance'] as const;
export type EsgAspect = (typeof ESG_ASPECTS)[number];

export const CUSTOM_FIELD_TYPES = ['text', 'email', 'password', 'number', 'textarea'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export function isAuditType(value: unknown): value is AuditType {
  return typeof value === 'string' && (AUDIT_TYPES as readonly string[]).includes(value);
}

export function isAuditForm(value: unknown): value is AuditForm {
  return typeof value === 'string' && (AUDIT_FORMS as readonly string[]).includes(value);
}
