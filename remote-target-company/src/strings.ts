// Every string the target-company area shows, so the spec's wording is checked in one place.
export const TARGET_COMPANY_PAGE_TITLES = {
  dashboard: 'Dashboard',
  users: 'Users',
  auditors: 'Auditors',
  audits: 'Audits',
  actionPlans: 'Action Plans',
  actionPlan: 'Action Plan',
} as const;
