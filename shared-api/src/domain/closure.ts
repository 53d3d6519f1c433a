// The closure loop (issue: evidence-gated closure): a target company asks for a gap to be closed on
// its evidence, a reviewer accepts it (desk review: Prov Close; site verification: Closed) or returns
// it with a reason. Pure rules the API and the screens share.
import type { GapStatus, GapStoredStatus } from './status';

export const CLOSURE_DECISIONS = ['accept', 'return'] as const;
export type ClosureDecision = (typeof CLOSURE_DECISIONS)[number];

export const CLOSURE_METHODS = ['desk', 'site'] as const;
export type ClosureMethod = (typeof CLOSURE_METHODS)[number];

export const CLOSURE_METHOD_LABELS: Readonly<Record<ClosureMethod, string>> = {
  desk: 'Desk review',
  site: 'Site verification',
};

/** What an accepted request sets: a desk review closes provisionally, a site visit for good. */
export const CLOSURE_METHOD_STATUS: Readonly<Record<ClosureMethod, GapStatus>> = {
  desk: 'provClosed',
  site: 'closed',
};

/** A returned gap's reason is kept as a remark: at least this long, so it says something. */
export const RETURN_REASON_MIN_LENGTH = 10;
/** The requester's optional note. */
export const CLOSURE_NOTE_MAX_LENGTH = 2000;

export const CLOSURE_NEEDS_EVIDENCE = 'Add a remark with photo evidence before requesting closure';
export const CLOSURE_NOT_REQUESTABLE =
  'Only an open or overdue gap can be sent for closure review.';
export const CLOSURE_NOT_PENDING = 'This gap is not waiting for closure review.';
export const CLOSURE_METHOD_REQUIRED =
  'Choose how the evidence was verified: desk review or site verification.';
export const CLOSURE_RETURN_REASON_SHORT = `Give a reason of at least ${RETURN_REASON_MIN_LENGTH} characters for returning the gap.`;
export const CLOSURE_NOTE_TOO_LONG = `A note can be at most ${CLOSURE_NOTE_MAX_LENGTH.toLocaleString('en-US')} characters.`;
export const CLOSURE_NEEDS_REVIEW =
  'This portfolio closes gaps only through evidence review: request closure, then accept the evidence.';
export const CLOSURE_PENDING_SELECTOR =
  'This gap is waiting for closure review: accept or return its evidence instead.';
export const CLOSURE_REQUESTED = 'Closure requested: the reviewers see this gap first.';
export const CLOSURE_ACCEPTED = 'Evidence accepted.';
export const CLOSURE_RETURNED = 'Gap returned to the company.';

/** The gap as these rules read it: the Gap answer's own fields. */
export interface ClosureGap {
  status: GapStoredStatus;
  displayStatus: string;
  statusHistory: readonly { status: string; timestamp: string }[];
  /** Oldest first: all of them, or the newest when `remarkCount` says there are more. */
  remark: readonly {
    createdAt: string;
    withdrawn: unknown;
    docs: readonly { withdrawn: unknown }[];
  }[];
  remarkCount?: number;
}

/** When the gap was last opened (created, returned or set to Open): evidence counts from then. */
export function openedAt(gap: ClosureGap): string | undefined {
  for (let index = gap.statusHistory.length - 1; index >= 0; index -= 1) {
    const entry = gap.statusHistory[index]!;
    if (entry.status === 'open') return entry.timestamp;
  }
  return undefined;
}

/** Whether a standing remark with a standing image was added since the gap was last opened. */
export function hasClosureEvidence(gap: ClosureGap): boolean {
  const since = openedAt(gap);
  const from = since ? new Date(since).getTime() : -Infinity;
  return gap.remark.some(
    (remark) =>
      !remark.withdrawn &&
      new Date(remark.createdAt).getTime() >= from &&
      remark.docs.some((doc) => !doc.withdrawn),
  );
}

/**
 * Whether the remarks at hand are all those added since the gap was last opened: every remark of
 * the gap, or the newest reaching back past that moment. The server reads them all.
 */
export function seesRemarksSinceOpened(gap: ClosureGap): boolean {
  if (gap.remark.length >= (gap.remarkCount ?? gap.remark.length)) return true;
  const since = openedAt(gap);
  const oldest = gap.remark[0];
  return Boolean(since && oldest && new Date(oldest.createdAt) < new Date(since));
}

/**
 * Why closure cannot be requested now, in the user's words; undefined when it can, or when only
 * earlier remarks not at hand could tell (the server then decides).
 */
export function closureRequestProblem(gap: ClosureGap): string | undefined {
  if (gap.status !== 'open' && gap.displayStatus !== 'overdue') return CLOSURE_NOT_REQUESTABLE;
  if (gap.status === 'pending') return CLOSURE_NOT_REQUESTABLE;
  if (!hasClosureEvidence(gap) && seesRemarksSinceOpened(gap)) return CLOSURE_NEEDS_EVIDENCE;
  return undefined;
}

export const CLOSURE_DECISION_REQUIRED = "Choose a decision: 'accept' or 'return'.";

export type ClosureReview =
  { decision: 'accept'; method: ClosureMethod } | { decision: 'return'; reason: string };

/** A review as sent, checked: the decision it makes, or the message that refuses it. */
export function checkClosureReview(body: {
  decision?: string;
  method?: string;
  reason?: string;
}): { ok: true; value: ClosureReview } | { ok: false; message: string } {
  if (body.decision === 'accept') {
    if (!(CLOSURE_METHODS as readonly string[]).includes(body.method ?? ''))
      return { ok: false, message: CLOSURE_METHOD_REQUIRED };
    return { ok: true, value: { decision: 'accept', method: body.method as ClosureMethod } };
  }
  if (body.decision === 'return') {
    const reason = (body.reason ?? '').trim();
    if (reason.length < RETURN_REASON_MIN_LENGTH)
      return { ok: false, message: CLOSURE_RETURN_REASON_SHORT };
    return { ok: true, value: { decision: 'return', reason } };
  }
  return { ok: false, message: CLOSURE_DECISION_REQUIRED };
}
