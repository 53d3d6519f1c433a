// The plan's ESAP revisions (docs/decisions/0083-esap-revisions.md): its current revision and each
// revision's date, author, note and differences, newest first down to the plan as first created.
// Shown once the plan has a revision; the dropped items it names are struck in the gaps table.
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import type { PlanRevisions } from '@verity/shared-api';
import { getPlanRevisions } from '@verity/shared-api/calls';

/** The plan's revisions, read once its detail says it has one (a new revision reads them again). */
export function usePlanRevisions(
  actionPlanId: string,
  targetCompanyId: string,
  currentRevision: number | undefined,
) {
  return useQuery({
    queryKey: [...queryKeys.actionPlan(actionPlanId), 'revisions', currentRevision],
    queryFn: () => getPlanRevisions(actionPlanId, targetCompanyId),
    // A plan as first created has no revision to list.
    enabled: (currentRevision ?? 0) > 0,
  });
}

/** Each dropped gap's id to the revision that dropped it, the latest dropping winning. */
export function droppedInRevision(revisions: PlanRevisions | undefined): Map<string, number> {
  const dropped = new Map<string, number>();
  for (const revision of [...(revisions?.revisions ?? [])].reverse()) {
    for (const item of revision.differences?.dropped ?? [])
      dropped.set(item.gapId, revision.number);
    for (const item of revision.differences?.changed ?? []) {
      if (item.reinstated) dropped.delete(item.gapId);
    }
  }
  return dropped;
}
