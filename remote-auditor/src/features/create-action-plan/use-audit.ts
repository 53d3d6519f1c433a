import { useEffect, useState } from 'react';
import { getAudit } from '@verity/shared-api/calls';
import type { Audit } from '@verity/shared-api';

export type AuditState =
  { status: 'loading' } | { status: 'ready'; audit: Audit } | { status: 'error'; error: unknown };

/** Loads the audit the create page works on, again whenever the route's audit changes. */
export function useAudit(auditId: string): AuditState {
  const [state, setState] = useState<AuditState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    getAudit(auditId).then(
      (audit) => current && setState({ status: 'ready', audit }),
      (error: unknown) => current && setState({ status: 'error', error }),
    );
    return () => {
      current = false;
    };
  }, [auditId]);
  return state;
}
