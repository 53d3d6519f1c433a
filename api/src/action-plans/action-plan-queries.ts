// Reading action plans: a page of an audit's plans with their newest gaps, a page of a plan's gaps,
// and one plan with its statistics and gaps, each in a fixed number of queries.
import {
  PLAN_LIST_GAP_PREVIEW,
  type ActionPlan,
  type ActionPlanCategory,
  type ActionPlanDetail,
  type ActionPlanFilters,
  type ActionPlanPage,
  type ActionPlanStatistics,
  type AuditForm,
  type GapListItem,
  type GapStoredStatus,
  type PlanGapPage,
  type RiskSeverity,
  type SessionUser,
  type StatusKey,
} from '@verity/shared-api/src/server';
import { auditVisibleSql } from '../auth/tenancy';
import { prepared, type Queryable } from '../db';
import { planChangeHistorySql, toChangeEntries, type ChangeJson } from './change-history';
import {
  gapCanBeOverdueSql,
  gapDisplayStatusSql,
  gapOverdueAfterSql,
  planOverallStatusSql,
  planOverdueJoinSql,
  planStatisticsSql,
  planSummaryFiguresSql,
  planSummaryStatusSql,
} from './derived-sql';
import { duplicateOfSql, duplicateVisibility } from './evidence-sql';
import { PLAN_GAP_ORDER, gapsOfJson, planGapsJsonSql, type GapRow } from './gap-sql';
import { likePattern, pageOf, readPage } from '../pages';

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

const planColumns = `ap.id, ap.audit_id, ap.target_company_id, ap.action_plan_heading, ap.category,
    ap.form_type, ap.timeline, ap.created_at, ap.version`;

const selectPlansSql = `SELECT ${planColumns}, ${planOverallStatusSql('g')} AS overall_status
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

interface GapListRow {
  id: string;
  action_plan_id: string;
  kpi: string;
  gap_name: string;
  risk_severity: RiskSeverity;
  status: GapStoredStatus;
  display_status: StatusKey;
  created_at: Date;
  due_date: Date | null;
  esap_item_number: string | null;
  due_milestone: string | null;
}

const gapListColumns = (g: string) => `${g}.id, ${g}.action_plan_id, ${g}.kpi, ${g}.gap_name,
    ${g}.risk_severity, ${g}.status, ${gapDisplayStatusSql(g)} AS display_status, ${g}.created_at, ${g}.due_date,
    ${g}.esap_item_number, ${g}.esap_item_order, ${g}.due_milestone`;

function toGapListItem(row: GapListRow): GapListItem {
  return {
    id: row.id,
    actionPlanId: row.action_plan_id,
    KPI: row.kpi,
    gapName: row.gap_name,
    riskSeverity: row.risk_severity,
    status: row.status,
    displayStatus: row.display_status,
    createdAt: new Date(row.created_at).toISOString(),
    dueDate: row.due_date === null ? null : new Date(row.due_date).toISOString(),
    esapItemNumber: row.esap_item_number,
    dueMilestone: row.due_milestone,
  };
}

/**
 * One page of an audit's plans (newest first), each with its overall status, its statistics and its
 * newest gaps (PLAN_LIST_GAP_PREVIEW) as list rows: the answer's size does not grow with the audit's.
 * With a reader, undefined unless the reader may see the audit (and it is `targetCompanyId`'s, when
 * given). One statement: the tenancy check, the count and the page. The figures come from the
 * per-plan summaries (an overdue count is read only for a plan whose earliest not-closed due date
 * has passed), so a page costs its plans, not their gaps, and a status filter reads one summary row
 * per plan of the audit.
 */
export async function listActionPlans(
  db: Queryable,
  auditId: string,
  filters: Omit<ActionPlanFilters, 'targetCompanyId'>,
  reader?: SessionUser,
  targetCompanyId?: string,
): Promise<ActionPlanPage | undefined> {
  return (await readActionPlanPage(db, auditId, filters, { reader, targetCompanyId }))?.list;
}

/**
 * `listActionPlans`, and with `nextDue` when the list next changes by the clock alone, read by the
 * same statement (one now()): the first due date from then of a gap of the audit's plans that can be
 * overdue (it then counts as overdue, in its plan's figures and as its list row's status); null when
 * there is none.
 */
export async function readActionPlanPage(
  db: Queryable,
  auditId: string,
  filters: Omit<ActionPlanFilters, 'targetCompanyId'>,
  {
    reader,
    targetCompanyId,
    nextDue = false,
  }: { reader?: SessionUser; targetCompanyId?: string; nextDue?: boolean },
): Promise<{ list: ActionPlanPage; nextDue: Date | null } | undefined> {
  const { page, pageSize, offset } = pageOf(filters);
  const params: unknown[] = [auditId];
  const company =
    targetCompanyId === undefined
      ? ''
      : ` AND a.target_company_id = $${params.push(targetCompanyId)}`;
  const visible = reader ? ` AND ${auditVisibleSql(reader, 'a', params)}` : '';
  // Null when the audit is not visible: then no plan matches and no row comes back.
  const where = ['ap.audit_id = (SELECT id FROM visible)'];
  const search = filters.search?.trim();
  if (search) {
    params.push(likePattern(search));
    where.push(`(ap.action_plan_heading ILIKE $${params.length}
      OR EXISTS (SELECT 1 FROM gaps s WHERE s.action_plan_id = ap.id
        AND (s.gap_name ILIKE $${params.length} OR s.kpi ILIKE $${params.length})))`);
  }
  if (filters.category) where.push(`ap.category = $${params.push(filters.category)}`);
  // A status filter needs every matching plan's status: from its summary row.
  let matching = `action_plans ap WHERE ${where.join(' AND ')}`;
  if (filters.status) {
    matching = `action_plans ap JOIN action_plan_summaries fs ON fs.action_plan_id = ap.id
      ${planOverdueJoinSql('ap', 'fs', 'fo')}
      WHERE ${where.join(' AND ')} AND ${planSummaryStatusSql('fs', 'fo')} = $${params.push(filters.status)}`;
  }
  const due = nextDue
    ? `, (SELECT min(n.at) FROM action_plans np CROSS JOIN LATERAL (
         SELECT ${gapOverdueAfterSql('g')} AS at FROM gaps g
         WHERE g.action_plan_id = np.id AND ${gapCanBeOverdueSql('g')} AND ${gapOverdueAfterSql('g')} >= now()
         ORDER BY 1 LIMIT 1) n
       WHERE np.audit_id = (SELECT id FROM visible)) AS next_due`
    : '';
  const { rows } = await db.query<
    PlanListRow & { total_rows: number; next_due?: Date | string | null }
  >(
    prepared(`WITH visible AS (SELECT a.id FROM audits a WHERE a.id = $1${company}${visible}),
     listed AS (SELECT count(*)::int AS total_rows FROM ${matching})
     SELECT ${planColumns}, ${planSummaryFiguresSql('s')}, ${previewsSql('ap')} AS previews,
       listed.total_rows${due}
     FROM visible CROSS JOIN listed
     LEFT JOIN LATERAL (SELECT ap.* FROM ${matching} ORDER BY ap.created_at DESC, ap.id
       LIMIT $${params.push(pageSize)} OFFSET $${params.push(offset)}) ap ON true
     LEFT JOIN action_plan_summaries s ON s.action_plan_id = ap.id
     ${planOverdueJoinSql('ap', 's')}
     ORDER BY ap.created_at DESC, ap.id`),
    params,
  );
  if (rows[0] === undefined) return undefined;
  // A page past the end is one row with the count alone.
  const actionPlans = rows
    .filter((row) => row.id !== null)
    .map((row) => {
      const { totalGaps, openGaps, closedGaps, overdueGaps, completionPercentage } = row;
      return {
        ...toActionPlan(row),
        statistics: { totalGaps, openGaps, closedGaps, overdueGaps, completionPercentage },
        gaps: row.previews.map(toGapListItem),
      };
    });
  const { total_rows: total, next_due: next } = rows[0];
  return {
    list: { actionPlans, total, page, pageSize },
    nextDue: next ? new Date(next) : null,
  };
}

/**
 * What an audit's plan list shows depends on, in one statement read on every request of a kept list
 * (docs/decisions/0062-plan-list-answers-kept.md): undefined unless `reader` may see the audit as
 * `targetCompanyId`'s; else a token that changes with any write the list can show: the audit's
 * plans (which, their row versions: headings, categories, timelines, versions) and their summaries
 * (every gap written in, out or to another status moves a count), and the change history's newest
 * entry (every gap or plan written through the routes appends one: the newest gaps' texts, the
 * gap names and KPIs a search matches).
 */
export async function planListToken(
  db: Queryable,
  auditId: string,
  reader: SessionUser,
  targetCompanyId: string,
): Promise<string | undefined> {
  const params: unknown[] = [auditId, targetCompanyId];
  const { rows } = await db.query<{ token: string }>(
    prepared(`WITH visible AS (SELECT a.id FROM audits a
       WHERE a.id = $1 AND a.target_company_id = $2 AND ${auditVisibleSql(reader, 'a', params)})
     SELECT md5(coalesce(string_agg(concat_ws('/', ap.id, ap.xmin, s.xmin), ',' ORDER BY ap.id), ''))
         || '/' || coalesce((SELECT max(position) FROM change_history), 0) AS token
       FROM visible LEFT JOIN action_plans ap ON ap.audit_id = visible.id
       LEFT JOIN action_plan_summaries s ON s.action_plan_id = ap.id
       GROUP BY visible.id`),
    params,
  );
  return rows[0]?.token;
}

/** A listed plan with its figures and its newest gaps (as JSON rows, times as text). */
type PlanListRow = ActionPlanRow & ActionPlanStatistics & { previews: GapListRow[] };

/** The first PLAN_LIST_GAP_PREVIEW gaps of the plan aliased `ap` (PLAN_GAP_ORDER), as one JSON array of list rows. */
const previewsSql = (ap: string) => `COALESCE((SELECT json_agg(p ORDER BY ${PLAN_GAP_ORDER('p')})
  FROM (SELECT ${gapListColumns('x')} FROM gaps x WHERE x.action_plan_id = ${ap}.id
    ORDER BY ${PLAN_GAP_ORDER('x')} LIMIT ${PLAN_LIST_GAP_PREVIEW}) p), '[]'::json)`;

/** One page of a plan's gaps (in the detail's order, PLAN_GAP_ORDER) as list rows. */
export async function listPlanGaps(
  db: Queryable,
  actionPlanId: string,
  query: { page?: number; pageSize?: number },
): Promise<PlanGapPage> {
  const { rows, ...page } = await readPage<GapListRow>(
    db,
    {
      select: gapListColumns('g'),
      fromWhere: 'gaps g WHERE g.action_plan_id = $1',
      orderBy: PLAN_GAP_ORDER('g'),
      params: [actionPlanId],
    },
    query,
  );
  return { gaps: rows.map(toGapListItem), ...page };
}

/**
 * The conditions after `ap.id = $1` that the plan aliased `ap` is `targetCompanyId`'s (when given) and
 * that `reader` may see its audit (when given); their params go onto `params`.
 */
function planVisibleSql(params: unknown[], reader?: SessionUser, targetCompanyId?: string): string {
  const company =
    targetCompanyId === undefined
      ? ''
      : ` AND ap.target_company_id = $${params.push(targetCompanyId)}`;
  return reader
    ? `${company} AND EXISTS (SELECT 1 FROM audits a WHERE a.id = ap.audit_id AND ${auditVisibleSql(reader, 'a', params)})`
    : company;
}

/**
 * One plan with its overall status and statistics, and its gaps, as `reader` sees them. With a
 * reader, undefined unless the reader may see the plan (and it is `targetCompanyId`'s, when given):
 * the tenancy check is the plan's own statement, not one more before it, and nothing else is read
 * for a plan the reader may not see.
 */
export async function findActionPlanDetail(
  db: Queryable,
  actionPlanId: string,
  reader?: SessionUser,
  targetCompanyId?: string,
): Promise<ActionPlanDetail | undefined> {
  return (await readActionPlanDetail(db, actionPlanId, reader, targetCompanyId))?.detail;
}

/**
 * `findActionPlanDetail`'s detail, with the first due date from now of its gaps that can be overdue,
 * read by the same statement with the same now(): until then nothing the detail shows moves with the
 * clock alone (a gap shown overdue, the plan's counts and status).
 */
export async function readActionPlanDetail(
  db: Queryable,
  actionPlanId: string,
  reader?: SessionUser,
  targetCompanyId?: string,
): Promise<{ detail: ActionPlanDetail; nextDue: Date | null } | undefined> {
  const params: unknown[] = [actionPlanId];
  const visible = planVisibleSql(params, reader, targetCompanyId);
  // One statement: the tenancy check is its WHERE, so nothing of a plan the reader may not see is
  // read, and the plan, its gaps and its history come in one round trip and one snapshot.
  const { rows } = await db.query<
    ActionPlanRow &
      ActionPlanStatistics & {
        gaps: GapRow[];
        history: ChangeJson[];
        next_due: Date | string | null;
        current_revision: number;
        source_workbook: boolean;
      }
  >(
    prepared(`${selectPlansSql.replace(
      'FROM action_plans',
      `, ${planStatisticsSql('g')}, ${planGapsJsonSql('ap', params, reader)} AS gaps,
      ${planChangeHistorySql('ap')} AS history,
      (SELECT coalesce(max(r.number), 0)::int FROM action_plan_revisions r
        WHERE r.action_plan_id = ap.id) AS current_revision,
      EXISTS (SELECT 1 FROM esap_workbooks w WHERE w.action_plan_id = ap.id) AS source_workbook,
      (SELECT min(${gapOverdueAfterSql('n')}) FROM gaps n WHERE n.action_plan_id = ap.id
        AND ${gapCanBeOverdueSql('n')} AND ${gapOverdueAfterSql('n')} >= now()) AS next_due FROM action_plans`,
    )}
     WHERE ap.id = $1${visible} GROUP BY ap.id`),
    params,
  );
  const row = rows[0];
  if (!row) return undefined;
  const gaps = gapsOfJson(row.gaps);
  const changeHistory = toChangeEntries(row.history);
  const { totalGaps, openGaps, closedGaps, overdueGaps, completionPercentage } = row;
  return {
    detail: {
      actionPlan: toActionPlan(row),
      statistics: { totalGaps, openGaps, closedGaps, overdueGaps, completionPercentage },
      gaps,
      changeHistory,
      currentRevision: row.current_revision,
      sourceWorkbook: row.source_workbook,
    },
    nextDue: row.next_due ? new Date(row.next_due) : null,
  };
}

/**
 * The row versions of the rows aliased `x` matching `where`, as one text in the order of their ids
 * (with their ids: a row moved to another gap changes its version too). One set per table rather
 * than one subquery per gap: a plan of 500 gaps reads each table once.
 */
const rowVersionsSql = (from: string, where: string, x = 'x') =>
  `(SELECT string_agg(${x}.id::text || '.' || ${x}.xmin::text, ',' ORDER BY ${x}.id) FROM ${from} WHERE ${where})`;

/**
 * What the plan's detail (`findActionPlanDetail`) as `reader` sees it is worked out from, as one short
 * text, or undefined when the reader may not see the plan (in that company): the tenancy check is the
 * statement's WHERE, as the detail's is. The text changes whenever anything the detail shows does,
 * whatever made the change (the routes, a repair in the database, another tool):
 *   - the version (xmin) of every row the detail is read from: the plan, its gaps, their status
 *     histories, remarks, images, closure and extension requests, the plan's revisions, its source
 *     workbook (`sourceWorkbook`), and its client (who answers extensions); the plan's change
 *     history by its count and newest position
 *     (its entries are only ever added);
 *   - for each image of the plan kept with its hash, the earlier gap it is a copy of, as the detail
 *     names it to this reader (the same SQL): that gap's KPI edited, its image withdrawn, the reader no
 *     longer allowed to see it.
 * What moves with the clock alone (a gap falling due) is not in it: see `readActionPlanDetail`.
 */
export async function planDetailToken(
  db: Queryable,
  actionPlanId: string,
  reader: SessionUser,
  targetCompanyId?: string,
): Promise<string | undefined> {
  const params: unknown[] = [actionPlanId];
  const visible = planVisibleSql(params, reader, targetCompanyId);
  const copies = duplicateVisibility(reader, params) as string;
  const { rows } = await db.query<{ token: string }>(
    prepared(`SELECT md5(concat_ws('/', ap.xmin::text,
        ${rowVersionsSql('gaps g', 'g.action_plan_id = ap.id', 'g')},
        ${rowVersionsSql('gaps g JOIN gap_status_history h ON h.gap_id = g.id', 'g.action_plan_id = ap.id', 'h')},
        ${rowVersionsSql('gaps g JOIN remarks r ON r.gap_id = g.id', 'g.action_plan_id = ap.id', 'r')},
        ${rowVersionsSql('gaps g JOIN remarks r ON r.gap_id = g.id JOIN remark_documents d ON d.remark_id = r.id', 'g.action_plan_id = ap.id', 'd')},
        ${rowVersionsSql('gaps g JOIN closure_requests c ON c.gap_id = g.id', 'g.action_plan_id = ap.id', 'c')},
        ${rowVersionsSql('gaps g JOIN gap_extension_requests x ON x.gap_id = g.id', 'g.action_plan_id = ap.id', 'x')},
        ${rowVersionsSql('action_plan_revisions r', 'r.action_plan_id = ap.id', 'r')},
        (SELECT w.xmin::text FROM esap_workbooks w WHERE w.action_plan_id = ap.id),
        (SELECT c.xmin::text FROM target_companies tc JOIN clients c ON c.id = tc.client_id
          WHERE tc.id = ap.target_company_id),
        (SELECT count(*)::text || '.' || COALESCE(max(c.position)::text, '')
          FROM change_history c WHERE c.action_plan_id = ap.id),
        (SELECT string_agg(d.id::text || ':' || COALESCE(${duplicateOfSql('d', 'r', copies)}::text, ''), ',' ORDER BY d.id)
          FROM gaps g JOIN remarks r ON r.gap_id = g.id JOIN remark_documents d ON d.remark_id = r.id
          WHERE g.action_plan_id = ap.id AND d.sha256 IS NOT NULL))) AS token
      FROM action_plans ap
      WHERE ap.id = $1${visible}`),
    params,
  );
  return rows[0]?.token;
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
