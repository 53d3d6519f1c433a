// The names of what the screens load, one place for all, so the screen that changes data tells the
// screens that show it to load again (`queryClient.invalidateQueries({ queryKey: ... })`). A key
// with fewer parts matches every more specific one: `queryKeys.audits()` covers all audit lists.

type Filter = Record<string, string | undefined>;

/** `[name]` for all of a kind, `[name, id]` for one. */
const one = (name: string, id?: string) => (id ? [name, id] : [name]) as readonly string[];

export const queryKeys = {
  targetCompanies: (filter: Filter = {}) => ['target-companies', filter] as const,
  companyAuditors: (targetCompanyId?: string, filter?: Filter) =>
    [...one('company-auditors', targetCompanyId), ...(filter ? [filter] : [])] as const,
  auditors: (filter?: Filter) =>
    filter ? (['auditors', filter] as const) : (['auditors'] as const),
  audits: (filter: Filter = {}) => ['audits', filter] as const,
  actionPlans: (filter: Filter = {}) => ['action-plans', filter] as const,
  actionPlan: (actionPlanId?: string) => one('action-plan', actionPlanId),
  /** The signed-in company user's open gaps ("My actions"). */
  myActions: () => ['my-actions'] as const,
  users: (userType?: string, filter: Filter = {}) =>
    ['users', ...(userType ? [userType, filter] : [])] as const,
  /** The organisation's users held back at sign-in (read from the identity provider). */
  signInLimits: (userType: string, targetCompanyId?: string) =>
    ['sign-in-limits', userType, ...(targetCompanyId ? [targetCompanyId] : [])] as const,
  dashboard: (filter: Filter = {}) => ['dashboard', filter] as const,
  /** The portfolio's figures, and (with a filter) pages of its gap explorer. */
  portfolio: (filter?: Record<string, unknown>) =>
    filter ? (['portfolio', filter] as const) : (['portfolio'] as const),
  audit: (auditId?: string) => one('audit', auditId),
  clientSettings: () => ['client-settings'] as const,
  /** A company's monitoring reports and rule, one report, and the client's report states. */
  monitoringReports: (targetCompanyId?: string) =>
    ['monitoring-reports', ...(targetCompanyId ? [targetCompanyId] : [])] as const,
  monitoringReport: (reportId: string) => ['monitoring-reports', 'report', reportId] as const,
  reportPortfolio: () => ['monitoring-reports', 'portfolio'] as const,
  /** Incident registers (a company's, or the portfolio's without one), with their filters. */
  incidents: (targetCompanyId?: string | null, filter?: Record<string, unknown>) =>
    [
      'incidents',
      ...(targetCompanyId === undefined ? [] : [targetCompanyId ?? 'portfolio']),
      ...(filter ? [filter] : []),
    ] as const,
  incident: (incidentId: string) => ['incident', incidentId] as const,
  /** The incidents a gap is a corrective action of. */
  gapIncidents: (gapId: string) => ['incident', 'gap', gapId] as const,
  incidentClocks: () => ['incident-clocks'] as const,
};

/**
 * The header bell's queries, in the shell's own query client: the shell reads them, and each area's
 * live updates invalidate them when the API says the bell has something new
 * (docs/decisions/0107-the-bell-live.md).
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: () => ['notifications', 'unread-count'] as const,
  list: () => ['notifications', 'list'] as const,
};
