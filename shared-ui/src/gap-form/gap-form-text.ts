// Labels of the gap form; the spec's messages come from @verity/shared-api.
export const GAP_FORM_TEXT = {
  addGap: 'Add Gap',
  updateGap: 'Update Gap',
  cancel: 'Cancel',
  kpi: 'KPI',
  gapName: 'Gap Name',
  recommendation: 'Recommendation',
  responsibility: 'Responsibility',
  actionTakenByCompany: 'Action Taken By Company',
  residualRisk: 'Residual Risk',
  riskSeverity: 'Risk Severity',
  impactedSdgs: 'Impacted SDGs',
  dueDate: 'Due Date',
  timeline: 'Timeline',
  esgAspect: 'ESG Aspect',
  esgAspectPlaceholder: 'Select ESG Aspect',
  areaCode: 'Area Code',
  currency: 'Currency',
  amount: 'Amount',
  customFields: 'Custom Fields',
  addOnFields: 'Additional Fields',
  laterDueDateReason: 'Reason for the later due date',
  laterDueDateReasonHint: 'At least 10 characters. It is kept in the gap’s change history.',
  lenderFields: 'Lender fields (ESAP)',
  lenderFieldsHint:
    'Optional: the lender’s Environmental & Social Action Plan item this gap answers.',
  lenderFieldsSet: (count: number) => `${count} set`,
  timetableHint: 'As the ESAP words it, e.g. “Prior to first disbursement”.',
  conditionTypePlaceholder: 'No condition type',
  dueRelative: 'Due relative to a milestone',
  dueMilestone: 'Milestone',
  dueMilestoneHint: 'Financial close, First disbursement or a milestone the client names.',
  dueOffsetMonths: 'Months after',
  dueOffsetDays: 'Days after',
  loanClauseHint: 'The clause of the loan agreement this condition serves, e.g. “Clause 21.3(b)”.',
} as const;

export function sdgOptionLabel(code: string, title: string): string {
  return `${code}: ${title}`;
}
