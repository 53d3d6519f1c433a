// Writing gaps: each write that touches several rows runs inside the caller's transaction, and
// records itself in the gap's change history there (./change-history.ts).
import {
  checkChangeReason,
  checkGap,
  ESAP_ITEM_NUMBER_REPEATED,
  ESAP_ITEM_NUMBER_TAKEN,
  ESAP_ITEM_NUMBER_TAKEN_CODE,
  ESAP_REVISION_MESSAGES,
  repeatedEsapItemNumber,
  type AuditForm,
  type GapChanges,
  type GapValues,
  type Gap,
} from '@verity/shared-api/src/server';
import type { Queryable } from '../db';
import { ApiError, notFound, passed } from '../errors';
import { randomUUID } from 'node:crypto';
import { findGap } from './gap-sql';
import {
  checkedGapValues,
  gapFieldChanges,
  lockGap,
  recordCreatedGaps,
  reasonPassed,
  recordGapChanges,
  storedGapValues,
  type Actor,
  type LockedGap,
} from './change-history';

const toDate = (value: Date | undefined) => value ?? null;

/** The gap columns from checked gap values (fields of other form types are already dropped). */
function gapColumns(gap: GapValues) {
  const amount =
    'amount' in gap
      ? (gap.amount as { currency: string; value: number } | null | undefined)
      : undefined;
  return [
    gap.KPI,
    gap.gapName,
    gap.recommendation,
    gap.responsibility,
    gap.actionTakenByCompany,
    gap.residualRisk,
    gap.riskSeverity,
    toDate(gap.dueDate as Date | undefined),
    (gap.ESGAspect as string | undefined) ?? null,
    toDate(gap.timeline as Date | undefined),
    (gap.areaCode as string | undefined) ?? null,
    amount?.currency ?? null,
    amount ? amount.value : null,
    gap.impactedSDGs,
    JSON.stringify(gap.fields ?? {}),
    JSON.stringify(gap.addOns ?? {}),
    gap.esapItemNumber ?? null,
    gap.requirementReferences ?? [],
    gap.completionIndicator ?? null,
    gap.timetable ?? null,
    gap.conditionType ?? null,
    gap.loanClause ?? null,
    ('dueMilestone' in gap ? (gap.dueMilestone as string | null | undefined) : null) ?? null,
    ('dueOffsetMonths' in gap ? (gap.dueOffsetMonths as number | undefined) : 0) ?? 0,
    ('dueOffsetDays' in gap ? (gap.dueOffsetDays as number | undefined) : 0) ?? 0,
    gap.resources ?? null,
    gap.esapSection ?? null,
  ];
}

/* ---------- ESAP item numbers: one per plan ---------- */

const ESAP_ITEM_NUMBER_INDEX = 'gaps_plan_esap_item_number_idx';

export const esapItemNumberTaken = (message: string) =>
  new ApiError(409, ESAP_ITEM_NUMBER_TAKEN_CODE, message);

/** Several gaps written by one request: two with one item number are refused, naming both (409). */
export function refuseRepeatedEsapItemNumbers(
  gaps: readonly { esapItemNumber?: string | null }[],
): void {
  const repeated = repeatedEsapItemNumber(gaps);
  if (repeated) {
    throw esapItemNumberTaken(
      ESAP_ITEM_NUMBER_REPEATED(repeated.itemNumber, repeated.first, repeated.second),
    );
  }
}

/**
 * Refuses (409) an item number another gap of the plan has, compared as the unique index compares
 * (trimmed, any case). The index still decides between two writes that cross: see `writingGap`.
 */
async function refuseTakenEsapItemNumber(
  tx: Queryable,
  actionPlanId: string,
  itemNumber: string | null | undefined,
  gapId: string | null,
): Promise<void> {
  if (!itemNumber) return;
  const { rows } = await tx.query(
    `SELECT 1 FROM gaps WHERE action_plan_id = $1 AND lower(esap_item_number) = lower($2)
       AND ($3::uuid IS NULL OR id <> $3::uuid) LIMIT 1`,
    [actionPlanId, itemNumber, gapId],
  );
  if (rows.length > 0) throw esapItemNumberTaken(ESAP_ITEM_NUMBER_TAKEN(itemNumber));
}

/** Runs a gap write; the unique index's refusal (a concurrent write took the number) becomes the 409. */
async function writingGap<T>(gap: GapValues, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const { code, constraint } = error as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === ESAP_ITEM_NUMBER_INDEX && gap.esapItemNumber) {
      throw esapItemNumberTaken(ESAP_ITEM_NUMBER_TAKEN(gap.esapItemNumber));
    }
    throw error;
  }
}

/**
 * Inserts a gap (status open, version 1), its first status-history entry and its 'created' change
 * entry holding the first values; gives its id.
 */
export async function insertGap(
  tx: Queryable,
  target: { actionPlanId: string; targetCompanyId: string; actor: Actor },
  gap: GapValues,
): Promise<string> {
  await refuseTakenEsapItemNumber(tx, target.actionPlanId, gap.esapItemNumber, null);
  const { rows } = await writingGap(gap, () =>
    tx.query<{ id: string }>(
      `INSERT INTO gaps (kpi, gap_name, recommendation, responsibility, action_taken_by_company, residual_risk,
         risk_severity, due_date, esg_aspect, timeline, area_code, amount_currency, amount_value, impacted_sdgs,
         fields, add_ons, esap_item_number, requirement_references, completion_indicator, timetable,
         condition_type, loan_clause, due_milestone, due_offset_months, due_offset_days, resources,
         esap_section, action_plan_id, target_company_id, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb, $16::jsonb, $17, $18,
         $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30)
       RETURNING id`,
      [...gapColumns(gap), target.actionPlanId, target.targetCompanyId, target.actor._id],
    ),
  );
  const id = (rows[0] as { id: string }).id;
  await tx.query(
    `INSERT INTO gap_status_history (gap_id, status, changed_by) VALUES ($1, 'open', $2)`,
    [id, target.actor._id],
  );
  await recordGapChanges(
    tx,
    { id, actionPlanId: target.actionPlanId, status: 'open', version: 1 },
    target.actor,
    [{ field: 'created', oldValue: null, newValue: { ...checkedGapValues(gap), status: 'open' } }],
  );
  return id;
}

/** Gaps written per statement by `insertGaps` (2,000 gaps are four statements of each kind). */
const GAPS_PER_STATEMENT = 500;

/**
 * Inserts many gaps into one plan as `insertGap` inserts one (open, version 1, the first status-history
 * entry, the 'created' change entry), in a few statements; an item number the plan already has, or
 * two gaps with one, is refused (409) as there. The first gap gets the latest creation time, so the
 * plan lists them in the given order (newest first). Gives their ids, in order.
 */
export async function insertGaps(
  tx: Queryable,
  target: { actionPlanId: string; targetCompanyId: string; actor: Actor },
  gaps: readonly GapValues[],
): Promise<string[]> {
  if (gaps.length === 0) return [];
  refuseRepeatedEsapItemNumbers(gaps);
  const itemNumbers = gaps.flatMap((gap) => (gap.esapItemNumber ? [gap.esapItemNumber] : []));
  if (itemNumbers.length > 0) {
    const { rows } = await tx.query<{ esap_item_number: string }>(
      `SELECT esap_item_number FROM gaps
       WHERE action_plan_id = $1 AND lower(esap_item_number) = ANY($2::text[]) LIMIT 1`,
      [target.actionPlanId, itemNumbers.map((itemNumber) => itemNumber.toLowerCase())],
    );
    if (rows[0]) throw esapItemNumberTaken(ESAP_ITEM_NUMBER_TAKEN(rows[0].esap_item_number));
  }
  const ids = gaps.map(() => randomUUID());
  for (let start = 0; start < gaps.length; start += GAPS_PER_STATEMENT) {
    const chunk = gaps.slice(start, start + GAPS_PER_STATEMENT).map((gap, offset) => {
      const columns = gapColumns(gap);
      return {
        id: ids[start + offset],
        position: start + offset,
        kpi: columns[0],
        gap_name: columns[1],
        recommendation: columns[2],
        responsibility: columns[3],
        action_taken_by_company: columns[4],
        residual_risk: columns[5],
        risk_severity: columns[6],
        due_date: columns[7],
        esg_aspect: columns[8],
        timeline: columns[9],
        area_code: columns[10],
        amount_currency: columns[11],
        amount_value: columns[12],
        impacted_sdgs: columns[13],
        fields: gap.fields ?? {},
        add_ons: gap.addOns ?? {},
        esap_item_number: columns[16],
        requirement_references: columns[17],
        completion_indicator: columns[18],
        timetable: columns[19],
        condition_type: columns[20],
        loan_clause: columns[21],
        due_milestone: columns[22],
        due_offset_months: columns[23],
        due_offset_days: columns[24],
        resources: columns[25],
        esap_section: columns[26],
      };
    });
    await writingGap(gaps[start] as GapValues, () =>
      tx.query(
        `INSERT INTO gaps (id, kpi, gap_name, recommendation, responsibility, action_taken_by_company, residual_risk,
           risk_severity, due_date, esg_aspect, timeline, area_code, amount_currency, amount_value, impacted_sdgs,
           fields, add_ons, esap_item_number, requirement_references, completion_indicator, timetable,
           condition_type, loan_clause, due_milestone, due_offset_months, due_offset_days, resources,
           esap_section, action_plan_id, target_company_id, created_by, created_at)
         SELECT r.id, r.kpi, r.gap_name, r.recommendation, r.responsibility, r.action_taken_by_company,
           r.residual_risk, r.risk_severity, r.due_date, r.esg_aspect, r.timeline, r.area_code, r.amount_currency,
           r.amount_value, r.impacted_sdgs, r.fields, r.add_ons, r.esap_item_number, r.requirement_references,
           r.completion_indicator, r.timetable, r.condition_type, r.loan_clause, r.due_milestone,
           r.due_offset_months, r.due_offset_days, r.resources, r.esap_section, $2, $3, $4,
           now() - r.position * interval '1 microsecond'
         FROM jsonb_to_recordset($1::jsonb) AS r (id uuid, position integer, kpi text, gap_name text,
           recommendation text, responsibility text, action_taken_by_company text, residual_risk text,
           risk_severity text, due_date timestamptz, esg_aspect text, timeline timestamptz, area_code text,
           amount_currency text, amount_value numeric, impacted_sdgs text[], fields jsonb, add_ons jsonb,
           esap_item_number text, requirement_references text[], completion_indicator text, timetable text,
           condition_type text, loan_clause text, due_milestone text, due_offset_months integer,
           due_offset_days integer, resources text, esap_section text)`,
        [JSON.stringify(chunk), target.actionPlanId, target.targetCompanyId, target.actor._id],
      ),
    );
  }
  await tx.query(
    `INSERT INTO gap_status_history (gap_id, status, changed_by)
     SELECT unnest($1::uuid[]), 'open', $2`,
    [ids, target.actor._id],
  );
  await recordCreatedGaps(
    tx,
    target.actionPlanId,
    target.actor,
    gaps.map((gap, index) => ({ gapId: ids[index] as string, values: checkedGapValues(gap) })),
  );
  return ids;
}

/**
 * Replaces the editable fields of a gap locked by `lockGap` with checked values, and records each
 * field that changed (`reason` with a changed due date). Nothing changed, nothing is written.
 */
export async function updateGap(
  tx: Queryable,
  target: { locked: LockedGap; stored: Gap },
  gap: GapValues,
  actor: Actor,
  reason?: string,
  /** reasonOnEvery: the reason on every changed field (a revision of the ESAP), not the due date's only. */
  options: { reasonOnEvery?: boolean } = {},
): Promise<void> {
  const before = storedGapValues(target.stored);
  const after = checkedGapValues(gap);
  // Due relative to a milestone: the database writes the due date from it (migration 0042), so the
  // change is the milestone's or the offset's, not the due date's.
  if (after.dueMilestone !== null) after.dueDate = before.dueDate;
  const changes = gapFieldChanges(before, after, reason).map((change) =>
    options.reasonOnEvery ? { ...change, reason: reason ?? null } : change,
  );
  if (changes.length === 0) return;
  const gapId = target.locked.id;
  if (changes.some((change) => change.field === 'esapItemNumber')) {
    await refuseTakenEsapItemNumber(tx, target.locked.actionPlanId, gap.esapItemNumber, gapId);
  }
  await writingGap(gap, () =>
    tx.query(
      `UPDATE gaps SET kpi = $1, gap_name = $2, recommendation = $3, responsibility = $4,
         action_taken_by_company = $5, residual_risk = $6, risk_severity = $7, due_date = $8, esg_aspect = $9,
         timeline = $10, area_code = $11, amount_currency = $12, amount_value = $13, impacted_sdgs = $14,
         fields = $15::jsonb, add_ons = $16::jsonb, esap_item_number = $17, requirement_references = $18,
         completion_indicator = $19, timetable = $20, condition_type = $21, loan_clause = $22,
         due_milestone = $23, due_offset_months = $24, due_offset_days = $25, resources = $26,
         esap_section = $27, updated_at = now()
       WHERE id = $28`,
      [...gapColumns(gap), gapId],
    ),
  );
  await recordGapChanges(tx, target.locked, actor, changes);
}

export interface StatusChangeOptions {
  /** The version the user saw: a gap changed since is refused (409) and nothing is written. */
  version?: number;
  /** Why, kept on the change entry (a returned closure, say). */
  reason?: string | null;
}

/**
 * Sets a gap's status, appends the matching status-history entry and records the change (the
 * gap's version moves on by one), all in the caller's transaction.
 */
export async function setGapStatus(
  tx: Queryable,
  gapId: string,
  status: string,
  actor: Actor,
  options: StatusChangeOptions = {},
): Promise<void> {
  const locked = await lockGap(tx, gapId, options.version);
  if (locked.status === 'dropped') {
    // Only a revision of the ESAP listing the item again brings it back (0083).
    const { rows } = await tx.query<{ n: number }>(
      `SELECT dropped_in_revision AS n FROM gaps WHERE id = $1`,
      [gapId],
    );
    throw new ApiError(409, 'ESAP_ITEM_DROPPED', ESAP_REVISION_MESSAGES.dropped(rows[0]?.n ?? 0));
  }
  await tx.query(`UPDATE gaps SET status = $1, updated_at = now() WHERE id = $2`, [status, gapId]);
  await tx.query(
    `INSERT INTO gap_status_history (gap_id, status, changed_by) VALUES ($1, $2, $3)`,
    [gapId, status, actor._id],
  );
  await recordGapChanges(tx, locked, actor, [
    { field: 'status', oldValue: locked.status, newValue: status, reason: options.reason ?? null },
  ]);
}

/** A stored gap as the input of the gap rules, so an edit is checked as the whole gap it makes. */
export function gapAsInput(gap: Gap): Record<string, unknown> {
  return {
    KPI: gap.KPI,
    gapName: gap.gapName,
    recommendation: gap.recommendation,
    responsibility: gap.responsibility,
    actionTakenByCompany: gap.actionTakenByCompany,
    residualRisk: gap.residualRisk,
    riskSeverity: gap.riskSeverity,
    impactedSDGs: gap.impactedSDGs,
    dueDate: gap.dueDate ?? undefined,
    timeline: gap.timeline ?? undefined,
    ESGAspect: gap.ESGAspect ?? undefined,
    areaCode: gap.areaCode ?? undefined,
    amount: gap.amount ?? undefined,
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

/** The edit of one gap as PUT /gap/{gapId} makes it: the fields that change, why, and the version seen. */
export interface GapEdit {
  changes: Omit<GapChanges, 'reason' | 'version'>;
  reason?: string;
  version?: number;
}

/**
 * Edits a gap in the caller's transaction: locks it (a stale version: 409), checks the whole gap the
 * edit makes by the gap rules of its plan's form, asks a reason when the due date moves later (422),
 * and records each changed field (`updateGap`). PUT /gap/{gapId} and the bulk change both edit so.
 */
export async function editGap(
  tx: Queryable,
  /** The gap's id, with its plan's form type and timeline. */
  target: { id: string; form_type: string; timeline: Date | null },
  edit: GapEdit,
  actor: Actor,
): Promise<void> {
  const { changes, reason, version } = edit;
  // Locked first, so the edit is merged into the very gap it replaces (a stale version: 409).
  const locked = await lockGap(tx, target.id, version);
  const stored = await findGap(tx, target.id);
  if (!stored) throw notFound();
  const gap = passed(
    checkGap(
      { ...gapAsInput(stored), ...changes },
      {
        formType: target.form_type as AuditForm,
        planTimeline: target.timeline,
        // A kept due date may have passed since it was set; only a new one must lie ahead.
        checkDueDateInFuture:
          changes.dueDate !== undefined &&
          (changes.dueDate === null ||
            !stored.dueDate ||
            new Date(changes.dueDate).getTime() !== new Date(stored.dueDate).getTime()),
      },
    ),
  );
  const why = reasonPassed(
    checkChangeReason({
      subject: 'dueDate',
      before: stored.dueDate,
      after: gap.dueDate as Date | undefined,
      reason,
    }),
  );
  await updateGap(tx, { locked, stored }, gap, actor, why);
}
