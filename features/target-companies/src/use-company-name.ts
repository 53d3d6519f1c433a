import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import type { TargetCompany } from '@verity/shared-api';
import { getTargetCompanies } from '@verity/shared-api/calls';

export interface CompanyListSource {
  /** Loads the companies the user sees; defaults to GET /target-company (the client's list). */
  load?: () => Promise<TargetCompany[]>;
  /** The list's key, the one the companies screen of the area uses. */
  queryKey?: readonly unknown[];
}

/**
 * The name of a company the user sees, for a nested page's breadcrumb and title: read from the
 * area's companies list, which a user who clicked down has already loaded.
 */
export function useCompanyName(
  targetCompanyId: string,
  {
    load = () => getTargetCompanies(),
    queryKey = queryKeys.targetCompanies(),
  }: CompanyListSource = {},
): string | undefined {
  const query = useQuery({ queryKey, queryFn: load, enabled: Boolean(targetCompanyId) });
  return query.data?.find((company) => company.id === targetCompanyId)?.targetCompanyName;
}
