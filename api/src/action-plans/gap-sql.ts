// Reading gaps: one SELECT gives each gap with its status history and remarks (with their documents).
import {
  GAP_REMARK_PREVIEW,
  type ClosureDecision,
  type ClosureMethod,
  type ClosureRequest,
  type ConditionType,
  type CurrencyCode,
  type EsgAspect,
  type Gap,
  type GapStoredStatus,
  type RiskSeverity,
  type Role,
  type Remark,
  type RemarkPage,
  type SdgCode,
  type SessionUser,
  type StatusKey,
  type UserType,
} from '@verity/shared-api/src/server';
import type { Queryable } from '../db';
import { readKeyedPage } from '../pages';
import { gapChangeCountSql, gapChangeHistorySql, toChangeEntries } from './change-history';
import { gapDisplayStatusSql } from './derived-sql';
import {
  duplicateVisibility,
  evidenceJsonSql,
  toEvidence,
  type EvidenceJson,
} from './evidence-sql';

/** Where the browser fetches a remark's document (the authorised route). */
const remarkDocumentUrl = (documentId: string) => `/api/v1/remark-document/${documentId}`;

export interface GapRow {
  id: string;
  action_plan_id: string;
  kpi: string;
  gap_name: string;
  recommendation: string;
  responsibility: string;
  action_taken_by_company: string;
  residual_risk: string;
  risk_severity: RiskSeverity;
  status: GapStoredStatus;
  display_status: StatusKey;
  created_at: Date;
  due_date: Date | null;
  esg_aspect: EsgAspect | null;
  timeline: Date | null;
  area_code: string | null;
  amount_currency: CurrencyCode | null;
  amount_value: string | number | null;
  impacted_sdgs: SdgCode[];
  fields: Record<string, { name: string; value: string }>;
  add_ons: Record<string, { name: string; value: string }>;
  esap_item_number: string | null;
  requirement_references: string[];
  completion_indicator: string | null;
  timetable: string | null;
  condition_type: ConditionType | null;
  status_history: { status: GapStoredStatus; timestamp: string }[];
  remarks: RemarkJson[];
  remark_count: number;
  version: number;
  change_history: Parameters<typeof toChangeEntries>[0];
  change_count: number;
  closure: ClosureJson | null;
}

/** The gap's latest closure request as the SELECT builds it (times as JSON text). */
interface ClosureJson {
  id: string;
  requestedAt: string;
  requestedByName: string;
  note: string | null;
  decision: ClosureDecision | null;
  method: ClosureMethod | null;
  reason: string | null;
  reviewedAt: string | null;
  reviewedByName: string | null;
  reviewedByUserType: 'client' | 'auditor' | null;
}

interface WithdrawalJson {
  at: string;
  byName: string | null;
  byUserId: string | null;
}

export interface RemarkJson {
  id: string;
  comments: string;
  createdAt: string;
  withdrawableUntil: string | null;
  withdrawn: WithdrawalJson | null;
  user: { userType: UserType; fullname: string; userId: string | null; role: Role };
  docs: {
    id: string;
    fileName: string;
    size: number;
    withdrawn: WithdrawalJson | null;
    evidence: EvidenceJson | null;
  }[];
}

/** Who withdrew the row aliased `alias` and when, or null while it stands. */
const withdrawalJsonSql = (alias: string) => `CASE WHEN ${alias}.withdrawn_at IS NULL THEN NULL
    ELSE jsonb_build_object('at', ${alias}.withdrawn_at, 'byName', ${alias}.withdrawn_by_name, 'byUserId', ${alias}.withdrawn_by) END`;

/**
 * The remark of `r` (with its documents) as one JSON value; withdrawn ones keep only who and when.
 * `duplicateVisible` (from `duplicateVisibility`) lets an image name an earlier gap with the same file.
 */
export const remarkJsonSql = (r: string, duplicateVisible?: string) => `jsonb_build_object(
    'id', ${r}.id, 'comments', ${r}.comments, 'createdAt', ${r}.created_at,
    'withdrawableUntil', CASE WHEN ${r}.withdrawn_at IS NULL THEN ${r}.withdrawable_until END,
    'withdrawn', ${withdrawalJsonSql(r)},
    'user', jsonb_build_object('userType', ${r}.user_type, 'fullname', ${r}.fullname, 'userId', ${r}.user_id, 'role', ${r}.role),
    'docs', COALESCE((SELECT jsonb_agg(jsonb_build_object('id', d.id, 'fileName', d.file_name,
        'size', CASE WHEN d.withdrawn_at IS NULL THEN d.size ELSE 0 END, 'withdrawn', ${withdrawalJsonSql('d')},
        'evidence', ${evidenceJsonSql('d', r, duplicateVisible)})
        ORDER BY d.position, d.id)
      FROM remark_documents d WHERE d.remark_id = ${r}.id), '[]'::jsonb))`;

const withdrawalOf = (withdrawn: WithdrawalJson | null) =>
  withdrawn && {
    at: iso(withdrawn.at) as string,
    by: { fullname: withdrawn.byName ?? '', userId: withdrawn.byUserId ?? '' },
  };

/** Which of a gap's remarks a read carries: its newest GAP_REMARK_PREVIEW, or all (the closure rules). */
export type RemarksRead = 'newest' | 'all';

/**
 * SELECT of gaps aliased `g` with everything the Gap shape needs; the caller adds WHERE and ORDER BY.
 * The remarks are the newest GAP_REMARK_PREVIEW unless `remarks` is 'all', oldest first either way.
 */
const selectGapsSql = (
  duplicateVisible?: string,
  remarks: RemarksRead = 'newest',
) => `SELECT g.id, g.action_plan_id, g.kpi, g.gap_name, g.recommendation, g.responsibility,
    g.action_taken_by_company, g.residual_risk, g.risk_severity, g.status,
    ${gapDisplayStatusSql('g')} AS display_status, g.created_at, g.due_date, g.esg_aspect, g.timeline,
    g.area_code, g.amount_currency, g.amount_value, g.impacted_sdgs, g.fields, g.add_ons,
    g.esap_item_number, g.requirement_references, g.completion_indicator, g.timetable,
    g.condition_type,
    COALESCE((SELECT jsonb_agg(jsonb_build_object('status', h.status, 'timestamp', h.changed_at) ORDER BY h.changed_at, h.id)
      FROM gap_status_history h WHERE h.gap_id = g.id), '[]'::jsonb) AS status_history,
    COALESCE((SELECT jsonb_agg(${remarkJsonSql('r', duplicateVisible)} ORDER BY r.created_at, r.id)
      FROM (SELECT * FROM remarks newest WHERE newest.gap_id = g.id
        ORDER BY newest.created_at DESC, newest.id DESC
        ${remarks === 'all' ? '' : `LIMIT ${GAP_REMARK_PREVIEW}`}) r), '[]'::jsonb) AS remarks,
    (SELECT count(*)::int FROM remarks r WHERE r.gap_id = g.id) AS remark_count,
    g.version, ${gapChangeHistorySql('g')} AS change_history,
    ${gapChangeCountSql('g')} AS change_count,
    (SELECT jsonb_build_object('id', c.id, 'requestedAt', c.requested_at, 'requestedByName', c.requested_by_name,
        'note', c.note, 'decision', c.decision, 'method', c.method, 'reason', c.reason, 'reviewedAt', c.reviewed_at,
        'reviewedByName', c.reviewed_by_name, 'reviewedByUserType', c.reviewed_by_user_type)
      FROM closure_requests c WHERE c.gap_id = g.id ORDER BY c.requested_at DESC, c.id DESC LIMIT 1) AS closure
  FROM gaps g`;

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

export function toRemark(remark: RemarkJson): Remark {
  return {
    _id: remark.id,
    id: remark.id,
    comments: remark.comments,
    createdAt: iso(remark.createdAt) as string,
    withdrawableUntil: iso(remark.withdrawableUntil),
    withdrawn: withdrawalOf(remark.withdrawn),
    user: { ...remark.user, userId: remark.user.userId ?? '' },
    docs: remark.docs.map((doc) => ({
      _id: doc.id,
      url: doc.withdrawn ? '' : remarkDocumentUrl(doc.id),
      fileName: doc.fileName,
      size: doc.size,
      withdrawn: withdrawalOf(doc.withdrawn),
      evidence: toEvidence(doc.evidence),
    })),
  };
}

function toClosure(closure: ClosureJson | null): ClosureRequest | null {
  if (!closure) return null;
  return {
    id: closure.id,
    requestedAt: iso(closure.requestedAt) as string,
    requestedBy: { fullname: closure.requestedByName },
    note: closure.note,
    review:
      closure.decision === null
        ? null
        : {
            decision: closure.decision,
            method: closure.method,
            reason: closure.reason,
            reviewedAt: iso(closure.reviewedAt) as string,
            reviewedBy: {
              fullname: closure.reviewedByName ?? '',
              userType: closure.reviewedByUserType ?? 'client',
            },
          },
  };
}

/** A gap row as the API's Gap shape (docs/api.md). */
function toGap(row: GapRow): Gap {
  return {
    id: row.id,
    actionPlanId: row.action_plan_id,
    KPI: row.kpi,
    gapName: row.gap_name,
    recommendation: row.recommendation,
    responsibility: row.responsibility,
    actionTakenByCompany: row.action_taken_by_company,
    residualRisk: row.residual_risk,
    riskSeverity: row.risk_severity,
    status: row.status,
    displayStatus: row.display_status,
    createdAt: iso(row.created_at) as string,
    dueDate: iso(row.due_date),
    ESGAspect: row.esg_aspect,
    timeline: iso(row.timeline),
    areaCode: row.area_code,
    amount:
      row.amount_currency === null
        ? null
        : { currency: row.amount_currency, value: Number(row.amount_value ?? 0) },
    impactedSDGs: row.impacted_sdgs,
    fields: row.fields,
    addOns: row.add_ons,
    esapItemNumber: row.esap_item_number,
    requirementReferences: row.requirement_references,
    completionIndicator: row.completion_indicator,
    timetable: row.timetable,
    conditionType: row.condition_type,
    statusHistory: row.status_history.map((entry) => ({
      status: entry.status,
      timestamp: iso(entry.timestamp) as string,
    })),
    remark: row.remarks.map(toRemark),
    remarkCount: row.remark_count,
    version: row.version,
    changeHistory: toChangeEntries(row.change_history),
    changeCount: row.change_count,
    closure: toClosure(row.closure),
  };
}

/** One remark by id, in the Remark shape, as `reader` sees it. */
export async function findRemark(
  db: Queryable,
  remarkId: string,
  reader?: SessionUser,
): Promise<Remark | undefined> {
  const params: unknown[] = [remarkId];
  const visible = duplicateVisibility(reader, params);
  const { rows } = await db.query<{ remark: RemarkJson }>(
    `SELECT ${remarkJsonSql('r', visible)} AS remark FROM remarks r WHERE r.id = $1`,
    params,
  );
  return rows[0] ? toRemark(rows[0].remark) : undefined;
}

/**
 * One gap by id, in the Gap shape; `reader`: whose tenancy an image's earlier copy is named in;
 * `remarks`: 'all' for the closure rules, which look at every remark since the gap was opened.
 */
export async function findGap(
  db: Queryable,
  gapId: string,
  reader?: SessionUser,
  remarks: RemarksRead = 'newest',
): Promise<Gap | undefined> {
  const params: unknown[] = [gapId];
  const visible = duplicateVisibility(reader, params);
  const { rows } = await db.query<GapRow>(
    `${selectGapsSql(visible, remarks)} WHERE g.id = $1`,
    params,
  );
  return rows[0] ? toGap(rows[0]) : undefined;
}

/**
 * The gaps of the plan aliased `ap`, newest first, as one JSON array of gap rows (times as text), for
 * the plan's own statement: the plan, its gaps and their histories in one round trip and one
 * snapshot. `reader` as for `findGap`; its placeholders go onto `params`.
 */
export function planGapsJsonSql(ap: string, params: unknown[], reader?: SessionUser): string {
  const visible = duplicateVisibility(reader, params);
  return `COALESCE((SELECT json_agg(x ORDER BY x.created_at DESC, x.id DESC)
    FROM (${selectGapsSql(visible)} WHERE g.action_plan_id = ${ap}.id) x), '[]'::json)`;
}

/** The gaps `planGapsJsonSql` read, in the Gap shape. */
export const gapsOfJson = (rows: GapRow[]): Gap[] => rows.map(toGap);

/**
 * The remarks of a gap just before `before` (one of its remarks; absent, the newest), at most
 * `pageSize`, oldest first, with how many are still earlier and how many the gap has; undefined
 * when `before` is not a remark of the gap.
 */
export async function findRemarkPage(
  db: Queryable,
  gapId: string,
  request: { before?: string; pageSize: number },
  reader?: SessionUser,
): Promise<RemarkPage | undefined> {
  const page = await readKeyedPage<RemarkJson>(
    db,
    {
      table: 'remarks',
      alias: 'r',
      owner: 'gap_id',
      key: ['created_at', 'id'],
      json: (params) => remarkJsonSql('r', duplicateVisibility(reader, params)),
      oldestFirst: true,
    },
    gapId,
    request,
  );
  return page && { remarks: page.items.map(toRemark), earlier: page.earlier, total: page.total };
}
