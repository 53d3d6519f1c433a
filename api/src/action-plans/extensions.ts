// Due-date extensions (docs/decisions/0086-due-date-extensions.md): each write runs in the caller's
// transaction on the gap's row locked first, so a request and its answer (or two answers) never
// cross; at most one request waits per gap (a partial unique index, migration 0043).
import {
  EXTENSION_ALREADY_PENDING,
  EXTENSION_NOT_APPROVER,
  EXTENSION_NOT_PENDING,
  EXTENSION_DUE_FROM_MILESTONE,
  EXTENSION_NOT_REQUESTABLE,
  checkExtensionRequest,
  extensionRequestable,
  type ExtensionAnswerInput,
  type ExtensionApprover,
  type SessionUser,
} from '@verity/shared-api/src/server';
import type { Queryable } from '../db';
import { ApiError, invalid, notFound } from '../errors';
import { lockGap, recordGapChanges, type Change } from './change-history';

/** A write that the gap's present state does not allow (already waiting, nothing waiting). */
const conflict = (message: string) => new ApiError(409, 'EXTENSION_STATE', message);

interface GapForExtension {
  status: string;
  due_date: Date | null;
  due_milestone: string | null;
  timeline: Date | null;
  approver: ExtensionApprover;
  time_zone: string;
}

/** The gap's due date, its plan's timeline, and who answers its client's extension requests. */
async function readGap(tx: Queryable, gapId: string): Promise<GapForExtension> {
  const { rows } = await tx.query<GapForExtension>(
    `SELECT g.status, g.due_date, g.due_milestone, ap.timeline, c.extension_approver AS approver, tc.time_zone
     FROM gaps g
     JOIN action_plans ap ON ap.id = g.action_plan_id
     JOIN target_companies tc ON tc.id = g.target_company_id
     JOIN clients c ON c.id = tc.client_id
     WHERE g.id = $1`,
    [gapId],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** A day as the company reads it (YYYY-MM-DD in its time zone), for the notification's words. */
async function companyDay(tx: Queryable, iso: string, timeZone: string): Promise<string> {
  const { rows } = await tx.query<{ day: string }>(
    `SELECT to_char($1::timestamptz AT TIME ZONE $2, 'YYYY-MM-DD') AS day`,
    [iso, timeZone],
  );
  return rows[0]!.day;
}

/**
 * Asks for a later due date with a reason: checked against the present due date and the plan's
 * timeline, refused (409) while one waits or when the gap is not open. Gives who answers it and the
 * new date as the company's day.
 */
export async function requestExtension(
  tx: Queryable,
  gapId: string,
  user: SessionUser,
  body: { dueDate?: string; reason?: string },
): Promise<{ approver: ExtensionApprover; day: string; reason: string }> {
  const locked = await lockGap(tx, gapId);
  const gap = await readGap(tx, gapId);
  if (gap.due_milestone) throw conflict(EXTENSION_DUE_FROM_MILESTONE(gap.due_milestone));
  const checked = checkExtensionRequest(body, {
    dueDate: gap.due_date && gap.due_date.toISOString(),
    timeline: gap.timeline && gap.timeline.toISOString(),
  });
  if (!checked.ok) throw invalid(checked.message);
  if (!extensionRequestable(gap.status)) throw conflict(EXTENSION_NOT_REQUESTABLE);
  const waiting = await tx.query(
    'SELECT 1 FROM gap_extension_requests WHERE gap_id = $1 AND decision IS NULL',
    [gapId],
  );
  if (waiting.rows.length > 0) throw conflict(EXTENSION_ALREADY_PENDING);
  const { dueDate, reason } = checked.value;
  await tx.query(
    `INSERT INTO gap_extension_requests (gap_id, requested_by, requested_by_name, current_due_date, new_due_date, reason)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [gapId, user._id, user.fullname, gap.due_date, dueDate, reason],
  );
  await recordGapChanges(tx, locked, user, [
    { field: 'extensionRequest', oldValue: null, newValue: { dueDate, reason } },
  ]);
  return { approver: gap.approver, day: await companyDay(tx, dueDate, gap.time_zone), reason };
}

/**
 * Approves (the due date moves, recorded as the gap form records it, with the request's reason) or
 * declines the waiting request. Only the approver the client's setting names may answer (409 for
 * the other).
 */
export async function answerExtension(
  tx: Queryable,
  gapId: string,
  user: SessionUser,
  answer: ExtensionAnswerInput,
): Promise<void> {
  const locked = await lockGap(tx, gapId);
  const gap = await readGap(tx, gapId);
  // The permission lets both in; the client's setting names one (a state of the portfolio: 409).
  if (user.userType !== gap.approver) {
    throw new ApiError(409, 'EXTENSION_APPROVER', EXTENSION_NOT_APPROVER(gap.approver));
  }
  const { rows } = await tx.query<{ id: string; new_due_date: Date; reason: string }>(
    `SELECT id, new_due_date, reason FROM gap_extension_requests
     WHERE gap_id = $1 AND decision IS NULL`,
    [gapId],
  );
  const request = rows[0];
  if (!request) throw conflict(EXTENSION_NOT_PENDING);
  await tx.query(
    `UPDATE gap_extension_requests SET decision = $2, comment = $3, answered_by = $4,
       answered_by_name = $5, answered_by_user_type = $6, answered_at = now()
     WHERE id = $1`,
    [request.id, answer.decision, answer.comment, user._id, user.fullname, user.userType],
  );
  const dueDate = request.new_due_date.toISOString();
  const changes: Change<'extensionAnswer' | 'dueDate'>[] = [
    {
      field: 'extensionAnswer',
      oldValue: null,
      newValue: { decision: answer.decision, dueDate, comment: answer.comment },
    },
  ];
  if (answer.decision === 'approve') {
    await tx.query('UPDATE gaps SET due_date = $2, updated_at = now() WHERE id = $1', [
      gapId,
      request.new_due_date,
    ]);
    // The same entry as a due date moved in the gap form, the request's reason as its reason.
    changes.push({
      field: 'dueDate',
      oldValue: gap.due_date && gap.due_date.toISOString(),
      newValue: dueDate,
      reason: request.reason,
    });
  }
  await recordGapChanges(tx, locked, user, changes);
}
