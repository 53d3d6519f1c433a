// A target company's financing milestones (docs/decisions/0084-financing-milestones.md). The rows
// hold the client's milestones and the dates reached; financial close and first disbursement are
// answered without a row until one is written. Writing a date writes the due dates of the gaps due
// relative to the milestone, in the same transaction (the triggers of migration 0042).
import {
  MILESTONE_MESSAGES,
  STANDARD_MILESTONES,
  isStandardMilestone,
  milestoneKey,
  type CompanyMilestones,
  type MilestoneValue,
} from '@verity/shared-api/src/server';
import type { Database, Queryable } from '../db';
import { conflict } from './messages';

interface MilestoneRow {
  name: string;
  reached_on: string | null;
}

/** The company's milestones: the standard two first, then the client's in their order. */
export async function readMilestones(
  db: Queryable,
  targetCompanyId: string,
): Promise<CompanyMilestones['milestones']> {
  const { rows } = await db.query<MilestoneRow>(
    `SELECT name, to_char(reached_on, 'YYYY-MM-DD') AS reached_on
     FROM target_company_milestones WHERE target_company_id = $1 ORDER BY position, lower(name)`,
    [targetCompanyId],
  );
  const standard = STANDARD_MILESTONES.map((name) => {
    const row = rows.find((r) => milestoneKey(r.name) === milestoneKey(name));
    return { name, reachedOn: row?.reached_on ?? null, standard: true };
  });
  const others = rows
    .filter((row) => !isStandardMilestone(row.name))
    .map((row) => ({ name: row.name, reachedOn: row.reached_on, standard: false }));
  return [...standard, ...others];
}

/**
 * Sets the company's milestones to `milestones` (checked by checkMilestones). A milestone left out
 * that gaps are due relative to is refused (409): their due dates would go with it.
 */
export async function writeMilestones(
  db: Database,
  targetCompanyId: string,
  milestones: readonly MilestoneValue[],
  userId: string,
): Promise<CompanyMilestones['milestones']> {
  return db.transaction(async (tx) => {
    // One writer per company at a time: the company row is the lock.
    await tx.query('SELECT 1 FROM target_companies WHERE id = $1 FOR UPDATE', [targetCompanyId]);
    const keys = milestones.map((m) => milestoneKey(m.name));
    const { rows: used } = await tx.query<{ name: string; count: number }>(
      `SELECT m.name, count(g.id)::int AS count
       FROM target_company_milestones m
       JOIN gaps g ON g.target_company_id = m.target_company_id
         AND lower(g.due_milestone) = lower(m.name)
       WHERE m.target_company_id = $1 AND NOT (lower(m.name) = ANY ($2::text[]))
       GROUP BY m.name ORDER BY m.name LIMIT 1`,
      [targetCompanyId, keys],
    );
    if (used[0]) throw conflict(MILESTONE_MESSAGES.inUse(used[0].name, used[0].count));
    await tx.query(
      `DELETE FROM target_company_milestones
       WHERE target_company_id = $1 AND NOT (lower(name) = ANY ($2::text[]))`,
      [targetCompanyId, keys],
    );
    // Only the rows whose name, date or place changed are written, so the gaps' due dates are
    // written only when their milestone's date changes.
    await tx.query(
      `INSERT INTO target_company_milestones AS m
         (target_company_id, name, reached_on, position, updated_by)
       SELECT $1, n.name, n.reached_on, n.position, $5
       FROM unnest($2::text[], $3::date[], $4::int[]) AS n (name, reached_on, position)
       ON CONFLICT (target_company_id, lower(name)) DO UPDATE SET
         name = EXCLUDED.name, reached_on = EXCLUDED.reached_on, position = EXCLUDED.position,
         updated_by = EXCLUDED.updated_by, updated_at = now()
       WHERE (m.name, m.reached_on, m.position)
         IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.reached_on, EXCLUDED.position)`,
      [
        targetCompanyId,
        milestones.map((m) => m.name),
        milestones.map((m) => m.reachedOn),
        milestones.map((_, index) => index),
        userId,
      ],
    );
    return readMilestones(tx, targetCompanyId);
  });
}
