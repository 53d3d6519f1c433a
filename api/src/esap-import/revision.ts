// A plan's ESAP imported again, as a revision of the plan (docs/decisions/0083-esap-revisions.md):
// the file's items compared with the plan's by item number (NEW, CHANGED field by field, DROPPED,
// UNCHANGED), an item renumbered with its action word for word the same kept on its gap, and the
// revision applied: changed items updated in the fields the file carries only, dropped ones marked
// dropped (never deleted), each change in the gap's history naming the revision, the revision kept.
import {
  ESAP_REVISION_MESSAGES,
  GAP_FORM_CHANGE_FIELDS,
  esapItemNumberKey,
  type EsapImportField,
  type EsapMatchingPlan,
  type Gap,
  type GapFormChangeField,
  type GapValues,
  type PlanRevision,
  type PlanRevisions,
  type RevisionDifferences,
} from '@verity/shared-api/src/server';
import type { Queryable } from '../db';
import { ApiError } from '../errors';
import {
  checkedGapValues,
  lockGap,
  recordGapChanges,
  sameValue,
  storedGapValues,
  type Actor,
} from '../action-plans/change-history';
import { GAP_COLUMNS, gapFieldsSql, type GapField } from '../action-plans/gap-sql';
import { gapAsInput, updateGap } from '../action-plans/gap-writes';
import type { DetectedColumn } from './layout';
import type { PreparedGap } from './prepare-gaps';
import { readTimetable } from './timetable';

/** A numbered gap of the plan, as a revision compares it. */
export interface PlanItem {
  gap: Gap;
  key: string;
  /** The status it had when a revision dropped it; null while it is in force. */
  statusBeforeDrop: string | null;
}

const ITEM_FIELDS: readonly GapField[] = [
  'id',
  'actionPlanId',
  'status',
  ...GAP_FORM_CHANGE_FIELDS,
];

/** The plan's gaps that have an ESAP item number, dropped ones included. */
export async function readPlanItems(tx: Queryable, actionPlanId: string): Promise<PlanItem[]> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT ${gapFieldsSql(ITEM_FIELDS)}, g.status_before_drop AS "statusBeforeDrop"
     FROM gaps g WHERE g.action_plan_id = $1 AND g.esap_item_number IS NOT NULL
     ORDER BY g.esap_item_order`,
    [actionPlanId],
  );
  return rows.map((row) => {
    const gap = Object.fromEntries(
      ITEM_FIELDS.map((field) => {
        const toAnswer = (GAP_COLUMNS[field] as { toAnswer?: (value: unknown) => unknown })
          .toAnswer;
        return [field, toAnswer ? toAnswer(row[field]) : row[field]];
      }),
    ) as unknown as Gap;
    return {
      gap,
      key: esapItemNumberKey(gap.esapItemNumber ?? ''),
      statusBeforeDrop: (row.statusBeforeDrop as string | null) ?? null,
    };
  });
}

/** The gap's own fields each file column sets; the company's own words ('Action taken') none. */
const GAP_FIELDS_OF: Partial<Record<EsapImportField, readonly GapFormChangeField[]>> = {
  esapItemNumber: ['esapItemNumber'],
  recommendation: ['recommendation'],
  gapName: ['gapName'],
  requirementReferences: ['requirementReferences'],
  responsibility: ['responsibility'],
  resources: ['resources'],
  // A timetable may name a financing milestone (0084): its milestone and offsets come with it.
  timetable: [
    'timetable',
    'dueDate',
    'conditionType',
    'dueMilestone',
    'dueOffsetMonths',
    'dueOffsetDays',
  ],
  completionIndicator: ['completionIndicator'],
  KPI: ['KPI'],
  riskSeverity: ['riskSeverity'],
  residualRisk: ['residualRisk'],
  ESGAspect: ['ESGAspect'],
  impactedSDGs: ['impactedSDGs'],
  areaCode: ['areaCode'],
  conditionType: ['conditionType'],
};

/** The custom fields (of `fields`) the import writes from a column. */
const CUSTOM_FIELDS_OF: Partial<Record<EsapImportField, string>> = {
  requirementReferences: 'esapRequirements',
  status: 'esapStatus',
  comments: 'comments',
};

export interface Carried {
  fields: Set<GapFormChangeField>;
  customFields: Set<string>;
}

/**
 * What the file carries: the fields of its mapped columns (the requirement references also when its
 * section rows name standards); a field the ESAP has no column for keeps what Verity holds.
 */
export function carriedFields(columns: readonly DetectedColumn[], sections: number): Carried {
  const carried: Carried = { fields: new Set(), customFields: new Set() };
  for (const { field } of columns) {
    if (!field) continue;
    for (const gapField of GAP_FIELDS_OF[field] ?? []) carried.fields.add(gapField);
    const custom = CUSTOM_FIELDS_OF[field];
    if (custom) carried.customFields.add(custom);
  }
  // Section rows give the requirement references of the items below them, and their section.
  if (sections > 0) {
    carried.fields.add('requirementReferences');
    carried.fields.add('esapSection');
  }
  return carried;
}

type Values = ReturnType<typeof storedGapValues>;

/** Whether two timetables are both dates, and the same day. */
function sameDate(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  const [first, second] = [readTimetable(a), readTimetable(b)];
  return first.kind === 'date' && second.kind === 'date' && first.dueDate === second.dueDate;
}

/** The stored gap's values with those the file carries taken from the file's row. */
function revisedValues(stored: Values, file: Values, carried: Carried): Values {
  const values: Values = { ...stored };
  for (const field of carried.fields) values[field] = file[field];
  // One date written another way ('31/03/2027', a date cell, a serial number) is no change.
  if (carried.fields.has('timetable') && sameDate(stored.timetable, file.timetable)) {
    values.timetable = stored.timetable;
  }
  const fields = { ...(stored.fields as Record<string, unknown>) };
  const fileFields = file.fields as Record<string, unknown>;
  for (const custom of carried.customFields) {
    if (custom in fileFields) fields[custom] = fileFields[custom];
    else delete fields[custom];
  }
  values.fields = fields;
  return values;
}

const sameAction = (text: string | null | undefined) =>
  (text ?? '').replace(/\s+/g, ' ').trim().toLowerCase();

interface ChangedItem {
  prepared: PreparedGap;
  item: PlanItem;
  values: Values;
  changes: { field: GapFormChangeField; oldValue: unknown; newValue: unknown }[];
  renumberedFrom: string | null;
  reinstated: boolean;
}

export interface RevisionPlan {
  added: PreparedGap[];
  changed: ChangedItem[];
  dropped: PlanItem[];
  /** The rows of the items matched and left as they are. */
  unchangedRows: Set<number>;
}

/**
 * The file's checked items against the plan's: matched by item number (trimmed, any case), a
 * dropped item listed again coming back; of what is left, an item of the plan and one of the file
 * whose actions are word for word the same (and no other's) are one item renumbered.
 */
export function compareWithPlan(
  prepared: readonly PreparedGap[],
  items: readonly PlanItem[],
  carried: Carried,
): RevisionPlan {
  const byKey = new Map(items.map((item) => [item.key, item]));
  const plan: RevisionPlan = { added: [], changed: [], dropped: [], unchangedRows: new Set() };
  const matched = new Set<string>();
  const compare = (file: PreparedGap, item: PlanItem, renumberedFrom: string | null) => {
    matched.add(item.gap.id);
    const stored = storedGapValues(item.gap);
    const values = revisedValues(stored, checkedGapValues(file.gap), carried);
    const changes = GAP_FORM_CHANGE_FIELDS.filter((f) => !sameValue(stored[f], values[f])).map(
      (field) => ({ field, oldValue: stored[field], newValue: values[field] }),
    );
    const reinstated = item.gap.status === 'dropped';
    if (changes.length === 0 && !reinstated) plan.unchangedRows.add(file.row);
    else plan.changed.push({ prepared: file, item, values, changes, renumberedFrom, reinstated });
  };
  const unmatchedFile: PreparedGap[] = [];
  for (const file of prepared) {
    const item = byKey.get(esapItemNumberKey(file.gap.esapItemNumber ?? ''));
    if (item) compare(file, item, null);
    else unmatchedFile.push(file);
  }
  const leftInPlan = items.filter(
    (item) => !matched.has(item.gap.id) && item.gap.status !== 'dropped',
  );
  const countBy = <T>(list: readonly T[], text: (entry: T) => string) => {
    const counts = new Map<string, number>();
    for (const entry of list) counts.set(text(entry), (counts.get(text(entry)) ?? 0) + 1);
    return counts;
  };
  const planActions = countBy(leftInPlan, (item) => sameAction(item.gap.recommendation));
  const fileActions = countBy(unmatchedFile, (file) => sameAction(file.gap.recommendation));
  for (const file of unmatchedFile) {
    const action = sameAction(file.gap.recommendation);
    const item =
      action !== '' && planActions.get(action) === 1 && fileActions.get(action) === 1
        ? leftInPlan.find((candidate) => sameAction(candidate.gap.recommendation) === action)
        : undefined;
    if (item) compare(file, item, item.gap.esapItemNumber ?? null);
    else plan.added.push(file);
  }
  plan.dropped = leftInPlan.filter((item) => !matched.has(item.gap.id));
  return plan;
}

/** The revision's differences, as the answer and the stored revision give them. */
export function differencesOf(plan: RevisionPlan): RevisionDifferences {
  return {
    added: plan.added.map(({ row, gap }) => ({
      itemNumber: gap.esapItemNumber ?? '',
      gapName: gap.gapName,
      row,
    })),
    changed: plan.changed.map(({ prepared, item, changes, renumberedFrom, reinstated }) => ({
      itemNumber: prepared.gap.esapItemNumber ?? '',
      gapId: item.gap.id,
      row: prepared.row,
      renumberedFrom,
      reinstated,
      changes: changes.map(({ field, oldValue, newValue }) => ({
        field,
        oldValue: oldValue ?? null,
        newValue: newValue ?? null,
      })),
    })),
    dropped: plan.dropped.map(({ gap }) => ({
      itemNumber: gap.esapItemNumber ?? '',
      gapId: gap.id,
      gapName: gap.gapName,
    })),
    unchanged: plan.unchangedRows.size,
  };
}

export const hasDifferences = (plan: RevisionPlan) =>
  plan.added.length + plan.changed.length + plan.dropped.length > 0;

/** The plan's latest revision number (0: as first created); the plan is locked by the caller. */
export async function currentRevision(tx: Queryable, actionPlanId: string): Promise<number> {
  const { rows } = await tx.query<{ number: number }>(
    `SELECT coalesce(max(number), 0)::int AS number FROM action_plan_revisions WHERE action_plan_id = $1`,
    [actionPlanId],
  );
  return rows[0]?.number ?? 0;
}

/**
 * Applies the changes and drops of revision `number` to the plan's gaps (the new items are the
 * caller's to insert), each change entry carrying the revision as its reason; then keeps the revision.
 */
export async function applyRevision(
  tx: Queryable,
  revision: {
    actionPlanId: string;
    number: number;
    note: string | null;
    plan: RevisionPlan;
    actor: Actor;
  },
): Promise<void> {
  const { actionPlanId, number, note, plan, actor } = revision;
  const reason = ESAP_REVISION_MESSAGES.changeReason(number, note);
  // A renumbered item takes a number no gap of the plan holds (one held, dropped or not, is matched).
  for (const changed of plan.changed) {
    const locked = await lockGap(tx, changed.item.gap.id);
    if (changed.reinstated) {
      const before = changed.item.statusBeforeDrop ?? 'open';
      await tx.query(
        `UPDATE gaps SET status = status_before_drop, status_before_drop = NULL,
           dropped_in_revision = NULL, updated_at = now() WHERE id = $1`,
        [locked.id],
      );
      await recordGapChanges(tx, locked, actor, [
        { field: 'status', oldValue: 'dropped', newValue: before, reason },
      ]);
    }
    if (changed.changes.length > 0) {
      const input = { ...gapAsInput(changed.item.gap), ...changed.values } as unknown as GapValues;
      await updateGap(tx, { locked, stored: changed.item.gap }, input, actor, reason, {
        reasonOnEvery: true,
      });
    }
  }
  for (const { gap } of plan.dropped) {
    const locked = await lockGap(tx, gap.id);
    await tx.query(
      `UPDATE gaps SET status_before_drop = status, status = 'dropped', dropped_in_revision = $2,
         updated_at = now() WHERE id = $1`,
      [locked.id, number],
    );
    await recordGapChanges(tx, locked, actor, [
      { field: 'status', oldValue: locked.status, newValue: 'dropped', reason },
    ]);
  }
  await tx.query(
    `INSERT INTO action_plan_revisions (action_plan_id, number, note, created_by, created_by_name, differences)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
    [actionPlanId, number, note, actor._id, actor.fullname, JSON.stringify(differencesOf(plan))],
  );
}

/**
 * The plan of the audit holding most of the file's item numbers, when it holds at least half of
 * them: a file imported without a plan is then that plan's ESAP again.
 */
export async function findMatchingPlan(
  tx: Queryable,
  auditId: string,
  itemNumbers: readonly string[],
): Promise<EsapMatchingPlan | null> {
  const keys = [...new Set(itemNumbers.map(esapItemNumberKey))];
  if (keys.length === 0) return null;
  const { rows } = await tx.query<{ id: string; heading: string; matching: number }>(
    `SELECT ap.id, ap.action_plan_heading AS heading, count(*)::int AS matching
     FROM action_plans ap JOIN gaps g ON g.action_plan_id = ap.id
     WHERE ap.audit_id = $1 AND lower(trim(g.esap_item_number)) = ANY($2::text[])
     GROUP BY ap.id ORDER BY matching DESC, ap.created_at DESC LIMIT 1`,
    [auditId, keys],
  );
  const best = rows[0];
  if (!best || best.matching * 2 < keys.length) return null;
  return {
    id: best.id,
    actionPlanHeading: best.heading,
    matchingItems: best.matching,
    fileItems: keys.length,
  };
}

export const alreadyInPlan = (plan: EsapMatchingPlan) =>
  new ApiError(
    409,
    'ESAP_ALREADY_IN_PLAN',
    ESAP_REVISION_MESSAGES.alreadyInPlan(
      plan.actionPlanHeading,
      plan.matchingItems,
      plan.fileItems,
    ),
  );

/** The plan's revisions, newest first, down to Rev 0 (the plan as first created). */
export async function findPlanRevisions(
  db: Queryable,
  actionPlanId: string,
): Promise<PlanRevisions> {
  const { rows } = await db.query<{
    number: number;
    note: string | null;
    created_at: Date;
    created_by_name: string;
    differences: RevisionDifferences;
  }>(
    `SELECT number, note, created_at, created_by_name, differences FROM action_plan_revisions
     WHERE action_plan_id = $1 ORDER BY number DESC`,
    [actionPlanId],
  );
  const created = await db.query<{ created_at: Date; name: string | null }>(
    `SELECT ap.created_at, (SELECT c.changed_by_name FROM change_history c
        WHERE c.action_plan_id = ap.id AND c.entity = 'actionPlan' AND c.field = 'created'
        ORDER BY c.changed_at LIMIT 1) AS name
     FROM action_plans ap WHERE ap.id = $1`,
    [actionPlanId],
  );
  const origin = created.rows[0];
  const revisions: PlanRevision[] = rows.map((row) => ({
    number: row.number,
    note: row.note,
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: { name: row.created_by_name },
    differences: row.differences,
  }));
  if (origin) {
    revisions.push({
      number: 0,
      note: null,
      createdAt: new Date(origin.created_at).toISOString(),
      createdBy: { name: origin.name ?? '' },
      differences: null,
    });
  }
  return { currentRevision: rows[0]?.number ?? 0, revisions };
}
