// The rules of changing a gap or an action plan once it exists
// (docs/decisions/0037-change-history-and-stale-writes.md): a due date or a timeline moved later
// needs a reason, and a plan edit is checked as the whole plan it makes. Shared by the Edit Gap and
// Edit Plan forms and the API, so both say the same words.
import * as yup from 'yup';
import { t } from '#texts';
import { ACTION_PLAN_CATEGORIES, formHasTimeline, type AuditForm } from '../domain/audit';
import { TEXT_FIELD_LABELS, TEXT_LIMITS, tooLongMessage } from '../domain/text-limits';
import { MESSAGES } from '../messages';
import { textRecord } from '../text-records';
import { actionPlanRuleMessages } from './action-plan-rules';
import { firstMessageInOrder, optionalDate } from './gap-rules';
import type { RuleResult } from './rule-result';

/** A reason shorter than this says nothing. */
export const CHANGE_REASON_MIN_LENGTH = 10;

/** The date whose later move needs a reason. */
export type LaterDateSubject = 'dueDate' | 'timeline';

export const changeRuleMessages = textRecord({
  dueDateReason: () => t('contract.changeRule.dueDateReason', { min: CHANGE_REASON_MIN_LENGTH }),
  timelineReason: () => t('contract.changeRule.timelineReason', { min: CHANGE_REASON_MIN_LENGTH }),
  reasonTooLong: () => tooLongMessage(TEXT_FIELD_LABELS.reason, TEXT_LIMITS.changeReason),
});

const REASON_MESSAGES = textRecord<LaterDateSubject>({
  dueDate: () => changeRuleMessages.dueDateReason,
  timeline: () => changeRuleMessages.timelineReason,
});

/** 'This gap was changed by Aditi Auditor at 05/03/2030 02:14 PM UTC. Reload to see the change.' */
export function staleGapMessage(name: string, time: string): string {
  return t('contract.changeRule.staleGap', { name, time });
}

export function staleActionPlanMessage(name: string, time: string): string {
  return t('contract.changeRule.staleActionPlan', { name, time });
}

type DateLike = string | Date | null | undefined;

const timeOf = (value: DateLike): number | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? undefined : time;
};

/**
 * Whether a date moves later: a new date after the old one, or a date taken away (no deadline is the
 * latest of all). A first date, or one moved earlier, does not.
 */
export function movesLater(before: DateLike, after: DateLike): boolean {
  const old = timeOf(before);
  if (old === undefined) return false;
  const next = timeOf(after);
  return next === undefined || next > old;
}

/** The reason a later date needs: at least CHANGE_REASON_MIN_LENGTH characters once trimmed. */
export function changeReasonSchema(subject: LaterDateSubject) {
  const message = REASON_MESSAGES[subject];
  return yup
    .string()
    .trim()
    .required(message)
    .min(CHANGE_REASON_MIN_LENGTH, message)
    .max(TEXT_LIMITS.changeReason, changeRuleMessages.reasonTooLong);
}

/**
 * Checks the reason of a change of `subject` from `before` to `after`: needed (and checked) only when
 * the date moves later; a reason given otherwise is kept when it is not too long. Gives the trimmed
 * reason, or undefined when there is none.
 */
export function checkChangeReason(change: {
  subject: LaterDateSubject;
  before: DateLike;
  after: DateLike;
  reason: unknown;
}): RuleResult<string | undefined> {
  const given = typeof change.reason === 'string' ? change.reason.trim() : '';
  if (!movesLater(change.before, change.after)) {
    if (given.length > TEXT_LIMITS.changeReason)
      return { ok: false, message: changeRuleMessages.reasonTooLong };
    return { ok: true, value: given === '' ? undefined : given };
  }
  try {
    return { ok: true, value: changeReasonSchema(change.subject).validateSync(given) };
  } catch (error) {
    if (error instanceof yup.ValidationError) return { ok: false, message: error.message };
    throw error;
  }
}

/** The fields of a plan an edit may change. */
export interface ActionPlanEditValues {
  actionPlanHeading: string;
  category: string;
  timeline?: Date;
}

const PLAN_EDIT_FIELD_ORDER = ['actionPlanHeading', 'timeline', 'category'] as const;

/** The yup schema of a plan's editable fields; `latestDueDate` is the latest due date of its gaps. */
export function actionPlanEditSchema(options: { latestDueDate?: DateLike } = {}) {
  const latest = timeOf(options.latestDueDate);
  let timeline = optionalDate(actionPlanRuleMessages.invalidTimeline);
  if (latest !== undefined) {
    timeline = timeline.test(
      'after-due-dates',
      MESSAGES.DUE_DATE_AFTER_TIMELINE,
      (value) => !value || value.getTime() >= latest,
    );
  }
  return yup.object({
    actionPlanHeading: yup
      .string()
      .trim()
      .required(MESSAGES.ACTION_PLAN_HEADING_REQUIRED)
      .max(
        TEXT_LIMITS.actionPlanHeading,
        tooLongMessage(TEXT_FIELD_LABELS.actionPlanHeading, TEXT_LIMITS.actionPlanHeading),
      ),
    category: yup
      .string()
      .oneOf([...ACTION_PLAN_CATEGORIES], MESSAGES.CATEGORY_REQUIRED)
      .required(MESSAGES.CATEGORY_REQUIRED),
    timeline,
  });
}

/**
 * Checks an edited plan (the stored one with the changes merged in) and gives it back cleaned, or the
 * first problem's message; a plan whose form has no timeline keeps none.
 */
export function checkActionPlanEdit(
  input: Record<string, unknown>,
  options: { formType: AuditForm; latestDueDate?: DateLike },
): RuleResult<ActionPlanEditValues> {
  const hasTimeline = formHasTimeline(options.formType);
  try {
    const value = actionPlanEditSchema(options).validateSync(
      hasTimeline ? input : { ...input, timeline: undefined },
      { abortEarly: false, stripUnknown: true },
    );
    return { ok: true, value };
  } catch (error) {
    if (error instanceof yup.ValidationError) {
      return { ok: false, message: firstMessageInOrder(error, PLAN_EDIT_FIELD_ORDER) };
    }
    throw error;
  }
}
