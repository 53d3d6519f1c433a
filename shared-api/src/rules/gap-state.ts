// The rules of a gap's state (docs/decisions/0006-derived-figures.md), as the browser applies them to
// the gaps it holds while it updates a plan's figures before the API answers. Each is the twin of one
// SQL function of the API's migration 0038 (gap_rules), where the API decides; the API's test
// (api/test/db/gap-rules.test.ts) runs the same cases through both and asserts they agree.
import type { ActionPlanStatistics } from '../contract/action-plans';
import type { StatusKey } from '../domain/status';

/** `gap_is_closed`. */
export const gapIsClosed = (status: string): boolean => status === 'closed';

/** `gap_is_prov_closed`. */
export const gapIsProvClosed = (status: string): boolean => status === 'provClosed';

/** `gap_is_pending_review`: closure requested, waiting for its review. */
export const gapIsPendingReview = (status: string): boolean => status === 'pending';

/** `gap_in_figures` (migration 0041): every gap but an ESAP item dropped by a revision of its plan. */
export const gapInFigures = (status: string): boolean => status !== 'dropped';

/** `gap_can_be_overdue`: open or provisionally closed. */
export const gapCanBeOverdue = (status: string): boolean =>
  status === 'open' || status === 'provClosed';

/** `gap_is_overdue`: in a status that can be overdue, and its due date passed before `at`. */
export const gapIsOverdue = (status: string, due: Date | null, at: Date): boolean =>
  gapCanBeOverdue(status) && due !== null && due.getTime() < at.getTime();

/** `completion_percentage`: the closed share of the gaps in whole percent, 0 with no gaps. */
export const completionPercentage = (closed: number, total: number): number =>
  total === 0 ? 0 : Math.round((100 * closed) / total);

/** `plan_overall_status`: a plan's overall status from its gap counts. */
export function planOverallStatus(
  total: number,
  closed: number,
  provClosed: number,
  overdue: number,
): StatusKey {
  if (total === 0) return 'pending';
  if (closed === total) return 'closed';
  if (overdue > 0) return 'overdue';
  if (closed + provClosed === total) return 'provClosed';
  return 'open';
}

/** A gap as a plan's figures count it: its stored status and whether it is shown overdue. */
export interface CountedGap {
  status: string;
  displayStatus: string;
}

const isShownOverdue = (gap: CountedGap) => gap.displayStatus === 'overdue';

/** The plan statistics of `planStatisticsSql` (API), over gaps whose overdue the API decided. */
export function planStatistics(all: readonly CountedGap[]): ActionPlanStatistics {
  const gaps = all.filter((gap) => gapInFigures(gap.status));
  const totalGaps = gaps.length;
  const closedGaps = gaps.filter((gap) => gapIsClosed(gap.status)).length;
  return {
    totalGaps,
    openGaps: gaps.filter(
      (gap) => (gap.status === 'open' || gapIsPendingReview(gap.status)) && !isShownOverdue(gap),
    ).length,
    closedGaps,
    overdueGaps: gaps.filter(isShownOverdue).length,
    completionPercentage: completionPercentage(closedGaps, totalGaps),
  };
}

/** The plan's overall status of `planOverallStatusSql` (API), over gaps whose overdue the API decided. */
export const planStatus = (all: readonly CountedGap[]): StatusKey => {
  const gaps = all.filter((gap) => gapInFigures(gap.status));
  return planOverallStatus(
    gaps.length,
    gaps.filter((gap) => gapIsClosed(gap.status)).length,
    gaps.filter((gap) => gapIsProvClosed(gap.status)).length,
    gaps.filter(isShownOverdue).length,
  );
};
