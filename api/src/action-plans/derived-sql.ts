// The derived figures of docs/decisions.md ("Derived figures"), as SQL computed at read time.

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
