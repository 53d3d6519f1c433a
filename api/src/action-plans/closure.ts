// The closure loop's writes (docs/decisions/0035-evidence-gated-closure.md): each runs in the
// caller's transaction, on the gap row locked first, so two reviewers (or a reviewer and a late
// request) never both act on one request.
import {
  CLOSURE_METHOD_STATUS,
  CLOSURE_NEEDS_EVIDENCE,
  CLOSURE_NEEDS_REVIEW,
  CLOSURE_NOT_PENDING,
  CLOSURE_PENDING_SELECTOR,
  closureEvidenceFlags,
  closureFlagsUnconfirmed,
  closureRequestProblem,
  type ClosureReview,
  type SessionUser,
} from '@verity/shared-api/src/server';
import type { Queryable } from '../db';
import { ApiError, notFound } from '../errors';
import { findGap } from './gap-sql';
import { recordClosureAccepted, recordRemarkAdded } from './change-history';
import { setGapStatus } from './gap-writes';
import { organisationOf } from './remark-withdrawal';

/** A write that the gap's present state does not allow (already pending, not pending). */
const conflict = (message: string) => new ApiError(409, 'CLOSURE_STATE', message);
/** The evidence a closure request needs is missing. */
const evidenceMissing = (message: string) => new ApiError(422, 'CLOSURE_EVIDENCE', message);

/**
 * Locks the gap's row for the rest of the transaction and reads it whole, its images' warnings as
 * `reader` sees them (an earlier copy of a file is named only where the reader may look).
 */
async function lockedGap(tx: Queryable, gapId: string, reader?: SessionUser) {
  await tx.query('SELECT 1 FROM gaps WHERE id = $1 FOR UPDATE', [gapId]);
  const gap = await findGap(tx, gapId, reader, 'all');
  if (!gap) throw notFound();
  return gap;
}

/** Sends the gap for closure review: 'pending', with who asked, when and their note. */
export async function requestClosure(
  tx: Queryable,
  gapId: string,
  user: SessionUser,
  note: string | undefined,
): Promise<void> {
  const gap = await lockedGap(tx, gapId);
  const problem = closureRequestProblem(gap);
  if (problem) {
    throw problem === CLOSURE_NEEDS_EVIDENCE ? evidenceMissing(problem) : conflict(problem);
  }
  await tx.query(
    `INSERT INTO closure_requests (gap_id, requested_by, requested_by_name, note) VALUES ($1, $2, $3, $4)`,
    [gapId, user._id, user.fullname, note?.trim() || null],
  );
  await setGapStatus(tx, gapId, 'pending', user);
}

/**
 * Accepts (desk review: Prov Close; site verification: Closed) or returns the waiting request; a
 * return's reason is kept as a remark of the reviewer's, and the gap is open again. An acceptance of
 * evidence carrying warnings (taken before the gap, same file as on another gap) needs each one
 * confirmed as checked (409 naming them otherwise); the change history keeps the acceptance whole
 * (docs/decisions/0085-lender-sign-off.md).
 */
export async function reviewClosure(
  tx: Queryable,
  gapId: string,
  user: SessionUser,
  review: ClosureReview,
  remarkWithdrawalWindowSeconds: number,
): Promise<void> {
  const gap = await lockedGap(tx, gapId, user);
  if (gap.status !== 'pending' || !gap.closure || gap.closure.review) {
    throw conflict(CLOSURE_NOT_PENDING);
  }
  const reviewer = [user._id, user.fullname, user.userType];
  if (review.decision === 'accept') {
    const flags = closureEvidenceFlags(gap);
    const unchecked = flags.filter((flag) => !review.checkedFlags.includes(flag));
    if (unchecked.length > 0) {
      throw new ApiError(409, 'CLOSURE_FLAGS_UNCONFIRMED', closureFlagsUnconfirmed(unchecked));
    }
    // Only the warnings the evidence carries are kept as checked.
    const checkedFlags = flags;
    await tx.query(
      `UPDATE closure_requests SET decision = 'accept', method = $2, reviewed_by = $3,
         reviewed_by_name = $4, reviewed_by_user_type = $5, reviewed_at = now(),
         comment = $6, visit_date = $7, visited_by = $8, checked_flags = $9
       WHERE id = $1`,
      [
        gap.closure.id,
        review.method,
        ...reviewer,
        review.comment,
        review.visitDate,
        review.visitedBy,
        checkedFlags,
      ],
    );
    await recordClosureAccepted(tx, gapId, user, { ...review, checkedFlags });
    await setGapStatus(tx, gapId, CLOSURE_METHOD_STATUS[review.method], user);
    return;
  }
  await tx.query(
    `UPDATE closure_requests SET decision = 'return', reason = $2, reviewed_by = $3,
       reviewed_by_name = $4, reviewed_by_user_type = $5, reviewed_at = now()
     WHERE id = $1`,
    [gap.closure.id, review.reason, ...reviewer],
  );
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO remarks (gap_id, comments, user_id, user_type, fullname, role, author_organisation_id, withdrawable_until)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8)) RETURNING id`,
    [
      gapId,
      review.reason,
      user._id,
      user.userType,
      user.fullname,
      user.role,
      organisationOf(user),
      remarkWithdrawalWindowSeconds,
    ],
  );
  // The reason is a remark like any other: the change history says it was added.
  await recordRemarkAdded(tx, gapId, user, { remarkId: rows[0]!.id, attachments: 0 });
  await setGapStatus(tx, gapId, 'open', user);
}

/**
 * What the status selector may not do (409): change a gap waiting for its review (accept or return
 * it instead), or, where the client has switched evidence review on, set Closed or Prov Close.
 * Called inside the status change's transaction, with the gap's row locked.
 */
export async function guardClosureLoop(tx: Queryable, gapId: string, status: string) {
  const { rows } = await tx.query<{ status: string; closure_needs_review: boolean }>(
    `SELECT g.status, c.closure_needs_review FROM gaps g
     JOIN target_companies tc ON tc.id = g.target_company_id
     JOIN clients c ON c.id = tc.client_id
     WHERE g.id = $1 FOR UPDATE OF g`,
    [gapId],
  );
  const gap = rows[0];
  if (!gap) throw notFound();
  if (gap.status === 'pending') throw conflict(CLOSURE_PENDING_SELECTOR);
  if (gap.closure_needs_review && (status === 'closed' || status === 'provClosed')) {
    throw new ApiError(409, 'CLOSURE_NEEDS_REVIEW', CLOSURE_NEEDS_REVIEW);
  }
}
