// The portfolio's figures (docs/decisions/0052-portfolio-api.md and
// docs/decisions/0008-portfolio-summaries.md): the counts are read from the per-company summaries
// (one row per company and firm, and per requirement, SDG or quarter), the lists are pages of the
// gap explorer, so that every figure links to the explorer rows it counts.
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
import { gapCameOverdueSql } from '../action-plans/derived-sql';
import { companyGapStats, nextDueSql, type FigureScope } from '../dashboards/figures';
import type { Database, Queryable } from '../db';
import {
  closedOnTimeSql,
  firstPortfolioGaps,
  gapsInScopeSql,
  listPortfolioGaps,
} from './portfolio-gaps';

const RISKS_BY_RANK: readonly RiskSeverity[] = ['low', 'moderate', 'high'];

/**
 * The gaps of the summary row aliased `s` that pass `where` (on the gap aliased `g`), as a lateral
 * subquery: with `where` naming a window since the row's overdue_as_of, what a reader adds to a
 * count kept "as of" the row's moment (migration 0029). `OFFSET 0` keeps it a subquery, so that each
 * row reads its own range of the (company, firm, due date) index instead of the planner joining every
 * gap of the scope.
 */
const sinceMomentOf = (where: string) =>
  `SELECT g.* FROM gaps g WHERE g.target_company_id = s.target_company_id
    AND g.auditor_id = s.auditor_id AND ${where} OFFSET 0`;

/**
 * The gaps of the summary row aliased `s` that came overdue since `hours` before its overdue_as_of
 * (`company_gaps_came_overdue`), open and provisionally closed: what a reader adds to an overdue
 * count kept "as of" the row's moment, shifted by an ageing band.
 */
const cameOverdueSinceMomentOf = (hours = 0) => {
  const shift = hours === 0 ? '' : ` - interval '${hours} hours'`;
  return `company_gaps_came_overdue(s.target_company_id, s.auditor_id, s.overdue_as_of${shift}, now()${shift})`;
};

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
    `WITH s AS (SELECT * FROM company_summaries s WHERE ${gapsInScopeSql(scope, params, 's')}),
     cells AS (
       SELECT r.target_company_id, r.requirement, r.low, r.moderate, r.high, r.overdue
       FROM company_requirement_summaries r
       JOIN s ON s.target_company_id = r.target_company_id AND s.auditor_id = r.auditor_id
       UNION ALL
       SELECT g.target_company_id, x.requirement, 0, 0, 0, 1
       FROM s CROSS JOIN LATERAL (${sinceMomentOf(gapCameOverdueSql('g', 's.overdue_as_of'))}) g
       CROSS JOIN LATERAL unnest(gap_requirements(g.requirement_references, g.plan_category))
         AS x (requirement)
     )
     SELECT target_company_id, requirement, sum(low + moderate + high)::int AS open,
       sum(overdue)::int AS overdue,
       CASE WHEN sum(high) > 0 THEN 2 WHEN sum(moderate) > 0 THEN 1 ELSE 0 END AS worst
     FROM cells
     GROUP BY target_company_id, requirement
     HAVING sum(low + moderate + high) > 0`,
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
    `SELECT x.sdg, sum(x.open)::int AS open FROM company_sdg_summaries x
     WHERE ${gapsInScopeSql(scope, params, 'x')}
     GROUP BY x.sdg`,
    params,
  );
  const counts = new Map(rows.map((row) => [row.sdg, row.open]));
  return SDG_CODES.map((sdg) => ({ sdg, open: counts.get(sdg) ?? 0 }));
}

/**
 * The overdue gaps due more than `days` days before now, kept "as of" each row's moment: the stored
 * count (migration 0029's columns, one per boundary of the bands) and those due since.
 */
const OVERDUE_BEFORE: Readonly<Record<number, string>> = {
  0: 's.overdue_open + s.overdue_prov_closed',
  30: 's.overdue_30',
  90: 's.overdue_90',
  180: 's.overdue_180',
};

/** Overdue gaps by how long past due, in the four buckets. */
async function overdueAgeing(
  db: Queryable,
  scope: FigureScope,
): Promise<Portfolio['overdueAgeing']> {
  const params: unknown[] = [];
  const boundaries = Object.keys(OVERDUE_BEFORE).map(Number);
  const columns = boundaries.map(
    (days) =>
      `sum(${OVERDUE_BEFORE[days]} + (SELECT c.open + c.prov_closed
         FROM ${cameOverdueSinceMomentOf(days * 24)} c))::int AS "${days}"`,
  );
  const { rows } = await db.query<Record<string, number | null>>(
    `SELECT ${columns.join(',\n  ')}
     FROM company_summaries s WHERE ${gapsInScopeSql(scope, params, 's')}`,
    params,
  );
  // Due more than `days` days ago (at least `days` + 1 whole days overdue).
  const before = (days: number | null) => {
    if (days === null) return 0;
    if (!(days in OVERDUE_BEFORE)) throw new Error(`No overdue count kept for ${days} days`);
    return rows[0]?.[String(days)] ?? 0;
  };
  return OVERDUE_AGES.map((age) => {
    const [from, to] = OVERDUE_AGE_DAYS[age];
    return { age, gaps: before(from - 1) - before(to) };
  });
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
  const where = gapsInScopeSql(scope, params, 's');
  const start = `$${params.push(closureSeriesStart(now))}::timestamptz`;
  const { rows } = await db.query<{
    target_company_id: string;
    quarter: string;
    due: number;
    on_time: number;
  }>(
    `WITH s AS (SELECT * FROM company_summaries s WHERE ${where})
     SELECT target_company_id, to_char(quarter, 'YYYY-"Q"Q') AS quarter,
       sum(due)::int AS due, sum(on_time)::int AS on_time
     FROM (
       SELECT q.target_company_id, q.quarter, q.due, q.on_time
       FROM company_closure_summaries q
       JOIN s ON s.target_company_id = q.target_company_id AND s.auditor_id = q.auditor_id
       WHERE q.quarter >= (${start} AT TIME ZONE 'UTC')::date
       UNION ALL
       SELECT g.target_company_id, date_trunc('quarter', g.due_date AT TIME ZONE 'UTC')::date, 1,
         (${closedOnTimeSql('g')})::int
       FROM s CROSS JOIN LATERAL (${sinceMomentOf(
         `g.due_date >= s.overdue_as_of AND g.due_date < now() AND g.due_date >= ${start}`,
       )}) g
     ) c
     GROUP BY target_company_id, quarter
     HAVING sum(due) > 0`,
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

/** The first due date after now of the gaps of `scope` that can be overdue (`nextDueSql`). */
export async function nextDueDate(db: Queryable, scope: FigureScope): Promise<Date | null> {
  const params: unknown[] = [];
  const { rows } = await db.query<{ next: Date | null }>(
    `SELECT ${nextDueSql(gapsInScopeSql(scope, params, 'ns'))} AS next`,
    params,
  );
  return rows[0]?.next ? new Date(rows[0].next) : null;
}

/**
 * Changes whenever what the portfolio of `scope` shows may have changed, read in one statement:
 * - a digest of the scope's summary rows, each with its row version (xmin, which every write of a
 *   row changes) and its firm's: the summaries are written with every gap write that moves a count;
 * - a digest of the scope's companies with theirs: who is in the scope, and their names;
 * - the newest entry of the change history, which every write to a gap or a plan appends to (the
 *   lists' texts), whichever tenant it was.
 */
export async function portfolioToken(db: Queryable, scope: FigureScope): Promise<string> {
  const params: unknown[] = [];
  const summaries = gapsInScopeSql(scope, params, 's');
  // The scope's own placeholders, as gapsInScopeSql numbered them (from $1).
  const companies = `tc.id ${scope.companyFilter}`;
  const { rows } = await db.query<{ token: string }>(
    `SELECT md5(coalesce(string_agg(concat_ws('/', s.target_company_id, s.auditor_id, s.xmin, au.xmin),
         ',' ORDER BY s.target_company_id, s.auditor_id), ''))
       || md5((SELECT coalesce(string_agg(concat_ws('/', tc.id, tc.xmin), ',' ORDER BY tc.id), '')
           FROM target_companies tc WHERE ${companies}))
       || '/' || coalesce((SELECT max(position) FROM change_history), 0) AS token
     FROM company_summaries s JOIN auditors au ON au.id = s.auditor_id
     WHERE ${summaries}`,
    params,
  );
  return rows[0]?.token ?? '';
}

/**
 * Every figure of the portfolio in `scope`, read one after another on one connection, in one
 * read-only snapshot: the figures agree with each other (one now(), no write seen by some and not
 * others), and one call holds one pooled connection rather than seven. With them, the first due
 * date after now (`nextDueDate`).
 */
export async function readPortfolio(
  db: Database,
  scope: FigureScope,
  now = new Date(),
): Promise<{ portfolio: Portfolio; nextDue: Date | null }> {
  const figures = await db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    return {
      stats: await companyGapStats(tx, scope),
      matrix: await matrixCells(tx, scope),
      sdgs: await sdgCounts(tx, scope),
      ageing: await overdueAgeing(tx, scope),
      closure: await closureOnTime(tx, scope, now),
      mostOverdue: await firstPortfolioGaps(tx, scope, {
        risk: ['high'],
        status: ['overdue'],
        sort: 'dueDate',
        pageSize: MOST_OVERDUE_COUNT,
      }),
      precedent: await listPortfolioGaps(tx, scope, {
        conditionType: 'precedent',
        status: [...NOT_CLOSED_STATUSES],
        sort: 'dueDate',
        pageSize: CONDITION_PRECEDENT_LIST,
      }),
      nextDue: await nextDueDate(tx, scope),
    };
  });
  const { stats, matrix, sdgs, ageing, closure, mostOverdue, precedent, nextDue } = figures;
  const used = new Set(matrix.map((cell) => cell.requirement));
  const portfolio: Portfolio = {
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
    mostOverdueHighRisk: mostOverdue,
    conditionsPrecedent: { open: precedent.total, gaps: precedent.gaps },
  };
  return { portfolio, nextDue };
}

/** Every figure of the portfolio in `scope` (`readPortfolio`). */
export async function portfolioFigures(
  db: Database,
  scope: FigureScope,
  now = new Date(),
): Promise<Portfolio> {
  return (await readPortfolio(db, scope, now)).portfolio;
}
