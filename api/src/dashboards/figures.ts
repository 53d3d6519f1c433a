// The dashboard figures of docs/decisions/0006-derived-figures.md, each computed in one SQL
// statement.
import {
  ACTION_PLAN_CATEGORIES,
  ACTION_PLAN_CATEGORY_LABELS,
  RISK_SEVERITIES,
  RISK_SEVERITY_LABELS,
} from '@verity/shared-api/src/server';
import { prepared, type Queryable } from '../db';

/** Which action plans (and so which gaps) a dashboard counts. */
export interface FigureScope {
  /** SQL true for the target company ids in scope, given the company id column, e.g. `= $1`. */
  companyFilter: string;
  params: unknown[];
  /** When set, only the plans of this auditor firm's audits (an auditor sees only their firm's). */
  auditorId?: string;
  /**
   * SQL true when the signed-in user may read the scope (its placeholders in `params`): the tenancy
   * check inside the figures' own statement (`readableFigures`).
   */
  readable?: string;
}

export interface NameValue {
  name: string;
  value: number;
}

export interface ActionPlanFigures {
  actionPlans: {
    statusOverview: { total: number; closed: number; provClosed: number; open: number };
    categoryBreakdown: NameValue[];
    timelineAnalysis: NameValue[];
  };
  gaps: { riskSeverityDistribution: NameValue[] };
}

export interface CompanyGapStats {
  targetCompanyId: string;
  targetCompanyName: string;
  open: number;
  closed: number;
  provClosed: number;
  overdue: number;
}

export interface ProjectsOverview {
  totalProjects: number;
  completed: number;
  inProgress: number;
  overdue: number;
}

export const TIMELINE_NAMES = ['Completed', 'Overdue', 'On Track', 'No Timeline'] as const;

/**
 * `access` (whether the user may read the scope, evaluated once), `counts`: the per-company plan
 * counts in scope (migration 0032, kept by triggers on the per-plan summaries) with the plans that
 * passed their timeline or came due since each row's as_of (read only for the rows whose next moment
 * has passed: few, see `rollCompanySummaries`), and `risks`: the gaps per risk from the per-company
 * gap summaries (0027). One row per company and firm, whatever the number of plans and gaps. Leaves
 * `$n` placeholders in scope.params order, with the auditor id appended when set.
 */
function planCountsSql(scope: FigureScope, params: unknown[]): string {
  params.push(...scope.params);
  const firm =
    scope.auditorId === undefined ? '' : `AND s.auditor_id = $${params.push(scope.auditorId)}`;
  const inScope = `s.target_company_id ${scope.companyFilter} ${firm} AND (SELECT readable FROM access)`;
  return `
    access AS (SELECT ${scope.readable ?? 'true'} AS readable),
    counts AS (
      SELECT s.*, since.passed, since.overdue
      FROM company_plan_summaries s
      CROSS JOIN LATERAL (
        SELECT
          count(*) FILTER (WHERE NOT plan_is_closed(p.total, p.closed)
            AND p.timeline >= s.as_of AND p.timeline < now()) AS passed,
          count(*) FILTER (WHERE plan_is_prov_closed(p.total, p.closed, p.prov_closed)
            AND p.earliest_open_due >= s.as_of AND p.earliest_open_due < now()) AS overdue
        FROM action_plan_summaries p
        WHERE s.next_moment < now()
          AND p.target_company_id = s.target_company_id AND p.auditor_id = s.auditor_id
          AND (p.timeline >= s.as_of AND p.timeline < now()
            OR p.earliest_open_due >= s.as_of AND p.earliest_open_due < now())
      ) since
      WHERE ${inScope}
    ),
    risks AS (
      SELECT sum(s.low) AS low, sum(s.moderate) AS moderate, sum(s.high) AS high
      FROM company_summaries s WHERE ${inScope}
    )`;
}

interface PlanFigureRow {
  readable: boolean;
  total: number;
  closed: number;
  prov_closed: number;
  environment: number;
  social: number;
  governance: number;
  prosperity: number;
  t_completed: number;
  t_overdue: number;
  t_on_track: number;
  t_no_timeline: number;
  low: number | null;
  moderate: number | null;
  high: number | null;
  next_moment?: Date | string | null;
}

/** Status overview, category and timeline pies of the plans in scope, and the risk pie of their gaps. */
export async function actionPlanFigures(
  db: Queryable,
  scope: Omit<FigureScope, 'readable'>,
): Promise<ActionPlanFigures> {
  return (await readableFigures(db, scope))!;
}

/** `actionPlanFigures` of a scope the user may not be allowed to read: undefined when not `readable`. */
export async function readableFigures(
  db: Queryable,
  scope: FigureScope,
): Promise<ActionPlanFigures | undefined> {
  return (await figuresUntil(db, scope, false)).figures;
}

/**
 * `readableFigures`, and when they next move by the clock alone (a plan's timeline or its earliest
 * open gap's due date passing; null: never), read with the same now() from the summary rows in
 * scope: the expiry of a cached answer of these figures.
 */
export async function readableFiguresUntil(
  db: Queryable,
  scope: FigureScope,
): Promise<{ figures?: ActionPlanFigures; nextMoment: Date | null }> {
  return figuresUntil(db, scope, true);
}

async function figuresUntil(
  db: Queryable,
  scope: FigureScope,
  withNextMoment: boolean,
): Promise<{ figures?: ActionPlanFigures; nextMoment: Date | null }> {
  const params: unknown[] = [];
  const counts = planCountsSql(scope, params);
  // A summary row's next_moment (maintained by the triggers) is a lower bound of when its counts move: used
  // as it is once it is in the future; for the few rows whose next_moment has passed (until the roll
  // moves them on), the row's plans' next timeline and due date, each one index read.
  const nextMoment = withNextMoment
    ? `, (SELECT min(CASE WHEN c.next_moment IS NULL OR c.next_moment >= now() THEN c.next_moment
          ELSE least(
            (SELECT min(p.timeline) FROM action_plan_summaries p
              WHERE p.target_company_id = c.target_company_id AND p.auditor_id = c.auditor_id
                AND p.timeline >= now()),
            (SELECT min(p.earliest_open_due) FROM action_plan_summaries p
              WHERE p.target_company_id = c.target_company_id AND p.auditor_id = c.auditor_id
                AND p.earliest_open_due >= now())) END)
        FROM counts c) AS next_moment`
    : '';
  const { rows } = await db.query<PlanFigureRow>(
    prepared(`WITH ${counts}
    SELECT
      (SELECT readable FROM access) AS readable,
      coalesce(sum(plans), 0)::int AS total,
      coalesce(sum(closed), 0)::int AS closed,
      -- A provisionally closed plan with a gap past its due date is overdue: neither closed nor
      -- provisionally closed in the overview.
      coalesce(sum(prov_closed - prov_overdue - overdue), 0)::int AS prov_closed,
      ${ACTION_PLAN_CATEGORIES.map(
        (category) => `coalesce(sum(${category}), 0)::int AS ${category}`,
      ).join(', ')},
      coalesce(sum(closed), 0)::int AS t_completed,
      coalesce(sum(timeline_passed + passed), 0)::int AS t_overdue,
      coalesce(sum(plans - closed - untimed - timeline_passed - passed), 0)::int AS t_on_track,
      coalesce(sum(untimed), 0)::int AS t_no_timeline,
      ${RISK_SEVERITIES.map((risk) => `(SELECT ${risk} FROM risks)::int AS ${risk}`).join(', ')}
      ${nextMoment}
    FROM counts`),
    params,
  );
  const row = rows[0]!;
  const moment = row.next_moment ? new Date(row.next_moment) : null;
  if (!row.readable) return { nextMoment: moment };
  const figures = {
    actionPlans: {
      statusOverview: {
        total: row.total,
        closed: row.closed,
        provClosed: row.prov_closed,
        open: row.total - row.closed - row.prov_closed,
      },
      categoryBreakdown: ACTION_PLAN_CATEGORIES.filter((category) => row[category] > 0).map(
        (category) => ({ name: ACTION_PLAN_CATEGORY_LABELS[category], value: row[category] }),
      ),
      timelineAnalysis: [
        { name: TIMELINE_NAMES[0], value: row.t_completed },
        { name: TIMELINE_NAMES[1], value: row.t_overdue },
        { name: TIMELINE_NAMES[2], value: row.t_on_track },
        { name: TIMELINE_NAMES[3], value: row.t_no_timeline },
      ],
    },
    gaps: {
      riskSeverityDistribution: RISK_SEVERITIES.map((risk) => ({
        name: RISK_SEVERITY_LABELS[risk],
        value: row[risk] ?? 0,
      })),
    },
  };
  return { figures, nextMoment: moment };
}

interface CompanyRow {
  id: string;
  target_company_name: string;
  open: number;
  closed: number;
  prov_closed: number;
  overdue: number;
  total_projects: number;
  completed_projects: number;
  overdue_projects: number;
  next_due?: Date | string | null;
}

/**
 * Per target company in scope, its gaps open, closed, provClosed and overdue; and the projects overview.
 * Read from the per-company summaries (migration 0027): one row per company and auditor firm, whatever
 * the number of plans and gaps. Overdue is stored as of the row's overdue_as_of; the gaps that came
 * due since are added here, read only for the rows whose next_due has passed (few: see
 * `rollCompanySummaries`).
 */
export async function companyGapStats(
  db: Queryable,
  scope: FigureScope,
  { nextDue = false }: { nextDue?: boolean } = {},
): Promise<{
  projectsOverview: ProjectsOverview;
  companies: CompanyGapStats[];
  /** With `nextDue`: when a count next moves by the clock alone (`nextDueSql`), read with the same now(). */
  nextDue?: Date | null;
}> {
  const params: unknown[] = [...scope.params];
  const firmParam = scope.auditorId === undefined ? undefined : params.push(scope.auditorId);
  const firmOf = (alias: string) =>
    firmParam === undefined ? '' : `AND ${alias}.auditor_id = $${firmParam}`;
  const firm = firmOf('s');
  const due = nextDue
    ? `, ${nextDueSql(`ns.target_company_id ${scope.companyFilter} ${firmOf('ns')}`)} AS next_due`
    : '';
  const { rows } = await db.query<CompanyRow>(
    prepared(`WITH per_company AS (
      SELECT s.target_company_id,
        sum(s.open + s.prov_closed + s.pending + s.closed)::int AS total,
        sum(s.closed)::int AS closed, sum(s.prov_closed)::int AS prov_all,
        sum(s.overdue_open + s.overdue_prov_closed + c.open + c.prov_closed)::int AS overdue,
        sum(s.overdue_prov_closed + c.prov_closed)::int AS prov_overdue
      FROM company_summaries s
      -- An empty range (nothing read) for the rows whose next_due has not passed.
      CROSS JOIN LATERAL company_gaps_came_overdue(s.target_company_id, s.auditor_id, s.overdue_as_of,
        CASE WHEN s.next_due < now() THEN now() ELSE s.overdue_as_of END) c
      WHERE s.target_company_id ${scope.companyFilter} ${firm}
      GROUP BY s.target_company_id
    ),
    companies AS (
      SELECT tc.id, tc.target_company_name,
        coalesce(pc.total, 0) AS total, coalesce(pc.closed, 0) AS closed,
        coalesce(pc.overdue, 0) AS overdue,
        coalesce(pc.prov_all - pc.prov_overdue, 0) AS prov_closed,
        coalesce(pc.total - pc.closed - pc.prov_all - (pc.overdue - pc.prov_overdue), 0) AS open
      FROM target_companies tc LEFT JOIN per_company pc ON pc.target_company_id = tc.id
      WHERE tc.id ${scope.companyFilter}
    )
    SELECT id, target_company_name, open, closed, prov_closed, overdue,
      (count(*) OVER ())::int AS total_projects,
      (count(*) FILTER (WHERE total > 0 AND closed = total) OVER ())::int AS completed_projects,
      (count(*) FILTER (WHERE overdue > 0) OVER ())::int AS overdue_projects${due}
    FROM companies
    ORDER BY target_company_name, id`),
    params,
  );
  const first = rows[0];
  const totalProjects = first?.total_projects ?? 0;
  const completed = first?.completed_projects ?? 0;
  const overdue = first?.overdue_projects ?? 0;
  return {
    projectsOverview: {
      totalProjects,
      completed,
      inProgress: totalProjects - completed - overdue,
      overdue,
    },
    companies: rows.map((row) => ({
      targetCompanyId: row.id,
      targetCompanyName: row.target_company_name,
      open: row.open,
      closed: row.closed,
      provClosed: row.prov_closed,
      overdue: row.overdue,
    })),
    ...(nextDue && { nextDue: first?.next_due ? new Date(first.next_due) : null }),
  };
}

/**
 * A moment from now before which no gap that can be overdue of the summary rows `where` picks
 * (`company_summaries` aliased `ns`) falls due: until then, no count of theirs moves with the clock.
 * A row's next_due (maintained by the triggers, a lower bound of those due dates from its overdue_as_of on;
 * null: none) is used as it is once it is in the future; for the few rows whose next_due has passed
 * (until the roll moves them on), one read of the (company, firm, due date) index.
 */
export const nextDueSql = (where: string) => `(SELECT min(CASE
    WHEN ns.next_due IS NULL OR ns.next_due >= now() THEN ns.next_due
    ELSE (SELECT n FROM company_gaps_next_overdue(ns.target_company_id, ns.auditor_id, now()) n) END)
  FROM company_summaries ns
  WHERE ${where})`;
