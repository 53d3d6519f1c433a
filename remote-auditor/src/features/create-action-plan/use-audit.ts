import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import { getAudit } from '@verity/shared-api/calls';
import type { Audit } from '@verity/shared-api';

/** Loads the audit the create page works on, again whenever the route's audit changes. */
export function useAudit(auditId: string): UseQueryResult<Audit> {
  return useQuery({ queryKey: queryKeys.audit(auditId), queryFn: () => getAudit(auditId) });
}
