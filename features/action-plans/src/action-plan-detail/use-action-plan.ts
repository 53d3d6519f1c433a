import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import { planStatistics, planStatus } from '@verity/shared-api';
import type { ActionPlan, ChangeEntry, Gap } from '@verity/shared-api';
import type { ActionPlanDetail } from '@verity/shared-api';
import { getActionPlan } from '@verity/shared-api/calls';
import { isNotFound } from '@verity/shared-ui';

export type ActionPlanState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; detail: ActionPlanDetail };

export interface ActionPlanHandle {
  state: ActionPlanState;
  /** Puts a new gap at the front of the list (once, if the list holds it already). */
  addGap(gap: Gap): void;
  /** Merges a changed gap into the list (an edit, a status change, a remark). */
  mergeGap(gap: Gap): void;
  /** Puts the plan as an edit left it (heading, category, timeline, version) and its history in place. */
  mergePlan(edit: { actionPlan: ActionPlan; changeHistory: ChangeEntry[] }): void;
}

/** Where one plan is kept: under `queryKeys.actionPlan(id)`, with the company it is read for. */
function planKey(actionPlanId: string, targetCompanyId: string) {
  return [...queryKeys.actionPlan(actionPlanId), { targetCompanyId }] as const;
}

/**
 * The plan, or null when the API has no such plan (a 404, an id that is not one, or an answer
 * without the plan).
 */
async function loadActionPlan(
  actionPlanId: string,
  targetCompanyId: string,
): Promise<ActionPlanDetail | null> {
  try {
    const detail = await getActionPlan(actionPlanId, targetCompanyId);
    return detail.actionPlan ? detail : null;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** One plan with its statistics and gaps; local changes recompute the figures with the API's rules. */
export function useActionPlan(actionPlanId: string, targetCompanyId: string): ActionPlanHandle {
  const queryClient = useQueryClient();
  const plan = useQuery({
    queryKey: planKey(actionPlanId, targetCompanyId),
    queryFn: () => loadActionPlan(actionPlanId, targetCompanyId),
  });

  const state: ActionPlanState = plan.isPending
    ? { status: 'loading' }
    : plan.isError
      ? { status: 'error', error: plan.error }
      : plan.data === null
        ? { status: 'not-found' }
        : { status: 'ready', detail: plan.data };

  const updateGaps = useCallback(
    (change: (gaps: Gap[]) => Gap[]) => {
      queryClient.setQueryData<ActionPlanDetail | null>(
        planKey(actionPlanId, targetCompanyId),
        (previous) => {
          if (!previous) return previous;
          const gaps = change(previous.gaps);
          return {
            ...previous,
            actionPlan: { ...previous.actionPlan, overallStatus: planStatus(gaps) },
            statistics: planStatistics(gaps),
            gaps,
          };
        },
      );
      // The audit's plan list shows the gaps and the plan's status too.
      void queryClient.invalidateQueries({ queryKey: queryKeys.actionPlans() });
    },
    [queryClient, actionPlanId, targetCompanyId],
  );

  // The plan may have been read again with the gap already in it (a live update of its creation can
  // come before the creation's own answer): a gap is listed once.
  const addGap = useCallback(
    (gap: Gap) => updateGaps((gaps) => [gap, ...gaps.filter((item) => item.id !== gap.id)]),
    [updateGaps],
  );
  const mergeGap = useCallback(
    (gap: Gap) =>
      updateGaps((gaps) => gaps.map((item) => (item.id === gap.id ? { ...item, ...gap } : item))),
    [updateGaps],
  );

  const mergePlan = useCallback(
    ({ actionPlan, changeHistory }: { actionPlan: ActionPlan; changeHistory: ChangeEntry[] }) => {
      queryClient.setQueryData<ActionPlanDetail | null>(
        planKey(actionPlanId, targetCompanyId),
        (previous) =>
          previous && {
            ...previous,
            actionPlan: { ...actionPlan, overallStatus: planStatus(previous.gaps) },
            changeHistory,
          },
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.actionPlans() });
    },
    [queryClient, actionPlanId, targetCompanyId],
  );

  return { state, addGap, mergeGap, mergePlan };
}
