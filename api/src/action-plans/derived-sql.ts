// The derived figures of docs/decisions/0006-derived-figures.md, as SQL computed at read time.

/** The stored statuses a gap can be overdue in (`gapCanBeOverdueSql`). */
const CAN_BE_OVERDUE: readonly string[] = ['open', 'provClosed'];

/**
 * True when the gap aliased `g` is overdue: not closed, not waiting for its closure review (the
 * company has done its part), and its due date has passed. `now` is SQL for the moment asked about:
 * the transaction's now(), or the notification scan's clock.
 */
export const gapOverdueSql = (g: string, now = 'now()') =>
  `(${gapCanBeOverdueSql(g)} AND ${g}.due_date IS NOT NULL AND ${g}.due_date < ${now})`;

/**
 * True when the gap aliased `g` is in a status that can be overdue: open or provisionally closed
 * (the statuses other than closed and pending), named as a list so that indexes on those statuses
 * apply.
 */
export const gapCanBeOverdueSql = (g: string) =>
  `${g}.status IN (${CAN_BE_OVERDUE.map((status) => `'${status}'`).join(', ')})`;

/** The gap's status as shown: 'overdue' when overdue, else what was set. */
export const gapDisplayStatusSql = (g: string) =>
  `(CASE WHEN ${gapOverdueSql(g)} THEN 'overdue' ELSE ${g}.status END)`;

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

/** A plan's overall status, aggregated over its gaps aliased `g` (LEFT JOINed, so none gives 'pending'). */
export const planOverallStatusSql = (g: string) => `(CASE
    WHEN count(${g}.id) = 0 THEN 'pending'
    WHEN bool_and(${g}.status = 'closed') THEN 'closed'
    WHEN bool_or(${gapOverdueSql(g)}) THEN 'overdue'
    WHEN bool_and(${g}.status IN ('closed', 'provClosed')) THEN 'provClosed'
    ELSE 'open' END)`;

/** The plan statistics, aggregated over the gaps aliased `g`; provisionally closed gaps count in the total only. */
export const planStatisticsSql = (g: string) => `
    count(${g}.id)::int AS "totalGaps",
    (count(${g}.id) FILTER (WHERE ${g}.status IN ('open', 'pending') AND NOT ${gapOverdueSql(g)}))::int AS "openGaps",
    (count(${g}.id) FILTER (WHERE ${g}.status = 'closed'))::int AS "closedGaps",
    (count(${g}.id) FILTER (WHERE ${gapOverdueSql(g)}))::int AS "overdueGaps",
    (CASE WHEN count(${g}.id) = 0 THEN 0
      ELSE round(100.0 * count(${g}.id) FILTER (WHERE ${g}.status = 'closed') / count(${g}.id)) END)::int
      AS "completionPercentage"`;

/**
 * A LATERAL join naming `od` the overdue gaps of the plan aliased `ap` (`overdue`) and, of those, the
 * open ones (`overdue_open`), for a plan whose stored summary `s` (action_plan_summaries) is joined:
 * its gaps are read only when its earliest not-closed due date has passed, and then only its
 * overdue ones, from the partial index on not-closed gaps by due date.
 */
export const planOverdueJoinSql = (ap: string, s: string, od = 'od') => `LEFT JOIN LATERAL (
    SELECT count(*)::int AS overdue, (count(*) FILTER (WHERE o.status = 'open'))::int AS overdue_open
    FROM gaps o WHERE ${s}.earliest_open_due < now() AND o.action_plan_id = ${ap}.id AND ${gapOverdueSql('o')}
  ) ${od} ON true`;

/**
 * `planOverallStatusSql` of a plan from its stored summary `s` and its overdue counts `od`, with the
 * closed rules the plan counts use (`plan_is_closed`, `plan_is_prov_closed`, migration 0032).
 */
export const planSummaryStatusSql = (s: string, od = 'od') => `(CASE
    WHEN ${s}.total = 0 THEN 'pending'
    WHEN plan_is_closed(${s}.total, ${s}.closed) THEN 'closed'
    WHEN ${od}.overdue > 0 THEN 'overdue'
    WHEN plan_is_prov_closed(${s}.total, ${s}.closed, ${s}.prov_closed) THEN 'provClosed'
    ELSE 'open' END)`;

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
    (CASE WHEN ${s}.total = 0 THEN 0 ELSE round(100.0 * ${s}.closed / ${s}.total) END)::int
      AS "completionPercentage"`;
