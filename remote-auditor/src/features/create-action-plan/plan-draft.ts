import { readDraft } from '@verity/session';
import type { Audit, AuditForm } from '@verity/shared-api';
import { restoreGapFormValues, type GapFormValues } from '@verity/shared-ui';
import { EMPTY_PLAN_FORM, type PlanFormValues } from './plan-form';

/** What the create action plan page keeps in the browser while its input is not yet saved. */
export interface PlanDraft {
  formType: AuditForm;
  plan: PlanFormValues;
  /** The gap section's values, when it holds any. */
  gap?: GapFormValues;
  /** When it was last written, shown as the draft comes back. */
  savedAt: string;
}

/** One draft per audit (and per user: the drafts store files them under the user's id). */
export const planDraftName = (auditId: string) => `create-action-plan.${auditId}`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The kept draft of this audit's page, read defensively: one written for another form type (the
 * audit's changed since) or not understood is ignored, and only text values are taken.
 */
export function readPlanDraft(userId: string, audit: Audit): PlanDraft | undefined {
  const draft = readDraft(userId, planDraftName(audit.id));
  if (!isRecord(draft) || draft.formType !== audit.auditForm || !isRecord(draft.plan)) {
    return undefined;
  }
  const stored = draft.plan;
  const plan = Object.fromEntries(
    (Object.keys(EMPTY_PLAN_FORM) as (keyof PlanFormValues)[]).map((field) => [
      field,
      typeof stored[field] === 'string' ? stored[field] : EMPTY_PLAN_FORM[field],
    ]),
  ) as unknown as PlanFormValues;
  const savedAt =
    typeof draft.savedAt === 'string' && !Number.isNaN(Date.parse(draft.savedAt))
      ? draft.savedAt
      : new Date().toISOString();
  return {
    formType: audit.auditForm,
    plan,
    gap: draft.gap === undefined ? undefined : restoreGapFormValues(draft.gap, audit.fields),
    savedAt,
  };
}
