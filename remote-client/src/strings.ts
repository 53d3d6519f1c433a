// Every string the client area shows, so the spec's wording is checked in one place.
export const CLIENT_PAGE_TITLES = {
  dashboard: 'Dashboard',
  users: 'Users',
  auditors: 'Auditors',
  targetCompanies: 'Target Companies',
  companyAuditors: 'Company Auditors',
  audits: 'Audits',
  actionPlans: 'Action Plans',
  actionPlan: 'Action Plan',
  manageTargetCompany: 'Manage Target Company',
  companyDashboard: 'Company Dashboard',
} as const;

export const MANAGE_TARGET_COMPANY_PLACEHOLDER = 'Managing a target company is coming soon.';
