// Every string the auditor area shows, so the spec's wording is checked in one place.
export const AUDITOR_PAGE_TITLES = {
  targetCompanies: 'Target Companies',
  users: 'Users',
  audits: 'Audits',
  actionPlans: 'Action Plans',
  actionPlan: 'Action Plan',
  createActionPlan: 'Create Action Plan',
} as const;
