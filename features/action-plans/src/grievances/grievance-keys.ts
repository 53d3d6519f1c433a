// The grievance screens' cache keys, beside the screens that alone read and change them: kept out
// of @verity/query's shared map, which every area's first route loads (the client's portfolio sits
// at the edge of its budget; docs/decisions/0105-grievance-screens.md).
export const grievanceKeys = {
  /** Grievance logs (a company's, or the portfolio's without one), with their filters. */
  logs: (targetCompanyId?: string | null, filter?: Record<string, unknown>) =>
    [
      'grievances',
      ...(targetCompanyId === undefined ? [] : [targetCompanyId ?? 'portfolio']),
      ...(filter ? [filter] : []),
    ] as const,
  /** One grievance; without an id, every grievance held (their identities follow the viewers). */
  grievance: (grievanceId?: string) =>
    (grievanceId ? ['grievance', grievanceId] : ['grievance']) as readonly string[],
  /** A company's grievance targets and the users who see complainants' identities. */
  settings: (targetCompanyId: string) => ['grievance-settings', targetCompanyId] as const,
};
