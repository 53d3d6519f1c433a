// Keeps the per-company summaries' clock-bound counts close to now (migrations 0027 and 0032): the
// figures are exact without it, but a reader adds the gaps that came due, and the plans that passed
// their timeline or due date, since a row's stored moment, and this keeps those to about an hour's worth.
import type { Queryable } from '../db';

export const ROLL_EVERY_MS = 60 * 60 * 1000;

/**
 * Moves the stored moment to now() on the gap and plan count rows whose next moment has passed; gives
 * how many rows moved. Two statements, each locking only its own rows.
 */
export async function rollCompanySummaries(db: Queryable): Promise<number> {
  const gaps = await db.query<{ moved: number }>('SELECT company_summaries_roll(now()) AS moved');
  const plans = await db.query<{ moved: number }>(
    'SELECT company_plan_summaries_roll(now()) AS moved',
  );
  return gaps.rows[0]!.moved + plans.rows[0]!.moved;
}
