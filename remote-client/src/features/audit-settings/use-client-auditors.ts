import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import { FAILED_FETCH_AUDITORS, type AuditorListItem } from '@verity/shared-api';
import { getAuditors, getErrorText } from '@verity/shared-api/calls';

export interface ClientAuditorsState {
  /** Undefined while loading. */
  auditors?: AuditorListItem[];
  error?: string;
}

/** The client's auditor firms, loaded while `active` (an open dialog). */
export function useClientAuditors(active: boolean): ClientAuditorsState {
  const auditors = useQuery({
    queryKey: queryKeys.auditors(),
    queryFn: () => getAuditors(),
    enabled: active,
  });
  if (auditors.isError) {
    return { auditors: [], error: getErrorText(auditors.error, FAILED_FETCH_AUDITORS) };
  }
  return { auditors: auditors.data };
}
