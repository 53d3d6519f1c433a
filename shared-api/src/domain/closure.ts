// The closure loop (issue: evidence-gated closure): a target company asks for a gap to be closed on
// its evidence, a reviewer accepts it (desk review: Prov Close; site verification: Closed) or returns
// it with a reason. Pure rules the API and the screens share.
import { t } from '#texts';
import { textRecord } from '../text-records';
import type { EvidenceWarning } from './attachments';
import type { GapStatus, GapStoredStatus } from './status';

export const CLOSURE_DECISIONS = ['accept', 'return'] as const;
export type ClosureDecision = (typeof CLOSURE_DECISIONS)[number];

export const CLOSURE_METHODS = ['desk', 'site'] as const;
export type ClosureMethod = (typeof CLOSURE_METHODS)[number];

export const CLOSURE_METHOD_LABELS: Readonly<Record<ClosureMethod, string>> = textRecord({
  desk: 'contract.closure.method.desk',
  site: 'contract.closure.method.site',
});

/** What an accepted request sets: a desk review closes provisionally, a site visit for good. */
export const CLOSURE_METHOD_STATUS: Readonly<Record<ClosureMethod, GapStatus>> = {
  desk: 'provClosed',
  site: 'closed',
};

/** A returned gap's reason is kept as a remark: at least this long, so it says something. */
export const RETURN_REASON_MIN_LENGTH = 10;
/** The requester's optional note. */
export const CLOSURE_NOTE_MAX_LENGTH = 2000;

/** The reviewer's optional comment on an acceptance (docs/decisions/0085-lender-sign-off.md). */
export const CLOSURE_COMMENT_MAX_LENGTH = 2000;
/** Who visited the site, as the reviewer writes it. */
export const CLOSURE_VISITED_BY_MAX_LENGTH = 200;

/**
 * The evidence warnings a reviewer must say they checked before accepting: a photo taken before the
 * gap was raised, or the same file as on another gap. (No capture data alone asks nothing.)
 */
export const CLOSURE_CHECK_FLAGS = [
  'takenBeforeGap',
  'sameFileOnAnotherGap',
] as const satisfies readonly EvidenceWarning[];
export type ClosureCheckFlag = (typeof CLOSURE_CHECK_FLAGS)[number];

/** The flags in the words of the image badges. */
export const CLOSURE_CHECK_FLAG_LABELS: Readonly<Record<ClosureCheckFlag, string>> = textRecord({
  takenBeforeGap: 'contract.closure.flag.takenBeforeGap',
  sameFileOnAnotherGap: 'contract.closure.flag.sameFileOnAnotherGap',
});

export const CLOSURE_NEEDS_EVIDENCE = 'Add a remark with photo evidence before requesting closure';
export const CLOSURE_NOT_REQUESTABLE =
  'Only an open or overdue gap can be sent for closure review.';
export const CLOSURE_NOT_PENDING = 'This gap is not waiting for closure review.';
export const CLOSURE_METHOD_REQUIRED =
  'Choose how the evidence was verified: desk review or site verification.';
export const CLOSURE_VISIT_DATE_REQUIRED = 'Give the date of the site visit.';
export const CLOSURE_VISIT_DATE_FUTURE = 'The site visit date cannot be in the future.';
export const CLOSURE_VISITED_BY_REQUIRED = 'Say who visited the site.';
export const CLOSURE_VISITED_BY_TOO_LONG = `Who visited can be at most ${CLOSURE_VISITED_BY_MAX_LENGTH} characters.`;
export const CLOSURE_COMMENT_TOO_LONG = `A comment can be at most ${CLOSURE_COMMENT_MAX_LENGTH.toLocaleString('en-US')} characters.`;
export const CLOSURE_FLAG_UNKNOWN = `Only these warnings can be confirmed: ${CLOSURE_CHECK_FLAGS.join(', ')}.`;
/** 'I have checked: Taken before the gap was raised; Same file as on another gap' */
export function checkedFlagsText(flags: readonly ClosureCheckFlag[]): string {
  return t('contract.closure.checkedFlags', {
    flags: flags.map((flag) => CLOSURE_CHECK_FLAG_LABELS[flag]).join('; '),
  });
}
/** The 409 when the evidence carries warnings the reviewer did not confirm. */
export function closureFlagsUnconfirmed(flags: readonly ClosureCheckFlag[]): string {
  return t('contract.closure.flagsUnconfirmed', {
    flags: flags.map((flag) => CLOSURE_CHECK_FLAG_LABELS[flag]).join('; '),
  });
}
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
    docs: readonly {
      withdrawn: unknown;
      evidence?: { warnings: readonly string[] } | null;
    }[];
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
  return gap.remark
    .filter(sinceOpened(gap))
    .some((remark) => remark.docs.some((doc) => !doc.withdrawn));
}

/** Whether the standing remark was added since the gap was last opened (it counts as evidence). */
function sinceOpened(gap: ClosureGap) {
  const since = openedAt(gap);
  const from = since ? new Date(since).getTime() : -Infinity;
  return (remark: ClosureGap['remark'][number]) =>
    !remark.withdrawn && new Date(remark.createdAt).getTime() >= from;
}

/**
 * The warnings on the evidence a review decides (the standing images of the standing remarks added
 * since the gap was last opened) that a reviewer must say they checked, in CLOSURE_CHECK_FLAGS order.
 */
export function closureEvidenceFlags(gap: ClosureGap): ClosureCheckFlag[] {
  const found = new Set<string>();
  for (const remark of gap.remark.filter(sinceOpened(gap))) {
    for (const doc of remark.docs) {
      if (!doc.withdrawn) doc.evidence?.warnings.forEach((warning) => found.add(warning));
    }
  }
  return CLOSURE_CHECK_FLAGS.filter((flag) => found.has(flag));
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
  if (gap.status !== 'open' && gap.displayStatus !== 'overdue')
    return CLOSURE_MESSAGES.CLOSURE_NOT_REQUESTABLE;
  if (gap.status === 'pending') return CLOSURE_MESSAGES.CLOSURE_NOT_REQUESTABLE;
  if (!hasClosureEvidence(gap) && seesRemarksSinceOpened(gap))
    return CLOSURE_MESSAGES.CLOSURE_NEEDS_EVIDENCE;
  return undefined;
}

export const CLOSURE_DECISION_REQUIRED = "Choose a decision: 'accept' or 'return'.";

/** An acceptance as the reviewer made it: how, their comment, the visit, the warnings checked. */
export interface ClosureAcceptance {
  decision: 'accept';
  method: ClosureMethod;
  comment: string | null;
  /** The site visit (YYYY-MM-DD) and who made it: site verification only. */
  visitDate: string | null;
  visitedBy: string | null;
  /** The evidence warnings the reviewer says they checked. */
  checkedFlags: ClosureCheckFlag[];
}

export type ClosureReview = ClosureAcceptance | { decision: 'return'; reason: string };

/** The latest calendar day anywhere (UTC+14), so no reviewer's today is called the future. */
export function latestToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) =>
  ISO_DAY.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** Why a site visit's date cannot be taken, or undefined when it can. */
export function visitDateProblem(
  visitDate: string | undefined,
  now: Date = new Date(),
): string | undefined {
  const day = (visitDate ?? '').trim().slice(0, 10);
  if (!day || !isDay(day)) return CLOSURE_MESSAGES.CLOSURE_VISIT_DATE_REQUIRED;
  if (day > latestToday(now)) return CLOSURE_MESSAGES.CLOSURE_VISIT_DATE_FUTURE;
  return undefined;
}

/** A review as sent, checked: the decision it makes, or the message that refuses it. */
export function checkClosureReview(
  body: {
    decision?: string;
    method?: string;
    reason?: string;
    comment?: string;
    visitDate?: string;
    visitedBy?: string;
    checkedFlags?: readonly string[];
  },
  now: Date = new Date(),
): { ok: true; value: ClosureReview } | { ok: false; message: string } {
  if (body.decision === 'accept') {
    if (!(CLOSURE_METHODS as readonly string[]).includes(body.method ?? ''))
      return { ok: false, message: CLOSURE_MESSAGES.CLOSURE_METHOD_REQUIRED };
    const method = body.method as ClosureMethod;
    const comment = (body.comment ?? '').trim();
    if (comment.length > CLOSURE_COMMENT_MAX_LENGTH)
      return { ok: false, message: CLOSURE_MESSAGES.CLOSURE_COMMENT_TOO_LONG };
    const flags = body.checkedFlags ?? [];
    if (flags.some((flag) => !(CLOSURE_CHECK_FLAGS as readonly string[]).includes(flag)))
      return { ok: false, message: CLOSURE_MESSAGES.CLOSURE_FLAG_UNKNOWN };
    let visitDate: string | null = null;
    let visitedBy: string | null = null;
    if (method === 'site') {
      const dateProblem = visitDateProblem(body.visitDate, now);
      if (dateProblem) return { ok: false, message: dateProblem };
      visitDate = (body.visitDate as string).trim().slice(0, 10);
      visitedBy = (body.visitedBy ?? '').trim();
      if (!visitedBy) return { ok: false, message: CLOSURE_MESSAGES.CLOSURE_VISITED_BY_REQUIRED };
      if (visitedBy.length > CLOSURE_VISITED_BY_MAX_LENGTH)
        return { ok: false, message: CLOSURE_MESSAGES.CLOSURE_VISITED_BY_TOO_LONG };
    }
    return {
      ok: true,
      value: {
        decision: 'accept',
        method,
        comment: comment || null,
        visitDate,
        visitedBy,
        checkedFlags: CLOSURE_CHECK_FLAGS.filter((flag) => flags.includes(flag)),
      },
    };
  }
  if (body.decision === 'return') {
    const reason = (body.reason ?? '').trim();
    if (reason.length < RETURN_REASON_MIN_LENGTH)
      return { ok: false, message: CLOSURE_MESSAGES.CLOSURE_RETURN_REASON_SHORT };
    return { ok: true, value: { decision: 'return', reason } };
  }
  return { ok: false, message: CLOSURE_MESSAGES.CLOSURE_DECISION_REQUIRED };
}

/**
 * The closure loop's messages in the language in use, for the screens and the rules (the same
 * names as the English constants above, which the API's answers and the tests keep).
 */
export const CLOSURE_MESSAGES = textRecord({
  CLOSURE_NEEDS_EVIDENCE: 'contract.closure.needsEvidence',
  CLOSURE_NOT_REQUESTABLE: 'contract.closure.notRequestable',
  CLOSURE_NOT_PENDING: 'contract.closure.notPending',
  CLOSURE_METHOD_REQUIRED: 'contract.closure.methodRequired',
  CLOSURE_VISIT_DATE_REQUIRED: 'contract.closure.visitDateRequired',
  CLOSURE_VISIT_DATE_FUTURE: 'contract.closure.visitDateFuture',
  CLOSURE_VISITED_BY_REQUIRED: 'contract.closure.visitedByRequired',
  CLOSURE_VISITED_BY_TOO_LONG: () =>
    t('contract.closure.visitedByTooLong', { max: CLOSURE_VISITED_BY_MAX_LENGTH }),
  CLOSURE_COMMENT_TOO_LONG: () =>
    t('contract.closure.commentTooLong', { max: CLOSURE_COMMENT_MAX_LENGTH }),
  CLOSURE_FLAG_UNKNOWN: () =>
    t('contract.closure.flagUnknown', { flags: CLOSURE_CHECK_FLAGS.join(', ') }),
  CLOSURE_RETURN_REASON_SHORT: () =>
    t('contract.closure.returnReasonShort', { min: RETURN_REASON_MIN_LENGTH }),
  CLOSURE_NOTE_TOO_LONG: () => t('contract.closure.noteTooLong', { max: CLOSURE_NOTE_MAX_LENGTH }),
  CLOSURE_NEEDS_REVIEW: 'contract.closure.needsReview',
  CLOSURE_PENDING_SELECTOR: 'contract.closure.pendingSelector',
  CLOSURE_REQUESTED: 'contract.closure.requested',
  CLOSURE_ACCEPTED: 'contract.closure.accepted',
  CLOSURE_RETURNED: 'contract.closure.returned',
  CLOSURE_DECISION_REQUIRED: 'contract.closure.decisionRequired',
});
