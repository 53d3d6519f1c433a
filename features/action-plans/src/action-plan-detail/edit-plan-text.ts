// The words of the plan's 'Edit Plan' dialog; the rules' messages come from @verity/shared-api.
export const EDIT_PLAN_TEXT = {
  editPlan: 'Edit Plan',
  heading: 'Heading',
  category: 'Category',
  categoryPlaceholder: 'Select Category',
  timeline: 'Timeline',
  laterTimelineReason: 'Reason for the later timeline',
  laterTimelineReasonHint: 'At least 10 characters. It is kept in the plan’s change history.',
  cancel: 'Cancel',
  save: 'Update Plan',
  saved: 'Action plan updated',
} as const;
