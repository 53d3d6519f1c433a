// The demo's change history: what the seeded plans and gaps went through, read back from the rows the
// demo wrote (creation, each status change of a known person, each remark), so the Change History tab
// tells the same story as the Status History and Remarks tabs. One gap can also have had its due date
// moved later, with the reason. The table is append-only, so every entry is written once, in order.
import type { Queryable } from '../db';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A gap whose due date was moved later `days` after it was raised, and why. */
export interface DemoDelay {
  reason: string;
  days: number;
}

const HISTORY_COLUMNS = `entity, action_plan_id, gap_id, field, old_value, new_value, reason, version,
  changed_by, changed_by_name, changed_by_user_type, changed_by_role, changed_at`;

/**
 * The JSON of a gap aliased `g` as its 'created' entry holds it (its first status: open), with
 * `dueDate` as given.
 */
const createdGapSql = (g: string, dueDate: string) => `jsonb_build_object(
  'KPI', ${g}.kpi, 'gapName', ${g}.gap_name, 'recommendation', ${g}.recommendation,
  'responsibility', ${g}.responsibility, 'actionTakenByCompany', ${g}.action_taken_by_company,
  'residualRisk', ${g}.residual_risk, 'riskSeverity', ${g}.risk_severity,
  'impactedSDGs', to_jsonb(${g}.impacted_sdgs), 'dueDate', ${dueDate}, 'timeline', ${g}.timeline,
  'ESGAspect', ${g}.esg_aspect, 'areaCode', ${g}.area_code,
  'amount', CASE WHEN ${g}.amount_currency IS NULL THEN NULL
    ELSE jsonb_build_object('currency', ${g}.amount_currency, 'value', ${g}.amount_value) END,
  'fields', ${g}.fields, 'addOns', ${g}.add_ons,
  'esapItemNumber', ${g}.esap_item_number, 'requirementReferences', to_jsonb(${g}.requirement_references),
  'completionIndicator', ${g}.completion_indicator, 'timetable', ${g}.timetable,
  'conditionType', ${g}.condition_type, 'status', 'open')`;

/** The history of one seeded company's plans and gaps, and each gap's version to match it. */
export async function seedChangeHistory(
  tx: Queryable,
  companyId: string,
  delay?: DemoDelay,
): Promise<void> {
  await tx.query(
    `INSERT INTO change_history (${HISTORY_COLUMNS})
     SELECT 'actionPlan', ap.id, NULL, 'created', NULL,
       jsonb_build_object('actionPlanHeading', ap.action_plan_heading, 'category', ap.category,
         'formType', ap.form_type, 'timeline', ap.timeline),
       NULL, 1, u.id, u.fullname, u.user_type, u.role, ap.created_at
     FROM action_plans ap JOIN users u ON u.id = ap.created_by
     WHERE ap.target_company_id = $1 ORDER BY ap.created_at, ap.id`,
    [companyId],
  );
  const delayed = delay ? await delayedGap(tx, companyId, delay.days) : undefined;
  // Every entry of every gap in one statement, numbered in time order: the version each change made.
  await tx.query(
    `INSERT INTO change_history (${HISTORY_COLUMNS})
     SELECT 'gap', e.action_plan_id, e.gap_id, e.field, e.old_value, e.new_value, e.reason,
       row_number() OVER (PARTITION BY e.gap_id ORDER BY e.changed_at, e.n),
       e.by_id, e.by_name, e.by_type, e.by_role, e.changed_at
     FROM (
       SELECT g.action_plan_id, g.id AS gap_id, 'created' AS field, NULL::jsonb AS old_value,
         ${createdGapSql('g', `CASE WHEN g.id = $2 THEN to_jsonb($3::timestamptz) ELSE to_jsonb(g.due_date) END`)} AS new_value,
         NULL::text AS reason, u.id AS by_id, u.fullname AS by_name, u.user_type AS by_type, u.role AS by_role,
         g.created_at AS changed_at, 0 AS n
       FROM gaps g JOIN users u ON u.id = g.created_by WHERE g.target_company_id = $1
       UNION ALL
       -- Status changes after the first 'open', by the people the demo knows by name.
       SELECT g.action_plan_id, g.id, 'status', to_jsonb(h.previous), to_jsonb(h.status), NULL,
         u.id, u.fullname, u.user_type, u.role, h.changed_at, 1
       FROM (SELECT gh.*, lag(gh.status) OVER (PARTITION BY gh.gap_id ORDER BY gh.changed_at, gh.id) AS previous
             FROM gap_status_history gh) h
       JOIN gaps g ON g.id = h.gap_id JOIN users u ON u.id = h.changed_by
       WHERE g.target_company_id = $1 AND h.previous IS NOT NULL
       UNION ALL
       -- Remarks as they were added, with how many images, never their text.
       SELECT g.action_plan_id, g.id, 'remark', NULL,
         jsonb_build_object('remarkId', r.id, 'attachments',
           (SELECT count(*) FROM remark_documents d WHERE d.remark_id = r.id)),
         NULL, r.user_id, r.fullname, r.user_type, r.role, r.created_at, 2
       FROM remarks r JOIN gaps g ON g.id = r.gap_id WHERE g.target_company_id = $1
       UNION ALL
       SELECT g.action_plan_id, g.id, 'dueDate', to_jsonb($3::timestamptz), to_jsonb(g.due_date), $4::text,
         u.id, u.fullname, u.user_type, u.role, g.created_at + make_interval(days => $5::int), 3
       FROM gaps g JOIN users u ON u.id = g.created_by WHERE g.id = $2::uuid
     ) e
     ORDER BY e.changed_at, e.n`,
    [companyId, delayed?.id ?? null, delayed?.earlier ?? null, delay?.reason ?? null, 3],
  );
  await tx.query(
    `UPDATE gaps g SET version = COALESCE((SELECT max(c.version) FROM change_history c WHERE c.gap_id = g.id), 1)
     WHERE g.target_company_id = $1`,
    [companyId],
  );
}

/** The company's first open gap with a due date: it was raised with a date `days` earlier. */
async function delayedGap(
  tx: Queryable,
  companyId: string,
  days: number,
): Promise<{ id: string; earlier: Date } | undefined> {
  const { rows } = await tx.query<{ id: string; due_date: Date }>(
    `SELECT g.id, g.due_date FROM gaps g
     WHERE g.target_company_id = $1 AND g.status = 'open' AND g.due_date IS NOT NULL
     ORDER BY g.created_at, g.id LIMIT 1`,
    [companyId],
  );
  const gap = rows[0];
  return gap && { id: gap.id, earlier: new Date(new Date(gap.due_date).getTime() - days * DAY_MS) };
}
