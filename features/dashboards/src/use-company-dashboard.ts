import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import type { ClientDashboard, TargetCompanyDashboard } from '@verity/shared-api';
import { getClientDashboard, getTargetCompanyDashboard } from '@verity/shared-api/calls';

export type CompanyDashboardSource = { targetCompanyId: string } | { portfolio: true };

/** Loads one company's dashboard, or the client's over its whole portfolio. */
export function useCompanyDashboard(
  source: CompanyDashboardSource,
): UseQueryResult<TargetCompanyDashboard | ClientDashboard> {
  const portfolio = 'portfolio' in source;
  const targetCompanyId = portfolio ? undefined : source.targetCompanyId;
  return useQuery<TargetCompanyDashboard | ClientDashboard>({
    queryKey: queryKeys.dashboard(portfolio ? { portfolio: 'all' } : { targetCompanyId }),
    queryFn: () =>
      targetCompanyId === undefined
        ? getClientDashboard()
        : getTargetCompanyDashboard(targetCompanyId),
  });
}
