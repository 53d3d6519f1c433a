// Labels of the gap form, read when shown; the spec's messages come from @verity/shared-api.
import { t } from '../texts';

export const GAP_FORM_TEXT = {
  get addGap() {
    return t('ui.gapForm.addGap');
  },
  get updateGap() {
    return t('ui.gapForm.updateGap');
  },
  get cancel() {
    return t('ui.gapForm.cancel');
  },
  get kpi() {
    return t('ui.gapForm.kpi');
  },
  get gapName() {
    return t('ui.gapForm.gapName');
  },
  get recommendation() {
    return t('ui.gapForm.recommendation');
  },
  get responsibility() {
    return t('ui.gapForm.responsibility');
  },
  get actionTakenByCompany() {
    return t('ui.gapForm.actionTakenByCompany');
  },
  get residualRisk() {
    return t('ui.gapForm.residualRisk');
  },
  get riskSeverity() {
    return t('ui.gapForm.riskSeverity');
  },
  get impactedSdgs() {
    return t('ui.gapForm.impactedSdgs');
  },
  get dueDate() {
    return t('ui.gapForm.dueDate');
  },
  get timeline() {
    return t('ui.gapForm.timeline');
  },
  get esgAspect() {
    return t('ui.gapForm.esgAspect');
  },
  get esgAspectPlaceholder() {
    return t('ui.gapForm.esgAspectPlaceholder');
  },
  get areaCode() {
    return t('ui.gapForm.areaCode');
  },
  get currency() {
    return t('ui.gapForm.currency');
  },
  get amount() {
    return t('ui.gapForm.amount');
  },
  get customFields() {
    return t('ui.gapForm.customFields');
  },
  get addOnFields() {
    return t('ui.gapForm.addOnFields');
  },
  get laterDueDateReason() {
    return t('ui.gapForm.laterDueDateReason');
  },
  get laterDueDateReasonHint() {
    return t('ui.gapForm.laterDueDateReasonHint');
  },
  get lenderFields() {
    return t('ui.gapForm.lenderFields');
  },
  get lenderFieldsHint() {
    return t('ui.gapForm.lenderFieldsHint');
  },
  get timetableHint() {
    return t('ui.gapForm.timetableHint');
  },
  get conditionTypePlaceholder() {
    return t('ui.gapForm.conditionTypePlaceholder');
  },
  get dueRelative() {
    return t('ui.gapForm.dueRelative');
  },
  get dueMilestone() {
    return t('ui.gapForm.dueMilestone');
  },
  get dueMilestoneHint() {
    return t('ui.gapForm.dueMilestoneHint');
  },
  get dueOffsetMonths() {
    return t('ui.gapForm.dueOffsetMonths');
  },
  get dueOffsetDays() {
    return t('ui.gapForm.dueOffsetDays');
  },
  get loanClauseHint() {
    return t('ui.gapForm.loanClauseHint');
  },
  get ifcStandards() {
    return t('ui.gapForm.ifcStandards');
  },
  get ebrdRequirements() {
    return t('ui.gapForm.ebrdRequirements');
  },
  get equatorPrinciples() {
    return t('ui.gapForm.equatorPrinciples');
  },
  get otherReferences() {
    return t('ui.gapForm.otherReferences');
  },
  lenderFieldsSet: (count: number) => t('ui.gapForm.lenderFieldsSet', { count }),
} as const;

export function sdgOptionLabel(code: string, title: string): string {
  return `${code}: ${title}`;
}
