import { ESAP_FIELD_LABELS, ESAP_FIELD_TEXT, type ChangeField } from '@verity/shared-api';
import { GAP_FORM_TEXT } from '../gap-form/gap-form-text';
import { t } from '../texts';

/** The change history's words in the Gap Details panel and the plan's Edit Plan dialog, read when shown. */
export const CHANGE_HISTORY_TEXT = {
  get tab() {
    return t('ui.changeHistory.tab');
  },
  get empty() {
    return t('ui.changeHistory.empty');
  },
  get changedTo() {
    return t('ui.changeHistory.changedTo');
  },
  get none() {
    return t('ui.changeHistory.none');
  },
  get reason() {
    return t('ui.changeHistory.reason');
  },
  get gapCreated() {
    return t('ui.changeHistory.gapCreated');
  },
  get planCreated() {
    return t('ui.changeHistory.planCreated');
  },
  get remarkAdded() {
    return t('ui.changeHistory.remarkAdded');
  },
  get remarkWithdrawn() {
    return t('ui.changeHistory.remarkWithdrawn');
  },
  get imageWithdrawn() {
    return t('ui.changeHistory.imageWithdrawn');
  },
  get closureAccepted() {
    return t('ui.changeHistory.closureAccepted');
  },
  get extensionRequested() {
    return t('ui.changeHistory.extensionRequested');
  },
  get extensionApproved() {
    return t('ui.changeHistory.extensionApproved');
  },
  get extensionDeclined() {
    return t('ui.changeHistory.extensionDeclined');
  },
  get method() {
    return t('ui.changeHistory.method');
  },
  get comment() {
    return t('ui.changeHistory.comment');
  },
  get visitDate() {
    return t('ui.changeHistory.visitDate');
  },
  get visitedBy() {
    return t('ui.changeHistory.visitedBy');
  },
  get newDueDate() {
    return t('ui.changeHistory.newDueDate');
  },
} as const;

/** 'Reason: …': a detail's label before its text. */
export function labelledText(label: string): string {
  return t('ui.changeHistory.labelled', { label });
}

/** The button under a gap's newest changes while earlier ones are not shown. */
export function earlierChangesText(count: number): string {
  return t('ui.changeHistory.earlierChanges', { count });
}

/** Each field's label, read when shown. */
const FIELD_LABELS: Readonly<Record<ChangeField, () => string>> = {
  created: () => CHANGE_HISTORY_TEXT.gapCreated,
  KPI: () => GAP_FORM_TEXT.kpi,
  gapName: () => GAP_FORM_TEXT.gapName,
  recommendation: () => GAP_FORM_TEXT.recommendation,
  responsibility: () => GAP_FORM_TEXT.responsibility,
  actionTakenByCompany: () => GAP_FORM_TEXT.actionTakenByCompany,
  residualRisk: () => GAP_FORM_TEXT.residualRisk,
  riskSeverity: () => GAP_FORM_TEXT.riskSeverity,
  impactedSDGs: () => GAP_FORM_TEXT.impactedSdgs,
  dueDate: () => GAP_FORM_TEXT.dueDate,
  timeline: () => GAP_FORM_TEXT.timeline,
  ESGAspect: () => GAP_FORM_TEXT.esgAspect,
  areaCode: () => GAP_FORM_TEXT.areaCode,
  amount: () => GAP_FORM_TEXT.amount,
  fields: () => GAP_FORM_TEXT.customFields,
  addOns: () => GAP_FORM_TEXT.addOnFields,
  ...(Object.fromEntries(
    Object.keys(ESAP_FIELD_LABELS).map((field) => [
      field,
      () => ESAP_FIELD_TEXT[field as keyof typeof ESAP_FIELD_LABELS],
    ]),
  ) as Record<keyof typeof ESAP_FIELD_LABELS, () => string>),
  dueMilestone: () => GAP_FORM_TEXT.dueMilestone,
  dueOffsetMonths: () => GAP_FORM_TEXT.dueOffsetMonths,
  dueOffsetDays: () => GAP_FORM_TEXT.dueOffsetDays,
  status: () => t('ui.changeHistory.fieldStatus'),
  remark: () => t('ui.changeHistory.fieldRemark'),
  attachment: () => t('ui.changeHistory.fieldAttachment'),
  closureReview: () => CHANGE_HISTORY_TEXT.closureAccepted,
  extensionRequest: () => CHANGE_HISTORY_TEXT.extensionRequested,
  extensionAnswer: () => t('ui.changeHistory.fieldExtensionAnswer'),
  actionPlanHeading: () => t('ui.changeHistory.fieldHeading'),
  category: () => t('ui.changeHistory.fieldCategory'),
};

/** Each field in the words of the form that edits it (the gap form, or the plan's heading, category and timeline). */
export const CHANGE_FIELD_LABELS: Readonly<Record<ChangeField, string>> = Object.defineProperties(
  {} as Record<ChangeField, string>,
  Object.fromEntries(
    Object.entries(FIELD_LABELS).map(([field, read]) => [field, { get: read, enumerable: true }]),
  ),
);

export function remarkAddedText(images: number): string {
  if (images <= 0) return CHANGE_HISTORY_TEXT.remarkAdded;
  return t('ui.changeHistory.remarkAddedWithImages', { count: images });
}

/** 'Aditi Auditor · Owner · Auditor': who, in which role, of which user type. */
export function changedByText(name: string, role: string, userType: string): string {
  return [name, role, userType].join(' · ');
}
