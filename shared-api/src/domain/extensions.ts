// Due-date extensions (docs/decisions/0086-due-date-extensions.md): a target company asks for a later
// due date with a reason; the client, or the auditor firm where the client says so, approves or
// declines it. Pure rules the API and the screens share.
import { t } from '#texts';
import { MESSAGES } from '../messages';
import { textRecord } from '../text-records';
import { isStandardMilestone, milestoneInSentence } from './milestones';

/** Who answers a client's extension requests (a client setting; the client by default). */
export const EXTENSION_APPROVERS = ['client', 'auditor'] as const;
export type ExtensionApprover = (typeof EXTENSION_APPROVERS)[number];
export const DEFAULT_EXTENSION_APPROVER: ExtensionApprover = 'client';

export const EXTENSION_APPROVER_LABELS: Readonly<Record<ExtensionApprover, string>> = textRecord({
  client: 'contract.extension.approver.client',
  auditor: 'contract.extension.approver.auditor',
});

export const EXTENSION_DECISIONS = ['approve', 'decline'] as const;
export type ExtensionDecision = (typeof EXTENSION_DECISIONS)[number];

export const EXTENSION_REASON_MAX_LENGTH = 2000;
export const EXTENSION_COMMENT_MAX_LENGTH = 2000;

export const EXTENSION_DATE_REQUIRED = 'Choose the new due date.';
export const EXTENSION_DATE_NOT_LATER = 'The new due date must be later than the current one.';
export const EXTENSION_REASON_REQUIRED = 'Give a reason for the extension.';
export const EXTENSION_REASON_TOO_LONG = `A reason can be at most ${EXTENSION_REASON_MAX_LENGTH.toLocaleString('en-US')} characters.`;
export const EXTENSION_COMMENT_TOO_LONG = `A comment can be at most ${EXTENSION_COMMENT_MAX_LENGTH.toLocaleString('en-US')} characters.`;
export const EXTENSION_DECISION_REQUIRED = "Choose a decision: 'approve' or 'decline'.";
export const EXTENSION_APPROVER_UNKNOWN =
  "Choose who answers extension requests: 'client' or 'auditor'.";
export const EXTENSION_ALREADY_PENDING =
  'An extension request is already waiting for an answer on this gap.';
export const EXTENSION_NOT_REQUESTABLE =
  'Only an open or overdue gap can be given a later due date.';
/** A gap due relative to a financing milestone moves with the milestone (decision 0084), not alone. */
export const EXTENSION_DUE_FROM_MILESTONE = (milestone: string) =>
  t('contract.extension.dueFromMilestone', {
    milestone: isStandardMilestone(milestone)
      ? milestoneInSentence(milestone)
      : milestone.toLowerCase(),
  });
export const EXTENSION_NOT_PENDING = 'No extension request is waiting for an answer on this gap.';
export const EXTENSION_NOT_APPROVER = (approver: ExtensionApprover) =>
  approver === 'client'
    ? t('contract.extension.notApproverClient')
    : t('contract.extension.notApproverAuditor');
export const EXTENSION_REQUESTED = 'Extension requested: the approver has been told.';
export const EXTENSION_APPROVED = 'Extension approved: the due date has moved.';
export const EXTENSION_DECLINED = 'Extension declined.';

/** Whether a gap may ask for a later due date: open (overdue included), not closed or pending. */
export function extensionRequestable(status: string): boolean {
  return status === 'open';
}

export interface ExtensionRequestInput {
  dueDate: string;
  reason: string;
}

type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** Why the new due date (ISO) cannot be asked for, or undefined when it can. */
export function extensionDateProblem(
  dueDate: string | undefined,
  gap: { dueDate: string | null; timeline?: string | null },
  now: Date = new Date(),
): string | undefined {
  const raw = (dueDate ?? '').trim();
  const time = raw ? Date.parse(raw) : NaN;
  if (Number.isNaN(time)) return EXTENSION_MESSAGES.EXTENSION_DATE_REQUIRED;
  if (time <= now.getTime()) return MESSAGES.DUE_DATE_IN_FUTURE;
  if (gap.dueDate && time <= Date.parse(gap.dueDate))
    return EXTENSION_MESSAGES.EXTENSION_DATE_NOT_LATER;
  if (gap.timeline && time > Date.parse(gap.timeline)) return MESSAGES.DUE_DATE_AFTER_TIMELINE;
  return undefined;
}

/** Why the reason cannot go with the request, or undefined when it can. */
export function extensionReasonProblem(reason: string | undefined): string | undefined {
  const trimmed = (reason ?? '').trim();
  if (!trimmed) return EXTENSION_MESSAGES.EXTENSION_REASON_REQUIRED;
  if (trimmed.length > EXTENSION_REASON_MAX_LENGTH)
    return EXTENSION_MESSAGES.EXTENSION_REASON_TOO_LONG;
  return undefined;
}

/**
 * A request as sent, checked against the gap's present due date and its plan's timeline (either may
 * be missing): the new due date (ISO) and the reason, or the message that refuses it.
 */
export function checkExtensionRequest(
  body: { dueDate?: string; reason?: string },
  gap: { dueDate: string | null; timeline?: string | null },
  now: Date = new Date(),
): Checked<ExtensionRequestInput> {
  const problem =
    extensionDateProblem(body.dueDate, gap, now) ?? extensionReasonProblem(body.reason);
  if (problem) return { ok: false, message: problem };
  return {
    ok: true,
    value: {
      dueDate: new Date(Date.parse((body.dueDate as string).trim())).toISOString(),
      reason: (body.reason as string).trim(),
    },
  };
}

export interface ExtensionAnswerInput {
  decision: ExtensionDecision;
  comment: string | null;
}

/** An answer as sent, checked: the decision and the optional comment, or the refusing message. */
export function checkExtensionAnswer(body: {
  decision?: string;
  comment?: string;
}): Checked<ExtensionAnswerInput> {
  if (!(EXTENSION_DECISIONS as readonly string[]).includes(body.decision ?? ''))
    return { ok: false, message: EXTENSION_MESSAGES.EXTENSION_DECISION_REQUIRED };
  const comment = (body.comment ?? '').trim();
  if (comment.length > EXTENSION_COMMENT_MAX_LENGTH)
    return { ok: false, message: EXTENSION_MESSAGES.EXTENSION_COMMENT_TOO_LONG };
  return {
    ok: true,
    value: { decision: body.decision as ExtensionDecision, comment: comment || null },
  };
}

/** Whether the user answers the gap's extension requests under the client's setting. */
export function answersExtensions(
  user: { userType: string } | null | undefined,
  approver: ExtensionApprover,
): boolean {
  return user?.userType === approver;
}

/**
 * The extension messages in the language in use, for the screens and the rules (the same names as
 * the English constants above, which the API's answers and the tests keep).
 */
export const EXTENSION_MESSAGES = textRecord({
  EXTENSION_DATE_REQUIRED: 'contract.extension.dateRequired',
  EXTENSION_DATE_NOT_LATER: 'contract.extension.dateNotLater',
  EXTENSION_REASON_REQUIRED: 'contract.extension.reasonRequired',
  EXTENSION_REASON_TOO_LONG: () =>
    t('contract.extension.reasonTooLong', { max: EXTENSION_REASON_MAX_LENGTH }),
  EXTENSION_COMMENT_TOO_LONG: () =>
    t('contract.extension.commentTooLong', { max: EXTENSION_COMMENT_MAX_LENGTH }),
  EXTENSION_DECISION_REQUIRED: 'contract.extension.decisionRequired',
  EXTENSION_APPROVER_UNKNOWN: 'contract.extension.approverUnknown',
  EXTENSION_ALREADY_PENDING: 'contract.extension.alreadyPending',
  EXTENSION_NOT_REQUESTABLE: 'contract.extension.notRequestable',
  EXTENSION_NOT_PENDING: 'contract.extension.notPending',
  EXTENSION_REQUESTED: 'contract.extension.requested',
  EXTENSION_APPROVED: 'contract.extension.approved',
  EXTENSION_DECLINED: 'contract.extension.declined',
});
