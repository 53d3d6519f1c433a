// Every string the auditor area shows, so the spec's wording is checked in one place.
export const AUDITOR_PAGE_TITLES = {
  targetCompanies: 'Target Companies',
  users: 'Users',
  audits: 'Audits',
  actionPlans: 'Action Plans',
  actionPlan: 'Action Plan',
  dashboard: 'Dashboard',
  createActionPlan: 'Create Action Plan',
} as const;

export const AUDITOR_TEXTS = {
  /** The companies page's link to the auditor dashboard. */
  dashboardLink: 'Dashboard',
  /** Shown in place of a screen when the signed-in user has no auditor firm. */
  noAuditorFirm: 'No auditor firm found for the current user',
} as const;

export const CREATE_ACTION_PLAN_TEXTS = {
  /** The page's h1 for a form label, e.g. 'Create CAPA'. */
  pageTitle: (formLabel: string) => `Create ${formLabel}`,
  detailsSection: (formLabel: string) => `${formLabel} Details`,
  gapSection: 'Gap Analysis',
  submit: (formLabel: string) => `Create ${formLabel}`,
  heading: 'Heading',
  headingPlaceholder: 'Enter a heading',
  timeline: 'Timeline',
  category: 'Category',
  categoryPlaceholder: 'Select Category',
  failedToLoadAudit: 'Failed to fetch the audit',
  /** Over a form filled again from the draft kept in the browser. */
  draftRestored: (savedAt: string) => `Your unsaved draft from ${savedAt} is back.`,
  discardDraft: 'Discard draft',
} as const;
