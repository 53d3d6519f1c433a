// The action plan rules, shared by the create page in the browser and the API.
import * as yup from 'yup';
import {
  ACTION_PLAN_CATEGORIES,
  AUDIT_FORMS,
  formHasTimeline,
  type AuditForm,
} from '../domain/audit';
import { TEXT_FIELD_LABELS, TEXT_LIMITS, tooLongMessage } from '../domain/text-limits';
import { MESSAGES } from '../messages';
import { textRecord } from '../text-records';
import {
  checkGap,
  firstMessageInOrder,
  optionalDate,
  type GapValues,
  type RuleResult,
} from './gap-rules';

// Texts for rules the spec does not word (values the create page cannot produce).
export const actionPlanRuleMessages = textRecord({
  formTypeRequired: 'contract.actionPlanRule.formTypeRequired',
  formTypeNotAudits: 'contract.actionPlanRule.formTypeNotAudits',
  invalidTimeline: 'contract.actionPlanRule.invalidTimeline',
});

const PLAN_FIELD_ORDER = ['actionPlanHeading', 'timeline', 'category', 'formType'] as const;

/** The yup schema of an action plan's own fields (its first gap has `gapSchema`). */
export function actionPlanSchema() {
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
    formType: yup
      .string()
      .oneOf([...AUDIT_FORMS], actionPlanRuleMessages.formTypeRequired)
      .required(actionPlanRuleMessages.formTypeRequired),
    timeline: optionalDate(actionPlanRuleMessages.invalidTimeline),
  });
}

export type ActionPlanValues = yup.InferType<ReturnType<typeof actionPlanSchema>> & {
  formType: AuditForm;
};

export interface CheckedActionPlan {
  actionPlan: ActionPlanValues;
  gap: GapValues;
}

/**
 * Checks a new action plan with its first gap against the audit's form, and gives both back
 * cleaned (a recommendation keeps no timeline), or the first problem's message.
 */
export function checkActionPlan(
  input: { gap?: unknown } & Record<string, unknown>,
  options: { auditForm: AuditForm; now?: () => Date },
): RuleResult<CheckedActionPlan> {
  let actionPlan: ActionPlanValues;
  try {
    actionPlan = actionPlanSchema().validateSync(input, {
      abortEarly: false,
      stripUnknown: true,
    }) as ActionPlanValues;
  } catch (error) {
    if (error instanceof yup.ValidationError) {
      return { ok: false, message: firstMessageInOrder(error, PLAN_FIELD_ORDER) };
    }
    throw error;
  }
  if (actionPlan.formType !== options.auditForm) {
    return { ok: false, message: actionPlanRuleMessages.formTypeNotAudits };
  }
  if (!formHasTimeline(actionPlan.formType)) actionPlan = { ...actionPlan, timeline: undefined };
  const gap = checkGap(input.gap ?? {}, {
    formType: actionPlan.formType,
    planTimeline: actionPlan.timeline,
    now: options.now,
  });
  if (!gap.ok) return gap;
  return { ok: true, value: { actionPlan, gap: gap.value } };
}
