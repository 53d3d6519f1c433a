import { textRecord } from '../text-records';

export const AUDIT_TYPES = ['normal_audit', 'dd', 'esap'] as const;
export type AuditType = (typeof AUDIT_TYPES)[number];

export const AUDIT_TYPE_LABELS: Readonly<Record<AuditType, string>> = textRecord({
  normal_audit: 'contract.auditType.normalAudit',
  dd: 'contract.auditType.dd',
  esap: 'contract.auditType.esap',
});

/** The alternative wording the spec uses in some places: 'Audit' and 'Action Plan'. */
export const AUDIT_TYPE_SHORT_LABELS: Readonly<Record<AuditType, string>> = textRecord({
  normal_audit: 'contract.auditTypeShort.normalAudit',
  dd: 'contract.auditTypeShort.dd',
  esap: 'contract.auditTypeShort.esap',
});

export const AUDIT_CATEGORIES_BY_TYPE: Readonly<Record<AuditType, readonly string[]>> = {
  normal_audit: ['EHS', 'F&LS', 'QA'],
  dd: ['Environment', 'Social', 'Governance'],
  esap: ['Environment'],
};

export const AUDIT_FORMS = ['ap', 'capa', 'mp', 'recommendation'] as const;
export type AuditForm = (typeof AUDIT_FORMS)[number];

export const AUDIT_FORM_LABELS: Readonly<Record<AuditForm, string>> = textRecord({
  ap: 'contract.auditForm.ap',
  capa: 'contract.auditForm.capa',
  mp: 'contract.auditForm.mp',
  recommendation: 'contract.auditForm.recommendation',
});

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

export const ACTION_PLAN_CATEGORY_LABELS: Readonly<Record<ActionPlanCategory, string>> = textRecord(
  {
    environment: 'contract.actionPlanCategory.environment',
    social: 'contract.actionPlanCategory.social',
    governance: 'contract.actionPlanCategory.governance',
    prosperity: 'contract.actionPlanCategory.prosperity',
  },
);

/**
 * An audit's category as the screens name it: Environment, Social and Governance in the language in
 * use (the action plans' words for them); EHS, F&LS and QA, and any other, as stored.
 */
export function auditCategoryLabel(category: string): string {
  const key = category.toLowerCase();
  return key === 'environment' || key === 'social' || key === 'governance'
    ? ACTION_PLAN_CATEGORY_LABELS[key]
    : category;
}

export const ESG_ASPECTS = ['Environmental', 'Social', 'Governance'] as const;
export type EsgAspect = (typeof ESG_ASPECTS)[number];
/** The ESG aspects as the screens name them, in the language in use; the stored values stay English. */
export const ESG_ASPECT_LABELS: Readonly<Record<EsgAspect, string>> = textRecord({
  Environmental: 'contract.esgAspect.Environmental',
  Social: 'contract.esgAspect.Social',
  Governance: 'contract.esgAspect.Governance',
});

export const CUSTOM_FIELD_TYPES = ['text', 'email', 'password', 'number', 'textarea'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export function isAuditType(value: unknown): value is AuditType {
  return typeof value === 'string' && (AUDIT_TYPES as readonly string[]).includes(value);
}

export function isAuditForm(value: unknown): value is AuditForm {
  return typeof value === 'string' && (AUDIT_FORMS as readonly string[]).includes(value);
}
