import { useEffect, useState } from 'react';
import type { ActionPlanWithGaps } from '@verity/shared-api';
import { getActionPlans } from '@verity/shared-api';

export type ActionPlansState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; actionPlans: ActionPlanWithGaps[] };

/** An audit's action plans with their gaps; reloads when the audit or company changes. */
export function useActionPlans(auditId: string, targetCompanyId: string): ActionPlansState {
  const [state, setState] = useState<ActionPlansState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    getActionPlans(auditId, { targetCompanyId }).then(
      (actionPlans) => current && setState({ status: 'ready', actionPlans }),
      (error: unknown) => current && setState({ status: 'error', error }),
    );
    return () => {
      current = false;
    };
  }, [auditId, targetCompanyId]);

  return state;
}
