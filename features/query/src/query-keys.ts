// The names of what the screens load, one place for all, so the screen that changes data tells the
// screens that show it to load again (`queryClient.invalidateQueries({ queryKey: ... })`). A key
// with fewer parts matches every more specific one: `queryKeys.audits()` covers all audit lists.

type Filter = Record<string, string | undefined>;

export const queryKeys = {
  targetCompanies: (filter: Filter = {}) => ['target-companies', filter] as const,
  companyAuditors: (targetCompanyId?: string) =>
    ['company-auditors', ...(targetCompanyId ? [targetCompanyId] : [])] as const,
  auditors: () => ['auditors'] as const,
  audits: (filter: Filter = {}) => ['audits', filter] as const,
  actionPlans: (filter: Filter = {}) => ['action-plans', filter] as const,
  actionPlan: (actionPlanId?: string) =>
    ['action-plan', ...(actionPlanId ? [actionPlanId] : [])] as const,
  users: (userType?: string, filter: Filter = {}) =>
    ['users', ...(userType ? [userType, filter] : [])] as const,
  dashboard: (filter: Filter = {}) => ['dashboard', filter] as const,
  audit: (auditId?: string) => ['audit', ...(auditId ? [auditId] : [])] as const,
};
