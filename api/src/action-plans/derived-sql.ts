// The derived figures of docs/decisions/0006-derived-figures.md, as SQL computed at read time.

// Each rule is one SQL function of migration 0038 (gap_rules); this file only calls them.
import { GAP_STORED_STATUSES, gapCanBeOverdue } from '@verity/shared-api/src/server';

/**
 * The stored statuses a gap can be overdue in, for `gapDisplayStatusInSql`: by the browser's twin of
 * `gap_can_be_overdue` (api/test/db/gap-rules.test.ts holds them equal).
 */
const CAN_BE_OVERDUE: readonly string[] = GAP_STORED_STATUSES.filter(gapCanBeOverdue);

/**
 * True when the gap aliased `g` is overdue (`gap_is_overdue`). `now` is SQL for the moment asked
 * about: the transaction's now(), or the notification scan's clock.
 */
export const gapOverdueSql = (g: string, now = 'now()') =>
  `gap_is_overdue(${g}.status, ${g}.due_date, ${now})`;

/** True when the gap aliased `g` is in a status that can be overdue (`gap_can_be_overdue`). */
export const gapCanBeOverdueSql = (g: string) => `gap_can_be_overdue(${g}.status)`;

/**
 * True when the gap aliased `g` came overdue in [`since`, `until`) (`gap_came_overdue`): what a
 * reader adds to a count kept "as of" `since`.
 */
export const gapCameOverdueSql = (g: string, since: string, until = 'now()') =>
  `gap_came_overdue(${g}.status, ${g}.due_date, ${since}, ${until})`;

/** The moment after which the gap aliased `g` is overdue, if it can be (`gap_overdue_after`). */
export const gapOverdueAfterSql = (g: string) => `gap_overdue_after(${g}.due_date)`;

/** The gap's status as shown: 'overdue' when overdue, else what was set. */
export const gapDisplayStatusSql = (g: string) =>
  `gap_display_status(${g}.status, ${g}.due_date, now())`;

/**
 * True when the gap aliased `g` is shown with one of `statuses` (`gapDisplayStatusSql`), written on
 * the stored status and due date rather than on the CASE, so that the planner can use their indexes.
 * A stored status shown whole (one that cannot be overdue, or asked for with 'overdue' too) is one
 * term of a `status IN` list.
 */
export function gapDisplayStatusInSql(g: string, statuses: readonly string[]): string {
  const asked = new Set(statuses);
  const quoted = (status: string) => `'${status.replace(/'/g, "''")}'`;
  const whole = [...asked].filter(
    (status) => status !== 'overdue' && (!CAN_BE_OVERDUE.includes(status) || asked.has('overdue')),
  );
  const terms = whole.length > 0 ? [`${g}.status IN (${whole.map(quoted).join(', ')})`] : [];
  for (const status of asked) {
    if (status === 'overdue') {
      if (!CAN_BE_OVERDUE.every((stored) => whole.includes(stored))) terms.push(gapOverdueSql(g));
    } else if (!whole.includes(status)) {
      terms.push(`(${g}.status = ${quoted(status)} AND NOT ${gapOverdueSql(g)})`);
    }
  }
  return `(${terms.join(' OR ')})`;
}

/**
 * How many gaps of those aliased `g` count in a plan's figures (`gap_in_figures`, migration 0041): an
 * item dropped by a revision of the ESAP counts in none.
 */
export const planTotalSql = (g: string) =>
  `count(${g}.id) FILTER (WHERE gap_in_figures(${g}.status))`;

/** A plan's overall status, aggregated over its gaps aliased `g` (LEFT JOINed, so none gives 'pending'). */
export const planOverallStatusSql = (g: string) => `plan_overall_status(${planTotalSql(g)},
    count(${g}.id) FILTER (WHERE gap_is_closed(${g}.status)),
    count(${g}.id) FILTER (WHERE gap_is_prov_closed(${g}.status)),
    count(${g}.id) FILTER (WHERE ${gapOverdueSql(g)}))`;

/** The plan statistics, aggregated over the gaps aliased `g`; provisionally closed gaps count in the total only. */
export const planStatisticsSql = (g: string) => `
    ${planTotalSql(g)}::int AS "totalGaps",
    (count(${g}.id) FILTER (WHERE (${g}.status = 'open' OR gap_is_pending_review(${g}.status))
      AND NOT ${gapOverdueSql(g)}))::int AS "openGaps",
    (count(${g}.id) FILTER (WHERE gap_is_closed(${g}.status)))::int AS "closedGaps",
    (count(${g}.id) FILTER (WHERE ${gapOverdueSql(g)}))::int AS "overdueGaps",
    completion_percentage(count(${g}.id) FILTER (WHERE gap_is_closed(${g}.status)), ${planTotalSql(g)})
      AS "completionPercentage"`;

/**
 * A LATERAL join naming `od` the overdue gaps of the plan aliased `ap` (`overdue`) and, of those, the
 * open ones (`overdue_open`), for a plan whose stored summary `s` (action_plan_summaries) is joined:
 * its gaps are read only when its earliest not-closed due date has passed, and then only its
 * overdue ones, from the partial index on not-closed gaps by due date.
 */
export const planOverdueJoinSql = (ap: string, s: string, od = 'od') => `LEFT JOIN LATERAL (
    SELECT count(*)::int AS overdue, (count(*) FILTER (WHERE o.status = 'open'))::int AS overdue_open
    FROM gaps o WHERE ${s}.earliest_open_due < now() AND o.action_plan_id = ${ap}.id
      AND ${gapOverdueSql('o')}
  ) ${od} ON true`;

/**
 * `planOverallStatusSql` of a plan from its stored summary `s` and its overdue counts `od`, with the
 * closed rules the plan counts use (`plan_is_closed`, `plan_is_prov_closed`, migration 0032).
 */
export const planSummaryStatusSql = (s: string, od = 'od') =>
  `plan_overall_status(${s}.total, ${s}.closed, ${s}.prov_closed, ${od}.overdue)`;

/**
 * `planOverallStatusSql` (as overall_status) and `planStatisticsSql` of a plan from its stored
 * summary `s` and its overdue counts `od` (`planOverdueJoinSql`) instead of its gaps: the same figures,
 * as the summaries count every gap by stored status (pending gaps count in the total and as open).
 */
export const planSummaryFiguresSql = (
  s: string,
  od = 'od',
) => `${planSummaryStatusSql(s, od)} AS overall_status,
    ${s}.total AS "totalGaps",
    (${s}.total - ${s}.closed - ${s}.prov_closed - ${od}.overdue_open)::int AS "openGaps",
    ${s}.closed AS "closedGaps",
    ${od}.overdue AS "overdueGaps",
    completion_percentage(${s}.closed, ${s}.total) AS "completionPercentage"`;
