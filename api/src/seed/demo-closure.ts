// The closure loop in the demo: one company's gaps in each of its states, so the reviewers' and the
// company's screens show a waiting request, a returned one and both kinds of acceptance.
import type { Queryable } from '../db';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface LoopPerson {
  id: string | null;
  fullname: string;
  user_type: string;
  role: string;
}

/** The company's people in the demo story (the demo accounts work at another company). */
const COMPANY_EDITOR: LoopPerson = {
  id: null,
  fullname: 'Meera Nair',
  user_type: 'targetCompany',
  role: 'editor',
};

interface GapRow {
  id: string;
  status: string;
  due_date: Date | null;
  closed_at: Date | null;
}

async function addRemark(
  tx: Queryable,
  gapId: string,
  person: LoopPerson,
  comments: string,
  at: Date,
) {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO remarks (gap_id, comments, user_id, user_type, fullname, role, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [gapId, comments, person.id, person.user_type, person.fullname, person.role, at],
  );
  return rows[0]!.id;
}

async function addHistory(
  tx: Queryable,
  gapId: string,
  status: string,
  person: LoopPerson,
  at: Date,
) {
  await tx.query(
    'INSERT INTO gap_status_history (gap_id, status, changed_by, changed_at) VALUES ($1, $2, $3, $4)',
    [gapId, status, person.id, at],
  );
}

/**
 * Puts the company's gaps through the loop: an open gap waits for review, another was returned with
 * a reason, a provisionally closed one was accepted on a desk review and a closed one after a site
 * visit. `attachPhoto` stores a photo on a remark (left out when the demo has no attachments folder).
 */
export async function seedClosureLoop(
  tx: Queryable,
  companyId: string,
  reviewers: { auditor?: LoopPerson; client?: LoopPerson },
  attachPhoto?: (remarkId: string) => Promise<void>,
) {
  const auditor = reviewers.auditor;
  const client = reviewers.client ?? auditor;
  if (!auditor || !client) return;
  const { rows } = await tx.query<GapRow>(
    `SELECT g.id, g.status, g.due_date,
       (SELECT max(h.changed_at) FROM gap_status_history h WHERE h.gap_id = g.id) AS closed_at
     FROM gaps g WHERE g.target_company_id = $1 ORDER BY g.created_at, g.id`,
    [companyId],
  );
  const now = Date.now();
  const ago = (days: number) => new Date(now - days * DAY_MS);
  const open = rows.filter(
    (gap) => gap.status === 'open' && gap.due_date !== null && gap.due_date.getTime() > now,
  );
  const evidence = async (gapId: string, comments: string, at: Date) => {
    const remarkId = await addRemark(tx, gapId, COMPANY_EDITOR, comments, at);
    await attachPhoto?.(remarkId);
  };
  const request = (gapId: string, at: Date, note: string) =>
    tx.query<{ id: string }>(
      `INSERT INTO closure_requests (gap_id, requested_by_name, requested_at, note)
       VALUES ($1, $2, $3, $4) RETURNING id`,
      [gapId, COMPANY_EDITOR.fullname, at, note],
    );
  const review = (
    requestId: string,
    reviewer: LoopPerson,
    at: Date,
    decision: { method: 'desk' | 'site' } | { reason: string },
  ) =>
    tx.query(
      `UPDATE closure_requests SET decision = $2, method = $3, reason = $4, reviewed_by = $5,
         reviewed_by_name = $6, reviewed_by_user_type = $7, reviewed_at = $8
       WHERE id = $1`,
      [
        requestId,
        'method' in decision ? 'accept' : 'return',
        'method' in decision ? decision.method : null,
        'reason' in decision ? decision.reason : null,
        reviewer.id,
        reviewer.fullname,
        reviewer.user_type,
        at,
      ],
    );

  // Waiting for review.
  const waiting = open[0];
  if (waiting) {
    await evidence(
      waiting.id,
      'Work completed on site; photo of the installation attached.',
      ago(3),
    );
    await request(waiting.id, ago(2), 'Installed and commissioned last week.');
    await addHistory(tx, waiting.id, 'pending', COMPANY_EDITOR, ago(2));
    await tx.query(`UPDATE gaps SET status = 'pending' WHERE id = $1`, [waiting.id]);
  }

  // Returned with a reason, open again.
  const returned = open[1];
  if (returned) {
    await evidence(returned.id, 'Photo of the first phase attached.', ago(9));
    const { rows: made } = await request(returned.id, ago(8), 'First phase done.');
    const reason = 'The photo shows the first phase only; share the completed work as well.';
    await review(made[0]!.id, auditor, ago(6), { reason });
    await addRemark(tx, returned.id, auditor, reason, ago(6));
    await addHistory(tx, returned.id, 'pending', COMPANY_EDITOR, ago(8));
    await addHistory(tx, returned.id, 'open', auditor, ago(6));
  }

  // Accepted: a desk review (Prov Close) and a site verification (Closed), at their status change.
  for (const [status, method, reviewer] of [
    ['provClosed', 'desk', auditor],
    ['closed', 'site', client],
  ] as const) {
    const gap = rows.find((candidate) => candidate.status === status && candidate.closed_at);
    if (!gap?.closed_at) continue;
    const decided = gap.closed_at.getTime();
    await evidence(gap.id, 'Completion photo attached.', new Date(decided - 2 * DAY_MS));
    const { rows: made } = await request(gap.id, new Date(decided - DAY_MS), 'Ready for review.');
    await addHistory(tx, gap.id, 'pending', COMPANY_EDITOR, new Date(decided - DAY_MS));
    await review(made[0]!.id, reviewer, new Date(decided), { method });
  }
}
