import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import { MESSAGES, LIST_MAX_PAGE_SIZE, type AuditorListItem } from '@verity/shared-api';
import { getAuditors, getErrorText } from '@verity/shared-api/calls';

export interface ClientAuditorsState {
  /** Undefined while loading. */
  auditors?: AuditorListItem[];
  error?: string;
}

/**
 * The client's auditor firms for a dialog's choice, loaded while `active` (an open dialog): the
 * LIST_MAX_PAGE_SIZE most recently engaged, one page of the most.
 */
export function useClientAuditors(active: boolean): ClientAuditorsState {
  const auditors = useQuery({
    queryKey: queryKeys.auditors({ pageSize: String(LIST_MAX_PAGE_SIZE) }),
    queryFn: async () => (await getAuditors({ pageSize: LIST_MAX_PAGE_SIZE })).auditors,
    enabled: active,
  });
  if (auditors.isError) {
    return { auditors: [], error: getErrorText(auditors.error, MESSAGES.FAILED_FETCH_AUDITORS) };
  }
  return { auditors: auditors.data };
}
