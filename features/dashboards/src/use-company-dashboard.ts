import type { ClientDashboard, TargetCompanyDashboard } from '@verity/shared-api';
import { getClientDashboard, getTargetCompanyDashboard } from '@verity/shared-api/calls';
import { useLoad, type LoadState } from '@verity/shared-ui';

export type CompanyDashboardSource = { targetCompanyId: string } | { portfolio: true };

/** Loads one company's dashboard, or the client's over its whole portfolio. */
export function useCompanyDashboard(
  source: CompanyDashboardSource,
): LoadState<TargetCompanyDashboard | ClientDashboard> {
  const portfolio = 'portfolio' in source;
  const targetCompanyId = portfolio ? undefined : source.targetCompanyId;
  const { state } = useLoad<TargetCompanyDashboard | ClientDashboard>(
    () =>
      targetCompanyId === undefined
        ? getClientDashboard()
        : getTargetCompanyDashboard(targetCompanyId),
    portfolio ? 'portfolio' : `company:${targetCompanyId}`,
  );
  return state;
}
