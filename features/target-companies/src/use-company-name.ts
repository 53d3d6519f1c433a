import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import type { TargetCompanyPage, TargetCompanyQuery } from '@verity/shared-api';
import { getTargetCompanies } from '@verity/shared-api/calls';

export interface CompanyListSource {
  /** Loads a page of the companies the user sees; defaults to GET /target-company (the client's list). */
  load?: (query: TargetCompanyQuery) => Promise<TargetCompanyPage>;
  /** The list's key, the one the companies screen of the area uses (without its page). */
  queryKey?: readonly unknown[];
}

/**
 * The name of a company the user sees, for a nested page's breadcrumb and title: the area's list
 * narrowed to that one company (`targetCompanyId`), loaded once for all its nested pages. A company
 * the user does not see shows as its kind in the breadcrumb, as while loading.
 */
export function useCompanyName(
  targetCompanyId: string,
  {
    load = (query) => getTargetCompanies(query),
    queryKey = queryKeys.targetCompanies(),
  }: CompanyListSource = {},
): string | undefined {
  const query = useQuery({
    queryKey: [...queryKey, { targetCompanyId }],
    queryFn: () => load({ targetCompanyId, pageSize: 1 }),
    enabled: Boolean(targetCompanyId),
  });
  return query.data?.targetCompanies.find((company) => company.id === targetCompanyId)
    ?.targetCompanyName;
}
