import type { ActionPlanStatistics, Gap, StatusKey } from '@verity/shared-api';

/**
 * The API's statistics rule (docs/decisions/0006-derived-figures.md), for gaps changed on this
 * page.
 */
export function statisticsOf(gaps: readonly Gap[]): ActionPlanStatistics {
  const totalGaps = gaps.length;
  const closedGaps = gaps.filter((gap) => gap.status === 'closed').length;
  const overdueGaps = gaps.filter((gap) => gap.displayStatus === 'overdue').length;
  const openGaps = gaps.filter(
    (gap) => gap.status === 'open' && gap.displayStatus !== 'overdue',
  ).length;
  return {
    totalGaps,
    openGaps,
    closedGaps,
    overdueGaps,
    completionPercentage: totalGaps === 0 ? 0 : Math.round((100 * closedGaps) / totalGaps),
  };
}

/** The API's overall status rule for a plan, from its gaps. */
export function overallStatusOf(gaps: readonly Gap[]): StatusKey {
  if (gaps.length === 0) return 'pending';
  if (gaps.every((gap) => gap.status === 'closed')) return 'closed';
  if (gaps.some((gap) => gap.displayStatus === 'overdue')) return 'overdue';
  if (gaps.every((gap) => gap.status === 'closed' || gap.status === 'provClosed'))
    return 'provClosed';
  return 'open';
}
