// Editing an action plan's heading, category and timeline, in the caller's transaction, recorded in
// its change history (./change-history.ts).
import {
  DUE_DATE_AFTER_TIMELINE,
  checkActionPlanEdit,
  checkChangeReason,
  type ActionPlanChanges,
  type ActionPlanValues,
  type AuditForm,
} from '@verity/shared-api/src/server';
import type { Queryable } from '../db';
import { invalid, passed } from '../errors';
import {
  isoOrNull,
  lockActionPlan,
  reasonPassed,
  recordPlanChanges,
  sameValue,
  type Actor,
  type Change,
} from './change-history';

/** The latest due date among the plan's gaps, which a new timeline may not come before. */
async function latestDueDate(tx: Queryable, actionPlanId: string): Promise<Date | null> {
  const { rows } = await tx.query<{ latest: Date | null }>(
    'SELECT max(due_date) AS latest FROM gaps WHERE action_plan_id = $1',
    [actionPlanId],
  );
  return rows[0]?.latest ?? null;
}

/**
 * Applies an edit to a plan: locks it (a stale `version`: 409), checks the merged plan with the
 * shared rules (400), refuses a timeline earlier than a gap's due date (400) or moved later without a
 * reason (422), then writes the fields that changed and one entry each. Nothing changed, nothing is
 * written.
 */
export async function editActionPlan(
  tx: Queryable,
  actionPlanId: string,
  body: ActionPlanChanges,
  actor: Actor,
): Promise<void> {
  const { reason, version, ...changes } = body;
  const plan = await lockActionPlan(tx, actionPlanId, version);
  const edited = passed(
    checkActionPlanEdit(
      {
        actionPlanHeading: plan.actionPlanHeading,
        category: plan.category,
        timeline: plan.timeline ?? undefined,
        ...changes,
      },
      { formType: plan.formType as AuditForm },
    ),
  );
  const after = {
    actionPlanHeading: edited.actionPlanHeading,
    category: edited.category,
    timeline: isoOrNull(edited.timeline),
  };
  // Only a new timeline is checked against the gaps: an edit of the heading keeps the plan as it is.
  if (after.timeline !== null && after.timeline !== plan.timeline) {
    const latest = await latestDueDate(tx, plan.id);
    if (latest && new Date(after.timeline).getTime() < latest.getTime()) {
      throw invalid(DUE_DATE_AFTER_TIMELINE);
    }
  }
  const why = reasonPassed(
    checkChangeReason({
      subject: 'timeline',
      before: plan.timeline,
      after: after.timeline,
      reason,
    }),
  );
  const before = {
    actionPlanHeading: plan.actionPlanHeading,
    category: plan.category,
    timeline: plan.timeline,
  };
  const recorded: Change<'actionPlanHeading' | 'category' | 'timeline'>[] = (
    ['actionPlanHeading', 'category', 'timeline'] as const
  )
    .filter((field) => !sameValue(before[field], after[field]))
    .map((field) => ({
      field,
      oldValue: before[field],
      newValue: after[field],
      reason: field === 'timeline' ? (why ?? null) : null,
    }));
  if (recorded.length === 0) return;
  await tx.query(
    `UPDATE action_plans SET action_plan_heading = $1, category = $2, timeline = $3 WHERE id = $4`,
    [after.actionPlanHeading, after.category, after.timeline, plan.id],
  );
  await recordPlanChanges(tx, plan, actor, recorded);
}

/**
 * Inserts a checked action plan into an audit (version 1) with its 'created' change entry, in the
 * caller's transaction; gives its id. The gaps come after (`insertGap`, `insertGaps`).
 */
export async function insertActionPlan(
  tx: Queryable,
  audit: { id: string; targetCompanyId: string },
  actionPlan: ActionPlanValues,
  actor: Actor,
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO action_plans (audit_id, target_company_id, action_plan_heading, category, form_type, timeline, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      audit.id,
      audit.targetCompanyId,
      actionPlan.actionPlanHeading,
      actionPlan.category,
      actionPlan.formType,
      actionPlan.timeline ?? null,
      actor._id,
    ],
  );
  const planId = (rows[0] as { id: string }).id;
  await recordPlanChanges(tx, { id: planId, version: 1 }, actor, [
    {
      field: 'created',
      oldValue: null,
      newValue: {
        actionPlanHeading: actionPlan.actionPlanHeading,
        category: actionPlan.category,
        formType: actionPlan.formType,
        timeline: actionPlan.timeline?.toISOString() ?? null,
      },
    },
  ]);
  return planId;
}
