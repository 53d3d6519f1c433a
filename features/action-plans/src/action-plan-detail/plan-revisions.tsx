// The plan's ESAP revisions (docs/decisions/0083-esap-revisions.md): its current revision and each
// revision's date, author, note and differences, newest first down to the plan as first created.
// Shown once the plan has a revision; the dropped items it names are struck in the gaps table.
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import {
  ESAP_REVISION_SCREEN as text,
  revisionLabel,
  type PlanRevisions,
} from '@verity/shared-api';
import { getPlanRevisions } from '@verity/shared-api/calls';
import { RevisionDifferences, formatDate } from '@verity/shared-ui';

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

export function PlanRevisionsSection({ revisions }: { revisions: PlanRevisions }) {
  if (revisions.currentRevision === 0) return null;
  return (
    <section className="vui-plan-revisions" aria-labelledby="vui-plan-revisions-title">
      <div className="vui-plan-revisions__header">
        <h2 id="vui-plan-revisions-title" className="vui-plan-revisions__title">
          {text.revisionsTitle}
        </h2>
        <p className="vui-plan-revisions__current">
          {text.currentRevision(revisions.currentRevision)}
        </p>
      </div>
      <ol className="vui-plan-revisions__list">
        {revisions.revisions.map((revision) => (
          <li key={revision.number} className="vui-plan-revisions__item">
            <details open={revision.number === revisions.currentRevision}>
              <summary>
                <strong>{revisionLabel(revision.number)}</strong>{' '}
                <span>{formatDate(revision.createdAt, 'table')}</span>
                {revision.createdBy.name ? <span> {text.by(revision.createdBy.name)}</span> : null}
                {revision.number === 0 ? <span> · {text.original}</span> : null}
                {revision.note ? (
                  <span className="vui-plan-revisions__note"> · {revision.note}</span>
                ) : null}
              </summary>
              {revision.differences ? (
                <RevisionDifferences
                  differences={revision.differences}
                  idPrefix={`vui-revision-${revision.number}`}
                />
              ) : null}
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}
