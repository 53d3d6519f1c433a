// The gap explorer: every gap of the caller's portfolio that passes the filters, one page at a time
// or streamed as CSV. Each portfolio figure is one combination of these filters
// (docs/decisions/0052-portfolio-api.md), so a figure and the explorer it links to count the same
// rows.
import {
  AUDIT_TYPE_LABELS,
  CONDITION_TYPE_LABELS,
  ESAP_FIELD_LABELS,
  OVERDUE_AGE_DAYS,
  RISK_SEVERITY_LABELS,
  contractText as text,
  isCategoryColumn,
  type PortfolioGap,
  type PortfolioGapPage,
  type PortfolioGapQuery,
  type PortfolioSort,
} from '@verity/shared-api/src/server';
import {
  statusCellSql,
  columnName,
  dateSql,
  labelSql,
  neutralisedCellSql,
} from '../action-plans/csv-export';
import {
  gapDisplayStatusInSql,
  gapDisplayStatusSql,
  gapOverdueAfterSql,
  gapOverdueSql,
} from '../action-plans/derived-sql';
import type { FigureScope } from '../dashboards/figures';
import type { Queryable } from '../db';
import { pageOf } from '../pages';

/**
 * SQL true for the rows aliased `alias` (gaps, or summaries: anything with target_company_id and
 * auditor_id) in `scope`, with its params appended to `params`.
 */
export function gapsInScopeSql(scope: FigureScope, params: unknown[], alias = 'g'): string {
  // The scope's own placeholders count from $1: they are renumbered after what `params` holds.
  const shift = params.length;
  const filter = scope.companyFilter.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + shift}`);
  params.push(...scope.params);
  const firm =
    scope.auditorId === undefined
      ? ''
      : ` AND ${alias}.auditor_id = $${params.push(scope.auditorId)}`;
  return `${alias}.target_company_id ${filter}${firm}`;
}

/** Whole days past the due date, counted up, for the overdue gaps aliased `g`; null for the others. */
export const daysOverdueSql = (g: string) =>
  `(CASE WHEN ${gapOverdueSql(g)} THEN ceil(extract(epoch FROM now() - ${gapOverdueAfterSql(g)}) / 86400)::int END)`;

/**
 * Closed by its due date: the gap is closed, and was last closed in time (`closed_at`, its status
 * history's latest 'closed', kept on the row by migration 0029). Never null: a closed gap with no
 * closing on record (written closed) was not closed in time.
 */
export const closedOnTimeSql = (g: string) =>
  `gap_closed_on_time(${g}.status, ${g}.closed_at, ${g}.due_date)`;

// Written as migration 0030's gaps_company_risk_idx has it, so that a page sorted by risk reads it.
const RISK_RANK = `(CASE g.risk_severity WHEN 'high' THEN 3 WHEN 'moderate' THEN 2 ELSE 1 END)`;
const STATUS_RANK = `(CASE ${gapDisplayStatusSql('g')} WHEN 'overdue' THEN 1 WHEN 'open' THEN 2
  WHEN 'pending' THEN 3 WHEN 'provClosed' THEN 4 ELSE 5 END)`;

const SORT_SQL: Readonly<Record<PortfolioSort, string>> = {
  dueDate: 'g.due_date',
  risk: RISK_RANK,
  company: 'tc.target_company_name',
  status: STATUS_RANK,
  gapName: 'g.gap_name',
  createdAt: 'g.created_at',
};

const FROM = `gaps g
  JOIN action_plans ap ON ap.id = g.action_plan_id
  JOIN audits a ON a.id = ap.audit_id
  JOIN auditors au ON au.id = a.auditor_id
  JOIN target_companies tc ON tc.id = g.target_company_id`;

/** `day` (YYYY-MM-DD) at midnight UTC, plus `days`. */
const utcDay = (placeholder: string, days = 0) =>
  `((${placeholder}::date + ${days})::timestamp AT TIME ZONE 'UTC')`;

/**
 * The WHERE of the filtered portfolio (scope first), its params appended to `params`, and the FROM
 * that counts its rows: the gaps, with only the joins its terms read (every gap has its plan,
 * audit, firm and company, so the others change no count).
 */
export function portfolioWhereSql(
  scope: FigureScope,
  filters: PortfolioGapQuery,
  params: unknown[],
): { where: string; countFrom: string } {
  const terms = [gapsInScopeSql(scope, params)];
  let readsPlan = false;
  let readsAudit = false;
  const add = (sql: (placeholder: string) => string, value: unknown) =>
    terms.push(sql(`$${params.push(value)}`));
  if (filters.targetCompanyId) add((p) => `g.target_company_id = ${p}`, filters.targetCompanyId);
  if (filters.auditorId) add((p) => `g.auditor_id = ${p}`, filters.auditorId);
  if (filters.auditType?.length) {
    readsPlan = readsAudit = true;
    add((p) => `a.audit_type = ANY(${p}::text[])`, filters.auditType);
  }
  if (filters.status?.length) terms.push(gapDisplayStatusInSql('g', filters.status));
  // One risk as an equality, so that a read in due-date order can walk gaps_risk_open_due_idx.
  if (filters.risk?.length === 1) add((p) => `g.risk_severity = ${p}`, filters.risk[0]);
  else if (filters.risk?.length) add((p) => `g.risk_severity = ANY(${p}::text[])`, filters.risk);
  if (filters.requirement) {
    const requirement = filters.requirement;
    readsPlan ||= isCategoryColumn(requirement);
    add(
      (p) =>
        isCategoryColumn(requirement)
          ? `(cardinality(g.requirement_references) = 0 AND ap.category = ${p})`
          : `g.requirement_references @> ARRAY[${p}::text]`,
      requirement,
    );
  }
  if (filters.sdg) add((p) => `g.impacted_sdgs @> ARRAY[${p}::text]`, filters.sdg);
  if (filters.overdueAge) {
    const [from, to] = OVERDUE_AGE_DAYS[filters.overdueAge];
    const days = daysOverdueSql('g');
    terms.push(
      to === null
        ? `${days} >= $${params.push(from)}`
        : `${days} BETWEEN $${params.push(from)} AND $${params.push(to)}`,
    );
  }
  if (filters.conditionType) add((p) => `g.condition_type = ${p}`, filters.conditionType);
  if (filters.closure?.length) {
    const onTime = filters.closure.includes('onTime');
    const late = filters.closure.includes('late');
    terms.push('g.due_date < now()');
    if (onTime !== late) terms.push(onTime ? closedOnTimeSql('g') : `NOT ${closedOnTimeSql('g')}`);
  }
  if (filters.dueFrom) add((p) => `g.due_date >= ${utcDay(p)}`, filters.dueFrom);
  if (filters.dueTo) add((p) => `g.due_date < ${utcDay(p, 1)}`, filters.dueTo);
  const countFrom = [
    'gaps g',
    readsPlan && 'JOIN action_plans ap ON ap.id = g.action_plan_id',
    readsAudit && 'JOIN audits a ON a.id = ap.audit_id',
  ]
    .filter(Boolean)
    .join('\n  ');
  return { where: terms.join('\n    AND '), countFrom };
}

/** ORDER BY of the explorer: the sort asked for (the due date unless told), then the gap's id. */
function orderBySql(filters: PortfolioGapQuery): string {
  const direction = filters.order === 'desc' ? 'DESC' : 'ASC';
  const sort = SORT_SQL[filters.sort ?? 'dueDate'];
  return `${sort} ${direction} NULLS LAST, g.id ${direction}`;
}

interface PortfolioGapRow extends Omit<PortfolioGap, 'dueDate' | 'createdAt'> {
  dueDate: Date | null;
  createdAt: Date;
}

const ROW_COLUMNS = `g.id, g.gap_name AS "gapName", g.kpi AS "KPI", g.risk_severity AS "riskSeverity",
  ${gapDisplayStatusSql('g')} AS "displayStatus", g.due_date AS "dueDate",
  g.due_milestone AS "dueMilestone",
  ${daysOverdueSql('g')} AS "daysOverdue", g.created_at AS "createdAt",
  g.esap_item_number AS "esapItemNumber", g.esap_section AS "esapSection",
  g.requirement_references AS "requirementReferences",
  g.impacted_sdgs AS "impactedSDGs", g.condition_type AS "conditionType",
  ap.id AS "actionPlanId", ap.action_plan_heading AS "actionPlanHeading",
  a.id AS "auditId", a.audit_type AS "auditType", au.id AS "auditorId", au.auditor_name AS "auditorName",
  tc.id AS "targetCompanyId", tc.target_company_name AS "targetCompanyName"`;

const toPortfolioGap = (row: PortfolioGapRow): PortfolioGap => ({
  ...row,
  dueDate: row.dueDate ? new Date(row.dueDate).toISOString() : null,
  createdAt: new Date(row.createdAt).toISOString(),
});

/**
 * The SELECT of the explorer's rows (ROW_COLUMNS) in its order, `limit` (and `offset`) of them: the
 * gaps of the page are chosen first from the gaps alone (with only the joins the filters and the
 * sort read), then their plan, audit, firm and company are joined to those rows only. Half the
 * planning of one five-table join (docs/performance.md "The slow read routes at 30,000 and 200,000
 * gaps"), the same rows.
 */
function pageSql(
  query: PortfolioGapQuery,
  where: string,
  countFrom: string,
  limit: string,
  offset?: string,
): string {
  const orderBy = orderBySql(query);
  const company =
    query.sort === 'company' ? '\n  JOIN target_companies tc ON tc.id = g.target_company_id' : '';
  return `SELECT ${ROW_COLUMNS} FROM (SELECT g.* FROM ${countFrom}${company} WHERE ${where}
    ORDER BY ${orderBy} LIMIT ${limit}${offset ? ` OFFSET ${offset}` : ''}) g
  JOIN action_plans ap ON ap.id = g.action_plan_id
  JOIN audits a ON a.id = ap.audit_id
  JOIN auditors au ON au.id = a.auditor_id
  JOIN target_companies tc ON tc.id = g.target_company_id
  ORDER BY ${orderBy}`;
}

/** One page of the filtered portfolio, and the count of all its rows. */
export async function listPortfolioGaps(
  db: Queryable,
  scope: FigureScope,
  query: PortfolioGapQuery,
): Promise<PortfolioGapPage> {
  const params: unknown[] = [];
  const { where, countFrom } = portfolioWhereSql(scope, query, params);
  const { page, pageSize, offset } = pageOf(query);
  const [{ rows }, { rows: counted }] = await Promise.all([
    db.query<PortfolioGapRow>(
      pageSql(query, where, countFrom, `$${params.length + 1}`, `$${params.length + 2}`),
      [...params, pageSize, offset],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${countFrom} WHERE ${where}`, params),
  ]);
  return { gaps: rows.map(toPortfolioGap), total: counted[0]?.n ?? 0, page, pageSize };
}

/**
 * The first `pageSize` rows of the filtered portfolio, in the explorer's order, without counting
 * them all: the portfolio's lists, which show their rows and link to the explorer for the rest.
 */
export async function firstPortfolioGaps(
  db: Queryable,
  scope: FigureScope,
  query: PortfolioGapQuery & { pageSize: number },
): Promise<PortfolioGap[]> {
  const params: unknown[] = [];
  const { where, countFrom } = portfolioWhereSql(scope, query, params);
  const limit = `$${params.push(query.pageSize)}`;
  const { rows } = await db.query<PortfolioGapRow>(pageSql(query, where, countFrom, limit), params);
  return rows.map(toPortfolioGap);
}

/** The explorer's CSV columns: heading and the SQL of each cell (text). */
const csvColumns = (): readonly [heading: string, cell: string][] => [
  [text('contract.csv.targetCompany'), neutralisedCellSql('tc.target_company_name')],
  [text('contract.csv.auditor'), neutralisedCellSql('au.auditor_name')],
  [text('contract.csv.auditType'), labelSql('a.audit_type', AUDIT_TYPE_LABELS)],
  [text('contract.csv.actionPlanHeading'), neutralisedCellSql('ap.action_plan_heading')],
  [ESAP_FIELD_LABELS.esapItemNumber, neutralisedCellSql('g.esap_item_number')],
  [text('contract.csv.gapName'), neutralisedCellSql('g.gap_name')],
  [text('contract.csv.kpi'), neutralisedCellSql('g.kpi')],
  [text('contract.csv.riskSeverity'), labelSql('g.risk_severity', RISK_SEVERITY_LABELS)],
  [text('contract.csv.status'), statusCellSql()],
  [text('contract.csv.dueDate'), dateSql('g.due_date')],
  [text('contract.csv.daysOverdue'), `${daysOverdueSql('g')}::text`],
  [
    ESAP_FIELD_LABELS.requirementReferences,
    neutralisedCellSql("array_to_string(g.requirement_references, '; ')"),
  ],
  [text('contract.csv.impactedSdgs'), "array_to_string(g.impacted_sdgs, ', ')"],
  [ESAP_FIELD_LABELS.conditionType, labelSql('g.condition_type', CONDITION_TYPE_LABELS)],
];

/** The SELECT (with its params) of every filtered gap, in the explorer's order, for COPY. */
export function portfolioExportSelect(scope: FigureScope, query: PortfolioGapQuery) {
  const params: unknown[] = [];
  const { where } = portfolioWhereSql(scope, query, params);
  const cells = csvColumns()
    .map(([heading, cell]) => `${cell} AS ${columnName(heading)}`)
    .join(',\n  ');
  return {
    sql: `SELECT ${cells} FROM ${FROM} WHERE ${where} ORDER BY ${orderBySql(query)}`,
    params,
  };
}
