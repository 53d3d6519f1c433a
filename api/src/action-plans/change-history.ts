// The change history of gaps and action plans
// (docs/decisions/0037-change-history-and-stale-writes.md): every write locks its gap or plan,
// refuses a stale version, moves the version on by one and appends what changed, all inside the
// caller's transaction. The table is append-only (migration 0023).
import {
  GAP_CHANGE_PREVIEW,
  GAP_FORM_CHANGE_FIELDS,
  changeRuleMessages,
  staleActionPlanMessage,
  staleGapMessage,
  type ActionPlanChangeField,
  type AttachmentChangeValue,
  type ClosureReviewChangeValue,
  type ChangeEntry,
  type ChangePage,
  type GapChangeField,
  type GapFormChangeField,
  type GapRevision,
  type GapValues,
  type Gap,
  type RemarkChangeValue,
  type RuleResult,
  type SessionUser,
} from '@verity/shared-api/src/server';
import type { Queryable } from '../db';
import { readKeyedPage } from '../pages';
import { ApiError, invalid, notFound } from '../errors';

/** Who made a change: the signed-in user as the routes have it (`request.user`). */
export type Actor = Pick<SessionUser, '_id' | 'fullname' | 'userType' | 'role'>;

/** One line of the history: a field, its value before and after, and why when a date moved later. */
export interface Change<F extends string = GapChangeField | ActionPlanChangeField> {
  field: F;
  oldValue: unknown;
  newValue: unknown;
  reason?: string | null;
}

export const staleWrite = (message: string) => new ApiError(409, 'STALE_WRITE', message);
export const reasonRequired = (message: string) => new ApiError(422, 'REASON_REQUIRED', message);

/**
 * The checked reason (trimmed, or undefined when none was given); a missing or short one is 422, one
 * past its length limit 400 like every other text (docs/decisions/0011-shell-and-areas.md).
 */
export function reasonPassed(result: RuleResult<string | undefined>): string | undefined {
  if (result.ok) return result.value;
  if (result.message === changeRuleMessages.reasonTooLong) throw invalid(result.message);
  throw reasonRequired(result.message);
}

/* ---------- Reading ---------- */

export interface ChangeJson {
  id: string;
  field: ChangeEntry['field'];
  oldValue: unknown;
  newValue: unknown;
  reason: string | null;
  changedBy: ChangeEntry['changedBy'];
  changedAt: string;
}

/** One entry of change_history aliased `c` as JSON (ChangeJson). */
const changeJsonSql = `jsonb_build_object(
    'id', c.id, 'field', c.field, 'oldValue', c.old_value, 'newValue', c.new_value, 'reason', c.reason,
    'changedBy', jsonb_build_object('name', c.changed_by_name, 'userType', c.changed_by_user_type, 'role', c.changed_by_role),
    'changedAt', c.changed_at)`;

/**
 * The entries of change_history aliased `c` matching `where`, newest first (the newest `limit` when
 * given), as one JSON array.
 */
export const changeHistorySql = (where: string, limit?: number) => `COALESCE((SELECT jsonb_agg(
    ${changeJsonSql} ORDER BY c.changed_at DESC, c.position DESC)
  FROM (SELECT * FROM change_history c WHERE ${where} ORDER BY c.changed_at DESC, c.position DESC
    ${limit === undefined ? '' : `LIMIT ${limit}`}) c), '[]'::jsonb)`;

/** The newest GAP_CHANGE_PREVIEW entries of the history of the gap aliased `g`. */
export const gapChangeHistorySql = (g: string) =>
  changeHistorySql(`c.gap_id = ${g}.id`, GAP_CHANGE_PREVIEW);

/** How many entries the history of the gap aliased `g` has. */
export const gapChangeCountSql = (g: string) =>
  `(SELECT count(*)::int FROM change_history c WHERE c.gap_id = ${g}.id)`;

/**
 * The changes of a gap made before `before` (one of its changes; absent, the newest), at most
 * `pageSize`, newest first, with how many are still earlier and how many the gap has; undefined
 * when `before` is not a change of the gap.
 */
export async function findChangePage(
  db: Queryable,
  gapId: string,
  request: { before?: string; pageSize: number },
): Promise<ChangePage | undefined> {
  const page = await readKeyedPage<ChangeJson>(
    db,
    {
      table: 'change_history',
      alias: 'c',
      owner: 'gap_id',
      key: ['changed_at', 'position'],
      json: () => changeJsonSql,
      oldestFirst: false,
    },
    gapId,
    request,
  );
  return page && { changes: toChangeEntries(page.items), earlier: page.earlier, total: page.total };
}

/** A plan's own history (heading, category, timeline), for the plan aliased `ap`. */
export const planChangeHistorySql = (ap: string) =>
  changeHistorySql(`c.action_plan_id = ${ap}.id AND c.entity = 'actionPlan'`);

export function toChangeEntries(entries: ChangeJson[]): ChangeEntry[] {
  return entries.map((entry) => ({
    id: entry.id,
    field: entry.field,
    oldValue: entry.oldValue ?? null,
    newValue: entry.newValue ?? null,
    reason: entry.reason,
    changedBy: entry.changedBy,
    changedAt: new Date(entry.changedAt).toISOString(),
  }));
}

/** A gap's version and history as they now stand (the answer of a remark write). */
export async function findGapRevision(db: Queryable, gapId: string): Promise<GapRevision> {
  const { rows } = await db.query<{
    id: string;
    version: number;
    history: ChangeJson[];
    change_count: number;
  }>(
    `SELECT g.id, g.version, ${gapChangeHistorySql('g')} AS history,
       ${gapChangeCountSql('g')} AS change_count FROM gaps g WHERE g.id = $1`,
    [gapId],
  );
  const row = rows[0];
  if (!row) throw notFound();
  return {
    id: row.id,
    version: row.version,
    changeHistory: toChangeEntries(row.history),
    changeCount: row.change_count,
  };
}

/** A plan's own history, newest first. */
export async function findPlanChangeHistory(
  db: Queryable,
  actionPlanId: string,
): Promise<ChangeEntry[]> {
  const { rows } = await db.query<{ history: ChangeJson[] }>(
    `SELECT ${planChangeHistorySql('ap')} AS history FROM action_plans ap WHERE ap.id = $1`,
    [actionPlanId],
  );
  return toChangeEntries(rows[0]?.history ?? []);
}

/* ---------- The time in a refusal ---------- */

const pad = (value: number) => String(value).padStart(2, '0');

/** The spec's date-time format (dd/MM/yyyy hh:mm a) in UTC, said so: the server knows no user's zone. */
export function formatUtcDateTime(value: Date | string): string {
  const date = new Date(value);
  const hours = date.getUTCHours();
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()} ${pad(twelve)}:${pad(date.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'} UTC`;
}

/** The 409 for a write based on an older version: who made the latest change, and when. */
async function staleRefusal(
  tx: Queryable,
  where: string,
  id: string,
  message: (name: string, time: string) => string,
): Promise<ApiError> {
  const { rows } = await tx.query<{ changed_by_name: string; changed_at: Date }>(
    `SELECT c.changed_by_name, c.changed_at FROM change_history c WHERE ${where}
     ORDER BY c.changed_at DESC, c.position DESC LIMIT 1`,
    [id],
  );
  const latest = rows[0];
  return staleWrite(
    latest
      ? message(latest.changed_by_name, formatUtcDateTime(latest.changed_at))
      : message('someone else', 'an earlier moment'),
  );
}

/* ---------- Writing ---------- */

interface EntryTarget {
  entity: 'gap' | 'actionPlan';
  actionPlanId: string;
  gapId: string | null;
  version: number;
}

/** Appends the changes, in their order, as one statement. */
async function appendEntries(
  tx: Queryable,
  target: EntryTarget,
  actor: Actor,
  changes: readonly Change[],
): Promise<void> {
  if (changes.length === 0) return;
  const rows = changes.map((change) => ({
    field: change.field,
    old_value: change.oldValue ?? null,
    new_value: change.newValue ?? null,
    reason: change.reason ?? null,
  }));
  await tx.query(
    `INSERT INTO change_history (entity, action_plan_id, gap_id, field, old_value, new_value, reason, version,
       changed_by, changed_by_name, changed_by_user_type, changed_by_role)
     SELECT $1, $2, $3, c.field, c.old_value, c.new_value, c.reason, $4, $5, $6, $7, $8
     FROM ROWS FROM (jsonb_to_recordset($9::jsonb) AS (field text, old_value jsonb, new_value jsonb, reason text))
       WITH ORDINALITY AS c (field, old_value, new_value, reason, n)
     ORDER BY c.n`,
    [
      target.entity,
      target.actionPlanId,
      target.gapId,
      target.version,
      actor._id,
      actor.fullname,
      actor.userType,
      actor.role,
      JSON.stringify(rows),
    ],
  );
}

/**
 * The 'created' entries of many new gaps of one plan (version 1 each), as one statement: a bulk
 * insert (the ESAP import) records each gap as `insertGap` does one.
 */
export async function recordCreatedGaps(
  tx: Queryable,
  actionPlanId: string,
  actor: Actor,
  created: readonly { gapId: string; values: FieldValues }[],
): Promise<void> {
  if (created.length === 0) return;
  await tx.query(
    `INSERT INTO change_history (entity, action_plan_id, gap_id, field, old_value, new_value, reason, version,
       changed_by, changed_by_name, changed_by_user_type, changed_by_role)
     SELECT 'gap', $1, c.gap_id, 'created', NULL, c.new_value, NULL, 1, $2, $3, $4, $5
     FROM ROWS FROM (jsonb_to_recordset($6::jsonb) AS (gap_id uuid, new_value jsonb))
       WITH ORDINALITY AS c (gap_id, new_value, n)
     ORDER BY c.n`,
    [
      actionPlanId,
      actor._id,
      actor.fullname,
      actor.userType,
      actor.role,
      JSON.stringify(
        created.map(({ gapId, values }) => ({
          gap_id: gapId,
          new_value: { ...values, status: 'open' },
        })),
      ),
    ],
  );
}

/** A gap as it stands when a write locks it. */
export interface LockedGap {
  id: string;
  actionPlanId: string;
  status: string;
  version: number;
}

/**
 * Locks the gap for the rest of the transaction; with `basedOn` (the version the user saw), a gap
 * changed since is refused with 409 naming who changed it last and when.
 */
export async function lockGap(tx: Queryable, gapId: string, basedOn?: number): Promise<LockedGap> {
  const { rows } = await tx.query<{
    id: string;
    action_plan_id: string;
    status: string;
    version: number;
  }>(`SELECT id, action_plan_id, status, version FROM gaps WHERE id = $1 FOR NO KEY UPDATE`, [
    gapId,
  ]);
  const row = rows[0];
  if (!row) throw notFound();
  if (basedOn !== undefined && basedOn !== row.version) {
    throw await staleRefusal(tx, 'c.gap_id = $1', gapId, staleGapMessage);
  }
  return { id: row.id, actionPlanId: row.action_plan_id, status: row.status, version: row.version };
}

/**
 * Records changes of a gap: 'created' for a new gap (version 1, nothing to lock), or the changes of a
 * gap locked by `lockGap`, whose version moves on by one. Nothing changed, nothing is written. Gives
 * the gap's version.
 */
export async function recordGapChanges(
  tx: Queryable,
  gap: LockedGap,
  actor: Actor,
  changes: readonly Change<GapChangeField>[],
): Promise<number> {
  if (changes.length === 0) return gap.version;
  let version = gap.version;
  if (changes.some((change) => change.field !== 'created')) {
    const { rows } = await tx.query<{ version: number }>(
      `UPDATE gaps SET version = version + 1, updated_at = now() WHERE id = $1 RETURNING version`,
      [gap.id],
    );
    version = (rows[0] as { version: number }).version;
  }
  await appendEntries(
    tx,
    { entity: 'gap', actionPlanId: gap.actionPlanId, gapId: gap.id, version },
    actor,
    changes,
  );
  return version;
}

/** One change of the gap besides its form fields and status, recorded on the locked gap. */
async function recordGapEvent(
  tx: Queryable,
  gapId: string,
  actor: Actor,
  change: Change<GapChangeField>,
) {
  const gap = await lockGap(tx, gapId);
  await recordGapChanges(tx, gap, actor, [change]);
}

/** A remark added to the gap (with how many images; never its text, which a withdrawal erases). */
export const recordRemarkAdded = (
  tx: Queryable,
  gapId: string,
  actor: Actor,
  remark: RemarkChangeValue,
) => recordGapEvent(tx, gapId, actor, { field: 'remark', oldValue: null, newValue: remark });

/** A remark withdrawn, with the images it still carried. */
export const recordRemarkWithdrawn = (
  tx: Queryable,
  gapId: string,
  actor: Actor,
  remark: RemarkChangeValue,
) => recordGapEvent(tx, gapId, actor, { field: 'remark', oldValue: remark, newValue: null });

/** Closure evidence accepted: how, the comment, the site visit and the warnings checked. */
export const recordClosureAccepted = (
  tx: Queryable,
  gapId: string,
  actor: Actor,
  acceptance: ClosureReviewChangeValue,
) =>
  recordGapEvent(tx, gapId, actor, {
    field: 'closureReview',
    oldValue: null,
    newValue: {
      decision: 'accept',
      method: acceptance.method,
      comment: acceptance.comment,
      visitDate: acceptance.visitDate,
      visitedBy: acceptance.visitedBy,
      checkedFlags: acceptance.checkedFlags,
    },
  });

/** One image of a remark withdrawn. */
export const recordAttachmentWithdrawn = (
  tx: Queryable,
  gapId: string,
  actor: Actor,
  attachment: AttachmentChangeValue,
) =>
  recordGapEvent(tx, gapId, actor, { field: 'attachment', oldValue: attachment, newValue: null });

/* ---------- Comparing gap values ---------- */

export const isoOrNull = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();

type FieldValues = Record<GapFormChangeField, unknown>;

/** A stored gap's form fields as JSON values. */
export function storedGapValues(gap: Gap): FieldValues {
  return {
    KPI: gap.KPI,
    gapName: gap.gapName,
    recommendation: gap.recommendation,
    responsibility: gap.responsibility,
    actionTakenByCompany: gap.actionTakenByCompany,
    residualRisk: gap.residualRisk,
    riskSeverity: gap.riskSeverity,
    impactedSDGs: gap.impactedSDGs,
    dueDate: gap.dueDate,
    timeline: gap.timeline,
    ESGAspect: gap.ESGAspect,
    areaCode: gap.areaCode,
    amount: gap.amount,
    fields: gap.fields,
    addOns: gap.addOns,
    esapItemNumber: gap.esapItemNumber,
    requirementReferences: gap.requirementReferences,
    completionIndicator: gap.completionIndicator,
    timetable: gap.timetable,
    conditionType: gap.conditionType,
    loanClause: gap.loanClause,
    dueMilestone: gap.dueMilestone,
    dueOffsetMonths: gap.dueOffsetMonths,
    dueOffsetDays: gap.dueOffsetDays,
    resources: gap.resources,
    esapSection: gap.esapSection,
  };
}

/** Checked gap values (the rules' output) as the same JSON values the stored gap gives. */
export function checkedGapValues(gap: GapValues): FieldValues {
  const amount =
    'amount' in gap
      ? (gap.amount as { currency: string; value: number } | null | undefined)
      : undefined;
  return {
    KPI: gap.KPI,
    gapName: gap.gapName,
    recommendation: gap.recommendation,
    responsibility: gap.responsibility,
    actionTakenByCompany: gap.actionTakenByCompany,
    residualRisk: gap.residualRisk,
    riskSeverity: gap.riskSeverity,
    impactedSDGs: gap.impactedSDGs,
    dueDate: isoOrNull(gap.dueDate as Date | undefined),
    timeline: isoOrNull(gap.timeline as Date | undefined),
    ESGAspect: (gap.ESGAspect as string | undefined) ?? null,
    areaCode: (gap.areaCode as string | undefined) ?? null,
    amount: amount ? { currency: amount.currency, value: amount.value } : null,
    fields: gap.fields ?? {},
    addOns: gap.addOns ?? {},
    esapItemNumber: gap.esapItemNumber ?? null,
    requirementReferences: gap.requirementReferences ?? [],
    completionIndicator: gap.completionIndicator ?? null,
    timetable: gap.timetable ?? null,
    conditionType: gap.conditionType ?? null,
    loanClause: gap.loanClause ?? null,
    dueMilestone: ('dueMilestone' in gap ? (gap.dueMilestone as string | null) : null) ?? null,
    dueOffsetMonths: ('dueOffsetMonths' in gap ? (gap.dueOffsetMonths as number) : 0) ?? 0,
    dueOffsetDays: ('dueOffsetDays' in gap ? (gap.dueOffsetDays as number) : 0) ?? 0,
    resources: gap.resources ?? null,
    esapSection: gap.esapSection ?? null,
  };
}

/** JSON with object keys sorted, so two values compare equal whatever order their keys came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonical(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const sameValue = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The form fields that differ, in the form's order; `reason` goes with a changed due date. */
export function gapFieldChanges(
  before: FieldValues,
  after: FieldValues,
  reason?: string,
): Change<GapChangeField>[] {
  return GAP_FORM_CHANGE_FIELDS.filter((field) => !sameValue(before[field], after[field])).map(
    (field) => ({
      field,
      oldValue: before[field],
      newValue: after[field],
      reason: field === 'dueDate' ? (reason ?? null) : null,
    }),
  );
}

/* ---------- Action plans ---------- */

/** A plan as it stands when a write locks it. */
export interface LockedPlan {
  id: string;
  actionPlanHeading: string;
  category: string;
  formType: string;
  timeline: string | null;
  version: number;
}

/** Locks the plan; with `basedOn`, a plan changed since is refused with 409 (as `lockGap`). */
export async function lockActionPlan(
  tx: Queryable,
  actionPlanId: string,
  basedOn?: number,
): Promise<LockedPlan> {
  const { rows } = await tx.query<{
    id: string;
    action_plan_heading: string;
    category: string;
    form_type: string;
    timeline: Date | null;
    version: number;
  }>(
    `SELECT id, action_plan_heading, category, form_type, timeline, version FROM action_plans
     WHERE id = $1 FOR NO KEY UPDATE`,
    [actionPlanId],
  );
  const row = rows[0];
  if (!row) throw notFound();
  if (basedOn !== undefined && basedOn !== row.version) {
    throw await staleRefusal(
      tx,
      `c.action_plan_id = $1 AND c.entity = 'actionPlan'`,
      actionPlanId,
      staleActionPlanMessage,
    );
  }
  return {
    id: row.id,
    actionPlanHeading: row.action_plan_heading,
    category: row.category,
    formType: row.form_type,
    timeline: isoOrNull(row.timeline),
    version: row.version,
  };
}

/**
 * Records changes of a plan: 'created' for a new plan (version 1, nothing to lock), or the changes of
 * a plan locked by `lockActionPlan`, whose version moves on by one. Gives the plan's version.
 */
export async function recordPlanChanges(
  tx: Queryable,
  plan: { id: string; version: number },
  actor: Actor,
  changes: readonly Change<ActionPlanChangeField>[],
): Promise<number> {
  if (changes.length === 0) return plan.version;
  let version = plan.version;
  if (changes.some((change) => change.field !== 'created')) {
    const { rows } = await tx.query<{ version: number }>(
      `UPDATE action_plans SET version = version + 1 WHERE id = $1 RETURNING version`,
      [plan.id],
    );
    version = (rows[0] as { version: number }).version;
  }
  await appendEntries(
    tx,
    { entity: 'actionPlan', actionPlanId: plan.id, gapId: null, version },
    actor,
    changes,
  );
  return version;
}
