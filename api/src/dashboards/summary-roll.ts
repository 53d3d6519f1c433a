// Keeps the per-company summaries' overdue counts close to now (migration 0027): the figures are exact
// without it, but a reader adds the gaps that came due since a row's overdue_as_of, and this keeps
// those to about an hour's worth.
import type { Queryable } from '../db';

export const ROLL_EVERY_MS = 60 * 60 * 1000;

/** Moves overdue_as_of to now() on the rows whose next due date has passed; gives how many moved. */
export async function rollCompanySummaries(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ moved: number }>(
    'SELECT company_summaries_roll(now()) AS moved',
  );
  return rows[0]!.moved;
}
