// The portfolio's figures (docs/decisions.md "Portfolio"): each is one SQL statement over the gaps
// in scope, or one page of the gap explorer, so that every figure links to the explorer rows it
// counts. The companies' open and overdue counts come from the per-company summaries.
import {
  CLOSURE_QUARTERS,
  CONDITION_PRECEDENT_LIST,
  MOST_OVERDUE_COUNT,
  NOT_CLOSED_STATUSES,
  OVERDUE_AGES,
  OVERDUE_AGE_DAYS,
  PORTFOLIO_REQUIREMENT_ORDER,
  SDG_CODES,
  quarterOf,
  type ClosureCount,
  type MatrixCell,
  type Portfolio,
  type RiskSeverity,
} from '@verity/shared-api/src/server';
import { gapOverdueSql } from '../action-plans/derived-sql';
import { companyGapStats, type FigureScope } from '../dashboards/figures';
import type { Queryable } from '../db';
import {
  closedOnTimeSql,
  daysOverdueSql,
  gapsInScopeSql,
  listPortfolioGaps,
} from './portfolio-gaps';

const RISKS_BY_RANK: readonly RiskSeverity[] = ['low', 'moderate', 'high'];

/** Company × requirement: the not-closed gaps of each cell, its overdue ones and its worst risk. */
async function matrixCells(db: Queryable, scope: FigureScope): Promise<MatrixCell[]> {
  const params: unknown[] = [];
  const { rows } = await db.query<{
    target_company_id: string;
    requirement: string;
    open: number;
    overdue: number;
    worst: number;
  }>(
    `SELECT g.target_company_id, r.requirement, count(*)::int AS open,
       (count(*) FILTER (WHERE ${gapOverdueSql('g')}))::int AS overdue,
       max(CASE g.risk_severity WHEN 'high' THEN 2 WHEN 'moderate' THEN 1 ELSE 0 END)::int AS worst
     FROM gaps g
     JOIN action_plans ap ON ap.id = g.action_plan_id
     CROSS JOIN LATERAL unnest(CASE WHEN cardinality(g.requirement_references) = 0
       THEN ARRAY[ap.category] ELSE g.requirement_references END) AS r(requirement)
     WHERE ${gapsInScopeSql(scope, params)} AND g.status <> 'closed'
     GROUP BY g.target_company_id, r.requirement`,
    params,
  );
  return rows.map((row) => ({
    targetCompanyId: row.target_company_id,
    requirement: row.requirement,
    open: row.open,
    overdue: row.overdue,
    worstRisk: RISKS_BY_RANK[row.worst]!,
  }));
}

/** Not-closed gaps per SDG they impact, SDG1 to SDG17. */
async function sdgCounts(db: Queryable, scope: FigureScope): Promise<Portfolio['sdgs']> {
  const params: unknown[] = [];
  const { rows } = await db.query<{ sdg: string; open: number }>(
    `SELECT s.sdg, count(*)::int AS open
     FROM gaps g CROSS JOIN LATERAL unnest(g.impacted_sdgs) AS s(sdg)
     WHERE ${gapsInScopeSql(scope, params)} AND g.status <> 'closed'
     GROUP BY s.sdg`,
    params,
  );
  const counts = new Map(rows.map((row) => [row.sdg, row.open]));
  return SDG_CODES.map((sdg) => ({ sdg, open: counts.get(sdg) ?? 0 }));
}

/** Overdue gaps by how long past due, in the four buckets. */
async function overdueAgeing(
  db: Queryable,
  scope: FigureScope,
): Promise<Portfolio['overdueAgeing']> {
  const params: unknown[] = [];
  const buckets = OVERDUE_AGES.map((age) => {
    const [from, to] = OVERDUE_AGE_DAYS[age];
    const test = to === null ? `days >= ${from}` : `days BETWEEN ${from} AND ${to}`;
    return `(count(*) FILTER (WHERE ${test}))::int AS "${age}"`;
  }).join(', ');
  const { rows } = await db.query<Record<string, number>>(
    `SELECT ${buckets} FROM (
       SELECT ${daysOverdueSql('g')} AS days FROM gaps g
       WHERE ${gapsInScopeSql(scope, params)} AND ${gapOverdueSql('g')}
     ) overdue`,
    params,
  );
  return OVERDUE_AGES.map((age) => ({ age, gaps: rows[0]?.[age] ?? 0 }));
}

/** The first day (UTC) of the quarter CLOSURE_QUARTERS - 1 quarters before `now`'s. */
export function closureSeriesStart(now: Date): Date {
  const quarterMonth = Math.floor(now.getUTCMonth() / 3) * 3;
  return new Date(Date.UTC(now.getUTCFullYear(), quarterMonth - 3 * (CLOSURE_QUARTERS - 1), 1));
}

/** The quarters of the series, oldest first, as 'YYYY-Qn'. */
function closureQuarters(now: Date): string[] {
  const start = closureSeriesStart(now);
  return Array.from({ length: CLOSURE_QUARTERS }, (_, index) =>
    quarterOf(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 3 * index, 1))),
  );
}

/** Gaps due in each quarter (before now) and those closed by their due date, per company and overall. */
async function closureOnTime(
  db: Queryable,
  scope: FigureScope,
  now: Date,
): Promise<Portfolio['closureOnTime']> {
  const params: unknown[] = [];
  const where = gapsInScopeSql(scope, params);
  const { rows } = await db.query<{
    target_company_id: string;
    quarter: string;
    due: number;
    on_time: number;
  }>(
    `SELECT g.target_company_id,
       to_char(g.due_date AT TIME ZONE 'UTC', 'YYYY-"Q"Q') AS quarter,
       count(*)::int AS due, (count(*) FILTER (WHERE ${closedOnTimeSql('g')}))::int AS on_time
     FROM gaps g
     WHERE ${where} AND g.due_date >= $${params.push(closureSeriesStart(now))} AND g.due_date < now()
     GROUP BY 1, 2`,
    params,
  );
  const quarters = closureQuarters(now);
  const empty = () => new Map(quarters.map((quarter) => [quarter, { due: 0, onTime: 0 }]));
  const overall = empty();
  const byCompany = new Map<string, ReturnType<typeof empty>>();
  for (const row of rows) {
    const company = byCompany.get(row.target_company_id) ?? empty();
    byCompany.set(row.target_company_id, company);
    for (const series of [company, overall]) {
      const count = series.get(row.quarter);
      if (!count) continue;
      count.due += row.due;
      count.onTime += row.on_time;
    }
  }
  const asList = (series: ReturnType<typeof empty>): ClosureCount[] =>
    [...series].map(([quarter, count]) => ({ quarter, ...count }));
  return {
    quarters: asList(overall),
    companies: [...byCompany].map(([targetCompanyId, series]) => ({
      targetCompanyId,
      quarters: asList(series),
    })),
  };
}

/** Every figure of the portfolio in `scope`, read side by side. */
export async function portfolioFigures(
  db: Queryable,
  scope: FigureScope,
  now = new Date(),
): Promise<Portfolio> {
  const [stats, matrix, sdgs, ageing, closure, mostOverdue, precedent] = await Promise.all([
    companyGapStats(db, scope),
    matrixCells(db, scope),
    sdgCounts(db, scope),
    overdueAgeing(db, scope),
    closureOnTime(db, scope, now),
    listPortfolioGaps(db, scope, {
      risk: ['high'],
      status: ['overdue'],
      sort: 'dueDate',
      pageSize: MOST_OVERDUE_COUNT,
    }),
    listPortfolioGaps(db, scope, {
      conditionType: 'precedent',
      status: [...NOT_CLOSED_STATUSES],
      sort: 'dueDate',
      pageSize: CONDITION_PRECEDENT_LIST,
    }),
  ]);
  const used = new Set(matrix.map((cell) => cell.requirement));
  return {
    companies: stats.companies.map((company) => ({
      targetCompanyId: company.targetCompanyId,
      targetCompanyName: company.targetCompanyName,
      open: company.open + company.provClosed + company.overdue,
      overdue: company.overdue,
    })),
    requirements: PORTFOLIO_REQUIREMENT_ORDER.filter((requirement) => used.has(requirement)),
    matrix,
    sdgs,
    overdueAgeing: ageing,
    closureOnTime: closure,
    mostOverdueHighRisk: mostOverdue.gaps,
    conditionsPrecedent: { open: precedent.total, gaps: precedent.gaps },
  };
}
