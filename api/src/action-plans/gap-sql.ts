// Reading gaps: one SELECT gives each gap with its status history and remarks (with their documents).
import {
  GAP_REMARK_PREVIEW,
  type ClosureCheckFlag,
  type ClosureDecision,
  type ClosureMethod,
  type ClosureRequest,
  type CurrencyCode,
  type ExtensionApprover,
  type ExtensionDecision,
  type ExtensionRequest,
  type Gap,
  type GapStoredStatus,
  type Role,
  type Remark,
  type RemarkPage,
  type SessionUser,
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

/** The gap's latest closure request as the SELECT builds it (times as JSON text). */
interface ClosureJson {
  id: string;
  requestedAt: string;
  requestedByName: string;
  note: string | null;
  decision: ClosureDecision | null;
  method: ClosureMethod | null;
  reason: string | null;
  comment: string | null;
  visitDate: string | null;
  visitedBy: string | null;
  checkedFlags: ClosureCheckFlag[];
  reviewedAt: string | null;
  reviewedByName: string | null;
  reviewedByUserType: 'client' | 'auditor' | null;
}

/** The gap's latest extension request as the SELECT builds it (times as JSON text). */
interface ExtensionJson {
  id: string;
  requestedAt: string;
  requestedByName: string;
  currentDueDate: string | null;
  dueDate: string;
  reason: string;
  approver: ExtensionApprover;
  decision: ExtensionDecision | null;
  comment: string | null;
  answeredAt: string | null;
  answeredByName: string | null;
  answeredByUserType: 'client' | 'auditor' | null;
}

function toExtension(extension: ExtensionJson | null): ExtensionRequest | null {
  if (!extension) return null;
  return {
    id: extension.id,
    requestedAt: iso(extension.requestedAt) as string,
    requestedBy: { fullname: extension.requestedByName },
    currentDueDate: iso(extension.currentDueDate),
    dueDate: iso(extension.dueDate) as string,
    reason: extension.reason,
    approver: extension.approver,
    answer:
      extension.decision === null
        ? null
        : {
            decision: extension.decision,
            comment: extension.comment,
            answeredAt: iso(extension.answeredAt) as string,
            answeredBy: {
              fullname: extension.answeredByName ?? '',
              userType: extension.answeredByUserType ?? 'client',
            },
          },
  };
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
            comment: closure.comment,
            visitDate: closure.visitDate,
            visitedBy: closure.visitedBy,
            checkedFlags: closure.checkedFlags,
            reviewedAt: iso(closure.reviewedAt) as string,
            reviewedBy: {
              fullname: closure.reviewedByName ?? '',
              userType: closure.reviewedByUserType ?? 'client',
            },
          },
  };
}

/** What the SELECT of gaps is built for: which of a gap's remarks it carries, who reads the images. */
interface GapRead {
  duplicateVisible?: string;
  remarks: RemarksRead;
}

/**
 * One field of the Gap shape: its SQL over the gaps aliased `g` (a column of the row named after the
 * field), and how the row's value (a time as a Date, or as text inside JSON) becomes the answer's.
 */
interface GapColumn<K extends keyof Gap> {
  sql: (g: string, read: GapRead) => string;
  toAnswer?: (value: never) => Gap[K];
}

const isoOrNull = (value: Date | string | null) => iso(value);
const isoRequired = (value: Date | string) => iso(value) as string;

/**
 * Every field of the Gap shape (docs/api.md), in its order, and the SQL that reads it. A field of the
 * contract missing here fails the type check. The gap's SELECT and its conversion are built from this,
 * and the CSV export and the monitoring report read the same fields with the same SQL.
 */
export const GAP_COLUMNS = {
  id: { sql: (g) => `${g}.id` },
  actionPlanId: { sql: (g) => `${g}.action_plan_id` },
  KPI: { sql: (g) => `${g}.kpi` },
  gapName: { sql: (g) => `${g}.gap_name` },
  recommendation: { sql: (g) => `${g}.recommendation` },
  responsibility: { sql: (g) => `${g}.responsibility` },
  actionTakenByCompany: { sql: (g) => `${g}.action_taken_by_company` },
  residualRisk: { sql: (g) => `${g}.residual_risk` },
  riskSeverity: { sql: (g) => `${g}.risk_severity` },
  status: { sql: (g) => `${g}.status` },
  displayStatus: { sql: (g) => gapDisplayStatusSql(g) },
  createdAt: { sql: (g) => `${g}.created_at`, toAnswer: isoRequired },
  dueDate: { sql: (g) => `${g}.due_date`, toAnswer: isoOrNull },
  ESGAspect: { sql: (g) => `${g}.esg_aspect` },
  timeline: { sql: (g) => `${g}.timeline`, toAnswer: isoOrNull },
  areaCode: { sql: (g) => `${g}.area_code` },
  amount: {
    // The value as text, as numeric reads: JSON numbers could round it.
    sql: (g) => `CASE WHEN ${g}.amount_currency IS NULL THEN NULL
      ELSE jsonb_build_object('currency', ${g}.amount_currency, 'value', ${g}.amount_value::text) END`,
    toAnswer: (amount: { currency: CurrencyCode; value: string | null } | null) =>
      amount && { currency: amount.currency, value: Number(amount.value ?? 0) },
  },
  impactedSDGs: { sql: (g) => `${g}.impacted_sdgs` },
  fields: { sql: (g) => `${g}.fields` },
  addOns: { sql: (g) => `${g}.add_ons` },
  esapItemNumber: { sql: (g) => `${g}.esap_item_number` },
  requirementReferences: { sql: (g) => `${g}.requirement_references` },
  completionIndicator: { sql: (g) => `${g}.completion_indicator` },
  timetable: { sql: (g) => `${g}.timetable` },
  conditionType: { sql: (g) => `${g}.condition_type` },
  loanClause: { sql: (g) => `${g}.loan_clause` },
  dueMilestone: { sql: (g) => `${g}.due_milestone` },
  dueOffsetMonths: { sql: (g) => `${g}.due_offset_months` },
  dueOffsetDays: { sql: (g) => `${g}.due_offset_days` },
  resources: { sql: (g) => `${g}.resources` },
  esapSection: { sql: (g) => `${g}.esap_section` },
  statusHistory: {
    sql: (
      g,
    ) => `COALESCE((SELECT jsonb_agg(jsonb_build_object('status', h.status, 'timestamp', h.changed_at) ORDER BY h.changed_at, h.id)
      FROM gap_status_history h WHERE h.gap_id = ${g}.id), '[]'::jsonb)`,
    toAnswer: (history: { status: GapStoredStatus; timestamp: string }[]) =>
      history.map((entry) => ({ status: entry.status, timestamp: isoRequired(entry.timestamp) })),
  },
  remark: {
    sql: (
      g,
      { duplicateVisible, remarks },
    ) => `COALESCE((SELECT jsonb_agg(${remarkJsonSql('r', duplicateVisible)} ORDER BY r.created_at, r.id)
      FROM (SELECT * FROM remarks newest WHERE newest.gap_id = ${g}.id
        ORDER BY newest.created_at DESC, newest.id DESC
        ${remarks === 'all' ? '' : `LIMIT ${GAP_REMARK_PREVIEW}`}) r), '[]'::jsonb)`,
    toAnswer: (remarks: RemarkJson[]) => remarks.map(toRemark),
  },
  remarkCount: { sql: (g) => `(SELECT count(*)::int FROM remarks r WHERE r.gap_id = ${g}.id)` },
  version: { sql: (g) => `${g}.version` },
  changeHistory: {
    sql: (g) => gapChangeHistorySql(g),
    toAnswer: (changes: Parameters<typeof toChangeEntries>[0]) => toChangeEntries(changes),
  },
  changeCount: { sql: (g) => gapChangeCountSql(g) },
  closure: {
    sql: (
      g,
    ) => `(SELECT jsonb_build_object('id', c.id, 'requestedAt', c.requested_at, 'requestedByName', c.requested_by_name,
        'note', c.note, 'decision', c.decision, 'method', c.method, 'reason', c.reason, 'reviewedAt', c.reviewed_at,
        'reviewedByName', c.reviewed_by_name, 'reviewedByUserType', c.reviewed_by_user_type,
        'comment', c.comment, 'visitDate', to_char(c.visit_date, 'YYYY-MM-DD'), 'visitedBy', c.visited_by,
        'checkedFlags', to_jsonb(c.checked_flags))
      FROM closure_requests c WHERE c.gap_id = ${g}.id ORDER BY c.requested_at DESC, c.id DESC LIMIT 1)`,
    toAnswer: (closure: ClosureJson | null) => toClosure(closure),
  },
  extension: {
    sql: (
      g,
    ) => `(SELECT jsonb_build_object('id', x.id, 'requestedAt', x.requested_at, 'requestedByName', x.requested_by_name,
        'currentDueDate', x.current_due_date, 'dueDate', x.new_due_date, 'reason', x.reason,
        'approver', (SELECT xc.extension_approver FROM target_companies xtc JOIN clients xc ON xc.id = xtc.client_id
          WHERE xtc.id = ${g}.target_company_id),
        'decision', x.decision, 'comment', x.comment, 'answeredAt', x.answered_at,
        'answeredByName', x.answered_by_name, 'answeredByUserType', x.answered_by_user_type)
      FROM gap_extension_requests x WHERE x.gap_id = ${g}.id ORDER BY x.requested_at DESC, x.id DESC LIMIT 1)`,
    toAnswer: (extension: ExtensionJson | null) => toExtension(extension),
  },
} satisfies { [K in keyof Gap]: GapColumn<K> };

export type GapField = keyof typeof GAP_COLUMNS;

const GAP_FIELDS = Object.keys(GAP_COLUMNS) as GapField[];

/** What the SELECT gives for a field: what its `toAnswer` takes, else the answer's value itself. */
type GapRowValue<K extends GapField> = (typeof GAP_COLUMNS)[K] extends {
  toAnswer: (value: infer V) => unknown;
}
  ? V
  : Gap[K];

/** A row of the gap SELECT: one column per field of the Gap shape, named after it. */
export type GapRow = { [K in GapField]: GapRowValue<K> };

/** The SQL of a gap's field over the gaps aliased `g`. */
export const gapFieldSql = (field: GapField, g = 'g', read: GapRead = { remarks: 'newest' }) =>
  GAP_COLUMNS[field].sql(g, read);

/** The fields of the gaps aliased `g`, each as a column named after its field. */
export const gapFieldsSql = (fields: readonly GapField[], g = 'g', read?: GapRead) =>
  fields.map((field) => `${gapFieldSql(field, g, read)} AS "${field}"`).join(',\n    ');

/**
 * SELECT of gaps aliased `g` with everything the Gap shape needs; the caller adds WHERE and ORDER BY.
 * The remarks are the newest GAP_REMARK_PREVIEW unless `remarks` is 'all', oldest first either way.
 */
const selectGapsSql = (
  duplicateVisible?: string,
  remarks: RemarksRead = 'newest',
  alsoSelect = '',
) =>
  `SELECT ${gapFieldsSql(GAP_FIELDS, 'g', { duplicateVisible, remarks })}${alsoSelect}
  FROM gaps g`;

/**
 * The order of a plan's gaps: by their ESAP item numbers where they have them, in the numbers' own
 * order (2.3, 2.3a, 2.10: `esap_item_order`, migration 0040), then the others newest first (the
 * spec's order, the whole of it for a plan without item numbers).
 */
export const PLAN_GAP_ORDER = (
  g: string,
  itemOrder = `${g}.esap_item_order`,
  createdAt = `${g}.created_at`,
) => `${itemOrder} NULLS LAST, ${createdAt} DESC, ${g}.id DESC`;

/** A gap row as the API's Gap shape (docs/api.md). */
function toGap(row: GapRow): Gap {
  return Object.fromEntries(
    GAP_FIELDS.map((field) => {
      const column: GapColumn<GapField> = GAP_COLUMNS[field];
      const toAnswer = column.toAnswer as ((value: unknown) => unknown) | undefined;
      return [field, toAnswer ? toAnswer(row[field]) : row[field]];
    }),
  ) as Gap;
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
 * The gaps of the plan aliased `ap`, in PLAN_GAP_ORDER, as one JSON array of gap rows (times as text), for
 * the plan's own statement: the plan, its gaps and their histories in one round trip and one
 * snapshot. `reader` as for `findGap`; its placeholders go onto `params`.
 */
export function planGapsJsonSql(ap: string, params: unknown[], reader?: SessionUser): string {
  const visible = duplicateVisibility(reader, params);
  return `COALESCE((SELECT json_agg(x ORDER BY ${PLAN_GAP_ORDER('x', 'x."itemOrder"', 'x."createdAt"')})
    FROM (${selectGapsSql(visible, 'newest', ', g.esap_item_order AS "itemOrder"')} WHERE g.action_plan_id = ${ap}.id) x), '[]'::json)`;
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
