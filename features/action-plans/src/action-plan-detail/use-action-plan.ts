import { useCallback, useEffect, useState } from 'react';
import { getErrorStatus } from '@verity/session';
import type { Gap } from '@verity/shared-api';
import type { ActionPlanDetail } from '@verity/shared-api';
import { getActionPlan } from '@verity/shared-api/calls';
import { overallStatusOf, statisticsOf } from './plan-figures';

export type ActionPlanState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; detail: ActionPlanDetail };

export interface ActionPlanHandle {
  state: ActionPlanState;
  /** Puts a new gap at the front of the list. */
  addGap(gap: Gap): void;
  /** Merges a changed gap into the list (an edit, a status change, a remark). */
  mergeGap(gap: Gap): void;
}

/** One plan with its statistics and gaps; local changes recompute the figures with the API's rules. */
export function useActionPlan(actionPlanId: string, targetCompanyId: string): ActionPlanHandle {
  const [state, setState] = useState<ActionPlanState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    getActionPlan(actionPlanId, targetCompanyId).then(
      (detail) => {
        if (!current) return;
        setState(detail.actionPlan ? { status: 'ready', detail } : { status: 'not-found' });
      },
      (error: unknown) => {
        if (!current) return;
        setState(
          getErrorStatus(error) === 404 ? { status: 'not-found' } : { status: 'error', error },
        );
      },
    );
    return () => {
      current = false;
    };
  }, [actionPlanId, targetCompanyId]);

  const updateGaps = useCallback((change: (gaps: Gap[]) => Gap[]) => {
    setState((previous) => {
      if (previous.status !== 'ready') return previous;
      const gaps = change(previous.detail.gaps);
      return {
        status: 'ready',
        detail: {
          actionPlan: { ...previous.detail.actionPlan, overallStatus: overallStatusOf(gaps) },
          statistics: statisticsOf(gaps),
          gaps,
        },
      };
    });
  }, []);

  const addGap = useCallback((gap: Gap) => updateGaps((gaps) => [gap, ...gaps]), [updateGaps]);
  const mergeGap = useCallback(
    (gap: Gap) =>
      updateGaps((gaps) => gaps.map((item) => (item.id === gap.id ? { ...item, ...gap } : item))),
    [updateGaps],
  );

  return { state, addGap, mergeGap };
}
