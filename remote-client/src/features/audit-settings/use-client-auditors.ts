import { useEffect, useState } from 'react';
import { FAILED_FETCH_AUDITORS, type AuditorListItem } from '@verity/shared-api';
import { getAuditors, getErrorText } from '@verity/shared-api/calls';

export interface ClientAuditorsState {
  /** Undefined while loading. */
  auditors?: AuditorListItem[];
  error?: string;
}

/** The client's auditor firms, loaded while `active` (an open dialog). */
export function useClientAuditors(active: boolean): ClientAuditorsState {
  const [state, setState] = useState<ClientAuditorsState>({});
  useEffect(() => {
    if (!active) return;
    let current = true;
    setState({});
    getAuditors().then(
      (auditors) => current && setState({ auditors }),
      (error: unknown) =>
        current && setState({ auditors: [], error: getErrorText(error, FAILED_FETCH_AUDITORS) }),
    );
    return () => {
      current = false;
    };
  }, [active]);
  return state;
}
