// What a change history entry can name (docs/decisions/0037-change-history-and-stale-writes.md).

/** The gap's form fields, as the Gap shape names them. */
export const GAP_FORM_CHANGE_FIELDS = [
  'KPI',
  'gapName',
  'recommendation',
  'responsibility',
  'actionTakenByCompany',
  'residualRisk',
  'riskSeverity',
  'impactedSDGs',
  'dueDate',
  'timeline',
  'ESGAspect',
  'areaCode',
  'amount',
  'fields',
  'addOns',
  'esapItemNumber',
  'requirementReferences',
  'completionIndicator',
  'timetable',
  'conditionType',
  'loanClause',
  'dueMilestone',
  'dueOffsetMonths',
  'dueOffsetDays',
  'resources',
  'esapSection',
] as const;
export type GapFormChangeField = (typeof GAP_FORM_CHANGE_FIELDS)[number];

/**
 * A gap's entries: 'created' (new value: the first values), a form field, 'status', 'remark' (added:
 * `{ remarkId, attachments }` as the new value; withdrawn: as the old value) and 'attachment' (an
 * image withdrawn: `{ remarkId, documentId }` as the old value), 'closureReview' (an acceptance:
 * ClosureReviewChangeValue as the new value), 'extensionRequest' and 'extensionAnswer' (a due-date
 * extension asked and answered: their values as the new value). No entry keeps a remark's text or a
 * file name, so a withdrawal still removes them for everyone.
 */
export const GAP_CHANGE_FIELDS = [
  'created',
  ...GAP_FORM_CHANGE_FIELDS,
  'status',
  'remark',
  'attachment',
  'closureReview',
  'extensionRequest',
  'extensionAnswer',
] as const;
export type GapChangeField = (typeof GAP_CHANGE_FIELDS)[number];

/** A plan's entries: 'created' (new value: heading, category, form type and timeline) or a field. */
export const ACTION_PLAN_CHANGE_FIELDS = [
  'created',
  'actionPlanHeading',
  'category',
  'timeline',
] as const;
export type ActionPlanChangeField = (typeof ACTION_PLAN_CHANGE_FIELDS)[number];

export const CHANGE_FIELDS = [
  ...new Set([...GAP_CHANGE_FIELDS, ...ACTION_PLAN_CHANGE_FIELDS]),
] as readonly (GapChangeField | ActionPlanChangeField)[];
export type ChangeField = GapChangeField | ActionPlanChangeField;

/** A remark added or withdrawn, as its entry keeps it. */
export interface RemarkChangeValue {
  remarkId: string;
  /** How many images it carried (added) or still carried (withdrawn). */
  attachments: number;
}

/** An image withdrawn, as its entry keeps it. */
export interface AttachmentChangeValue {
  remarkId: string;
  documentId: string;
}

/** An acceptance of closure evidence, as its entry keeps it (docs/decisions/0085-lender-sign-off.md). */
export interface ClosureReviewChangeValue {
  decision: 'accept';
  method: 'desk' | 'site';
  comment: string | null;
  visitDate: string | null;
  visitedBy: string | null;
  checkedFlags: string[];
}

/** A due-date extension asked for (docs/decisions/0086-due-date-extensions.md). */
export interface ExtensionRequestChangeValue {
  dueDate: string;
  reason: string;
}

/** A due-date extension answered. */
export interface ExtensionAnswerChangeValue {
  decision: 'approve' | 'decline';
  dueDate: string;
  comment: string | null;
}
