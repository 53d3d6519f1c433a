// Reading action plans: lists with their gaps and one plan with its statistics, in a fixed number of queries.
import type {
  ActionPlan,
  ActionPlanCategory,
  ActionPlanDetail,
  ActionPlanFilters,
  ActionPlanStatistics,
  ActionPlanWithGaps,
  AuditForm,
  SessionUser,
  StatusKey,
} from '@verity/shared-api/src/server';
import type { Queryable } from '../db';
import { findPlanChangeHistory } from './change-history';
import { planOverallStatusSql, planStatisticsSql } from './derived-sql';
import { findGapsOfPlans } from './gap-sql';

interface ActionPlanRow {
  id: string;
  audit_id: string;
  target_company_id: string;
  action_plan_heading: string;
  category: ActionPlanCategory;
  form_type: AuditForm;
  timeline: Date | null;
  created_at: Date;
  overall_status: StatusKey;
  version: number;
}

const selectPlansSql = `SELECT ap.id, ap.audit_id, ap.target_company_id, ap.action_plan_heading, ap.category,
    ap.form_type, ap.timeline, ap.created_at, ap.version, ${planOverallStatusSql('g')} AS overall_status
  FROM action_plans ap LEFT JOIN gaps g ON g.action_plan_id = ap.id`;

function toActionPlan(row: ActionPlanRow): ActionPlan {
  return {
    id: row.id,
    auditId: row.audit_id,
    targetCompanyId: row.target_company_id,
    actionPlanHeading: row.action_plan_heading,
    category: row.category,
    formType: row.form_type,
    timeline: row.timeline === null ? null : new Date(row.timeline).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
    overallStatus: row.overall_status,
    version: row.version,
  };
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The plans of one audit (newest first), each with its overall status and its gaps, as `reader` sees them. */
export async function listActionPlans(
  db: Queryable,
  auditId: string,
  filters: Omit<ActionPlanFilters, 'targetCompanyId'>,
  reader?: SessionUser,
): Promise<ActionPlanWithGaps[]> {
  const params: unknown[] = [auditId];
  const where = ['ap.audit_id = $1'];
  const search = filters.search?.trim();
  if (search) {
    params.push(likePattern(search));
    where.push(`(ap.action_plan_heading ILIKE $${params.length}
      OR EXISTS (SELECT 1 FROM gaps s WHERE s.action_plan_id = ap.id
        AND (s.gap_name ILIKE $${params.length} OR s.kpi ILIKE $${params.length})))`);
  }
  if (filters.category) where.push(`ap.category = $${params.push(filters.category)}`);
  const having = filters.status
    ? `HAVING ${planOverallStatusSql('g')} = $${params.push(filters.status)}`
    : '';
  const { rows } = await db.query<ActionPlanRow>(
    `${selectPlansSql} WHERE ${where.join(' AND ')} GROUP BY ap.id ${having}
     ORDER BY ap.created_at DESC, ap.id`,
    params,
  );
  const plans = rows.map(toActionPlan);
  const gaps = await findGapsOfPlans(
    db,
    plans.map((plan) => plan.id),
    reader,
  );
  return plans.map((plan) => ({
    ...plan,
    gaps: gaps.filter((gap) => gap.actionPlanId === plan.id),
  }));
}

/** One plan with its overall status and statistics, and its gaps, as `reader` sees them. */
export async function findActionPlanDetail(
  db: Queryable,
  actionPlanId: string,
  reader?: SessionUser,
): Promise<ActionPlanDetail | undefined> {
  // The reads need only the plan's id: they run side by side (no gaps when there is no such plan).
  const [{ rows }, gaps, changeHistory] = await Promise.all([
    db.query<ActionPlanRow & ActionPlanStatistics>(
      `${selectPlansSql.replace('FROM action_plans', `, ${planStatisticsSql('g')} FROM action_plans`)}
       WHERE ap.id = $1 GROUP BY ap.id`,
      [actionPlanId],
    ),
    findGapsOfPlans(db, [actionPlanId], reader),
    findPlanChangeHistory(db, actionPlanId),
  ]);
  const row = rows[0];
  if (!row) return undefined;
  const { totalGaps, openGaps, closedGaps, overdueGaps, completionPercentage } = row;
  return {
    actionPlan: toActionPlan(row),
    statistics: { totalGaps, openGaps, closedGaps, overdueGaps, completionPercentage },
    gaps,
    changeHistory,
  };
}

/** One plan with its overall status (no gaps). */
export async function findActionPlan(
  db: Queryable,
  actionPlanId: string,
): Promise<ActionPlan | undefined> {
  const { rows } = await db.query<ActionPlanRow>(
    `${selectPlansSql} WHERE ap.id = $1 GROUP BY ap.id`,
    [actionPlanId],
  );
  return rows[0] ? toActionPlan(rows[0]) : undefined;
}
