import { ESAP_FIELD_LABELS, type ChangeField } from '@verity/shared-api';
import { GAP_FORM_TEXT } from '../gap-form/gap-form-text';

/** The change history's words in the Gap Details panel and the plan's Edit Plan dialog. */
export const CHANGE_HISTORY_TEXT = {
  tab: 'Change History',
  empty: 'No changes recorded yet',
  changedTo: 'changed to',
  none: 'None',
  reason: 'Reason',
  gapCreated: 'Gap created',
  planCreated: 'Plan created',
  remarkAdded: 'Remark added',
  remarkWithdrawn: 'Remark withdrawn',
  imageWithdrawn: 'Image withdrawn',
  closureAccepted: 'Evidence accepted',
  extensionRequested: 'Extension requested',
  extensionApproved: 'Extension approved',
  extensionDeclined: 'Extension declined',
  method: 'Verification method',
  comment: 'Comment',
  visitDate: 'Site visit',
  visitedBy: 'Visited by',
  newDueDate: 'New due date',
} as const;

/** The button under a gap's newest changes while earlier ones are not shown. */
export function earlierChangesText(count: number): string {
  return count === 1 ? 'Show 1 earlier change' : `Show ${count} earlier changes`;
}

/** Each field in the words of the form that edits it (the gap form, or the plan's heading, category and timeline). */
export const CHANGE_FIELD_LABELS: Readonly<Record<ChangeField, string>> = {
  created: CHANGE_HISTORY_TEXT.gapCreated,
  KPI: GAP_FORM_TEXT.kpi,
  gapName: GAP_FORM_TEXT.gapName,
  recommendation: GAP_FORM_TEXT.recommendation,
  responsibility: GAP_FORM_TEXT.responsibility,
  actionTakenByCompany: GAP_FORM_TEXT.actionTakenByCompany,
  residualRisk: GAP_FORM_TEXT.residualRisk,
  riskSeverity: GAP_FORM_TEXT.riskSeverity,
  impactedSDGs: GAP_FORM_TEXT.impactedSdgs,
  dueDate: GAP_FORM_TEXT.dueDate,
  timeline: GAP_FORM_TEXT.timeline,
  ESGAspect: GAP_FORM_TEXT.esgAspect,
  areaCode: GAP_FORM_TEXT.areaCode,
  amount: GAP_FORM_TEXT.amount,
  fields: GAP_FORM_TEXT.customFields,
  addOns: GAP_FORM_TEXT.addOnFields,
  ...ESAP_FIELD_LABELS,
  dueMilestone: GAP_FORM_TEXT.dueMilestone,
  dueOffsetMonths: GAP_FORM_TEXT.dueOffsetMonths,
  dueOffsetDays: GAP_FORM_TEXT.dueOffsetDays,
  status: 'Status',
  remark: 'Remark',
  attachment: 'Image',
  closureReview: CHANGE_HISTORY_TEXT.closureAccepted,
  extensionRequest: CHANGE_HISTORY_TEXT.extensionRequested,
  extensionAnswer: 'Extension answered',
  actionPlanHeading: 'Heading',
  category: 'Category',
};

export function remarkAddedText(images: number): string {
  if (images <= 0) return CHANGE_HISTORY_TEXT.remarkAdded;
  return `${CHANGE_HISTORY_TEXT.remarkAdded} with ${images} ${images === 1 ? 'image' : 'images'}`;
}

/** 'Aditi Auditor · Owner · Auditor': who, in which role, of which user type. */
export function changedByText(name: string, role: string, userType: string): string {
  return [name, role, userType].join(' · ');
}
