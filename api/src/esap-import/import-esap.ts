// The ESAP import from a read file to the gaps written: the mapping applied and checked, the plan's
// fields checked, the rows prepared, then one transaction that a dry run rolls back, so a dry run
// answers exactly what the import does (docs/decisions/0042-esap-import.md).
import {
  ESAP_IMPORT_FIELD_LABELS,
  ESAP_IMPORT_MAX_ROWS,
  ESAP_IMPORT_MESSAGES,
  ESAP_REVISION_MESSAGES,
  actionPlanSchema,
  esapStatusKey,
  firstMessageInOrder,
  formHasEsgAspect,
  formHasTimeline,
  isEsapImportField,
  isImportStatusTarget,
  repeatedMapping,
  type ActionPlanValues,
  type AuditForm,
  type EsapColumnMapping,
  type EsapImportResult,
  type EsapMatchingPlan,
  type EsapRevisionPreview,
} from '@verity/shared-api/src/server';
import type { Database, Queryable } from '../db';
import { ApiError, invalid } from '../errors';
import { insertGaps, setGapStatus } from '../action-plans/gap-writes';
import { insertActionPlan } from '../action-plans/plan-writes';
import type { Actor } from '../action-plans/change-history';
import { cellText, findLayout, kindOfRow, type DetectedColumn } from './layout';
import {
  REQUIRED_IMPORT_FIELDS,
  columnsByField,
  prepareGaps,
  proposedStatus,
  type GapDefaults,
  type ImportProblem,
  type StatusChoice,
} from './prepare-gaps';
import type { Sheet } from './read-spreadsheet';
import { sourceLayoutOf, type SourceLayout } from './source-workbook';
import {
  alreadyInPlan,
  applyRevision,
  carriedFields,
  compareWithPlan,
  currentRevision,
  differencesOf,
  findMatchingPlan,
  hasDifferences,
  readPlanItems,
  type PlanItem,
} from './revision';
import { recordWebhookEvent } from '../webhooks/events';

export const PREVIEW_ROWS = 10;

export interface ImportRequest {
  audit: { id: string; targetCompanyId: string; formType: AuditForm };
  /** An existing plan of the audit to import into; a new plan from `plan` otherwise. */
  existingPlan: { id: string; timeline: Date | null } | null;
  plan: Record<string, unknown>;
  mapping: unknown;
  /** The table of ESAP statuses the user confirmed (JSON: status → 'open' | 'provClosed' | null). */
  statusMapping?: unknown;
  defaults: GapDefaults;
  dryRun: boolean;
  actor: Actor;
  /** Into an existing plan: the revision's note (docs/decisions/0083-esap-revisions.md). */
  revisionNote?: string | null;
  /** A new plan even though a plan of the audit already has the file's items. */
  newPlan?: boolean;
  /**
   * A real import of a workbook: keeps it as the plan's source, in the import's transaction, with
   * the plan's revision it is and its layout (docs/decisions/0093-esap-back-in-the-lenders-layout.md).
   */
  keepSource?: (
    tx: Queryable,
    source: { actionPlanId: string; revision: number; layout: SourceLayout },
  ) => Promise<void>;
}

const tooManyRows = (rows: number) =>
  new ApiError(413, 'TOO_MANY_ROWS', ESAP_IMPORT_MESSAGES.tooManyRows(rows, ESAP_IMPORT_MAX_ROWS));

/** The detected columns with the sent mapping applied over them; a malformed mapping is a 400. */
export function applyMapping(
  columns: readonly DetectedColumn[],
  mapping: unknown,
): DetectedColumn[] {
  if (mapping === undefined || mapping === null || mapping === '') return [...columns];
  let parsed: unknown = mapping;
  if (typeof mapping === 'string') {
    try {
      parsed = JSON.parse(mapping);
    } catch {
      throw invalid(ESAP_IMPORT_MESSAGES.badMapping);
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalid(ESAP_IMPORT_MESSAGES.badMapping);
  }
  const chosen = parsed as Record<string, unknown>;
  for (const [column, field] of Object.entries(chosen)) {
    if (!columns.some((detected) => detected.column === column)) {
      throw invalid(ESAP_IMPORT_MESSAGES.unknownColumn(column.slice(0, 10)));
    }
    if (field !== null && field !== '' && !isEsapImportField(field)) {
      throw invalid(ESAP_IMPORT_MESSAGES.unknownField(String(field).slice(0, 40)));
    }
  }
  return columns.map((detected) =>
    detected.column in chosen
      ? { ...detected, field: (chosen[detected.column] || null) as DetectedColumn['field'] }
      : detected,
  );
}

/** The most statuses a sent table may name, and the longest status. */
const STATUS_MAPPING_MAX = 200;
const STATUS_TEXT_MAX = 200;

/** The sent table of statuses by `esapStatusKey`; a malformed one is a 400 that changes nothing. */
export function parseStatusMapping(
  statusMapping: unknown,
): Map<string, 'open' | 'provClosed' | null> {
  const table = new Map<string, 'open' | 'provClosed' | null>();
  if (statusMapping === undefined || statusMapping === null || statusMapping === '') return table;
  let parsed: unknown = statusMapping;
  if (typeof statusMapping === 'string') {
    try {
      parsed = JSON.parse(statusMapping);
    } catch {
      throw invalid(ESAP_IMPORT_MESSAGES.badStatusMapping);
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalid(ESAP_IMPORT_MESSAGES.badStatusMapping);
  }
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length > STATUS_MAPPING_MAX) {
    throw invalid(ESAP_IMPORT_MESSAGES.statusMappingTooLong(STATUS_MAPPING_MAX));
  }
  for (const [text, target] of entries) {
    const key = esapStatusKey(text);
    if (key === '' || (target !== null && !isImportStatusTarget(target))) {
      throw invalid(ESAP_IMPORT_MESSAGES.badStatusMapping);
    }
    if (key.length > STATUS_TEXT_MAX) {
      throw invalid(ESAP_IMPORT_MESSAGES.statusMappingTooLong(STATUS_MAPPING_MAX));
    }
    table.set(key, target);
  }
  return table;
}

/**
 * The choice each ESAP status makes: the sent table's, else the client's remembered one, else the
 * known proposals. Where the client's closures need evidence review, Prov Close is never set nor
 * proposed, and a table asking for it is a 400 (0089).
 */
async function statusChoices(
  q: Queryable,
  targetCompanyId: string,
  sent: ReadonlyMap<string, 'open' | 'provClosed' | null>,
): Promise<{ clientId: string; choose: (text: string) => StatusChoice }> {
  const { rows: clientRows } = await q.query<{ id: string; closure_needs_review: boolean }>(
    `SELECT c.id, c.closure_needs_review FROM target_companies tc
     JOIN clients c ON c.id = tc.client_id WHERE tc.id = $1`,
    [targetCompanyId],
  );
  const client = clientRows[0] as { id: string; closure_needs_review: boolean };
  if (client.closure_needs_review && [...sent.values()].includes('provClosed')) {
    throw invalid(ESAP_IMPORT_MESSAGES.provCloseNeedsReview);
  }
  const { rows: rememberedRows } = await q.query<{ status_key: string; target: string | null }>(
    'SELECT status_key, target FROM esap_status_mappings WHERE client_id = $1',
    [client.id],
  );
  const remembered = new Map(rememberedRows.map((row) => [row.status_key, row.target]));
  const choose = (text: string): StatusChoice => {
    const key = esapStatusKey(text);
    let choice: StatusChoice = proposedStatus(text);
    if (sent.has(key)) choice = { target: sent.get(key) ?? null, source: 'sent' };
    else if (remembered.has(key)) {
      const target = remembered.get(key);
      choice = { target: isImportStatusTarget(target) ? target : null, source: 'remembered' };
    }
    return client.closure_needs_review && choice.target === 'provClosed'
      ? { ...choice, target: null }
      : choice;
  };
  return { clientId: client.id, choose };
}

/** Problems that stop the whole import: the mapping, the defaults, the new plan's fields. */
function fileProblems(
  columns: readonly DetectedColumn[],
  request: ImportRequest,
): { problems: ImportProblem[]; plan: ActionPlanValues | null } {
  const problems: ImportProblem[] = [];
  const mapping: EsapColumnMapping = Object.fromEntries(columns.map((c) => [c.column, c.field]));
  const headers = Object.fromEntries(columns.map((c) => [c.column, c.header]));
  const repeated = repeatedMapping(mapping, headers);
  if (repeated) problems.push({ row: null, column: null, message: repeated });
  const mapped = columnsByField(columns);
  for (const field of REQUIRED_IMPORT_FIELDS) {
    if (!mapped.has(field)) {
      problems.push({
        row: null,
        column: null,
        message: ESAP_IMPORT_MESSAGES.columnRequired(ESAP_IMPORT_FIELD_LABELS[field]),
      });
    }
  }
  if (!mapped.has('impactedSDGs') && (request.defaults.impactedSDGs ?? []).length === 0) {
    problems.push({
      row: null,
      column: null,
      message: ESAP_IMPORT_MESSAGES.defaultRequired(ESAP_IMPORT_FIELD_LABELS.impactedSDGs),
    });
  }
  if (
    formHasEsgAspect(request.audit.formType) &&
    !mapped.has('ESGAspect') &&
    !request.defaults.ESGAspect
  ) {
    problems.push({
      row: null,
      column: null,
      message: ESAP_IMPORT_MESSAGES.defaultRequired(ESAP_IMPORT_FIELD_LABELS.ESGAspect),
    });
  }
  if (request.existingPlan) return { problems, plan: null };
  try {
    let plan = actionPlanSchema().validateSync(
      { ...request.plan, formType: request.audit.formType },
      { abortEarly: false, stripUnknown: true },
    ) as ActionPlanValues;
    if (!formHasTimeline(plan.formType)) plan = { ...plan, timeline: undefined };
    return { problems, plan };
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'ValidationError') throw error;
    const message = firstMessageInOrder(error as never, [
      'actionPlanHeading',
      'timeline',
      'category',
    ]);
    return { problems: [{ row: null, column: null, message }, ...problems], plan: null };
  }
}

/** Thrown inside a dry run's transaction to roll it back with the answer it made. */
class DryRunDone extends Error {
  constructor(readonly result: EsapImportResult) {
    super('dry run');
  }
}

const isoDay = (value: Date | string | null | undefined) =>
  value ? new Date(value).toISOString().slice(0, 10) : null;

/** Imports (or, dry, checks) a read spreadsheet; the answer lists what was or would be done. */
export async function importEsap(
  db: Database,
  sheet: Sheet,
  request: ImportRequest,
): Promise<EsapImportResult> {
  const layout = findLayout(sheet.rows);
  if (layout.rows.length > ESAP_IMPORT_MAX_ROWS) throw tooManyRows(layout.rows.length);
  const columns = applyMapping(layout.columns, request.mapping);
  const detected = new Map(layout.columns.map((c) => [c.column, c.field]));
  const itemNumberIndex = columnsByField(columns).get('esapItemNumber')?.index ?? null;
  const base: Omit<EsapImportResult, 'gaps' | 'warnings' | 'errors' | 'rejectedRows'> = {
    dryRun: request.dryRun,
    actionPlanId: request.existingPlan?.id ?? null,
    format: sheet.format,
    headerRows: layout.headerRows,
    columns: columns.map(({ column, header, field, combined }) => ({
      column,
      header,
      field,
      detectedField: detected.get(column) ?? null,
      ...(combined.length > 0 ? { combinedFields: combined } : {}),
    })),
    preview: layout.rows.slice(0, PREVIEW_ROWS).map((row) => {
      const kind = kindOfRow(row, itemNumberIndex);
      return {
        row: row.number,
        kind: kind.kind,
        ...(kind.kind === 'section' ? { title: kind.title } : {}),
        ...(kind.kind === 'footnote' ? { title: kind.text } : {}),
        cells: columns.map((c) => cellText(row.cells[c.index] ?? null)),
      };
    }),
  };
  const sentStatuses = parseStatusMapping(request.statusMapping);
  const statuses = await statusChoices(db, request.audit.targetCompanyId, sentStatuses);
  const { problems, plan } = fileProblems(columns, request);
  if (problems.length > 0) {
    if (!request.dryRun) throw invalid((problems[0] as ImportProblem).message);
    return {
      ...base,
      gaps: { items: 0, imported: 0, alreadyInPlan: 0, withErrors: 0, sections: 0 },
      // The file's statuses still come, so the table can be confirmed while the plan's fields are not.
      statuses: prepareGaps(layout.rows, columns, {
        formType: request.audit.formType,
        planTimeline: null,
        defaults: request.defaults,
        existingItemNumbers: new Set(),
        statusChoice: statuses.choose,
      }).statuses,
      warnings: [],
      errors: problems,
      rejectedRows: [],
    };
  }
  const planTimeline = isoDay(
    request.existingPlan ? request.existingPlan.timeline : plan?.timeline,
  );

  const run = async (tx: Queryable): Promise<EsapImportResult> => {
    let planItems: PlanItem[] = [];
    if (request.existingPlan) {
      // Locked, so two imports into one plan take turns and neither repeats the other's items.
      await tx.query('SELECT id FROM action_plans WHERE id = $1 FOR UPDATE', [
        request.existingPlan.id,
      ]);
      planItems = await readPlanItems(tx, request.existingPlan.id);
    }
    // Every row checked; those of items the plan has are then compared with them (a revision).
    const prepared = prepareGaps(layout.rows, columns, {
      formType: request.audit.formType,
      planTimeline,
      defaults: request.defaults,
      existingItemNumbers: new Set<string>(),
      statusChoice: statuses.choose,
    });
    let toInsert = prepared.gaps;
    let warnings = prepared.warnings;
    let matched = 0;
    let revision: EsapRevisionPreview | null = null;
    let matchingPlan: EsapMatchingPlan | null = null;
    let applyChanges: (() => Promise<void>) | null = null;
    if (request.existingPlan) {
      const actionPlanId = request.existingPlan.id;
      const compared = compareWithPlan(
        prepared.gaps,
        planItems,
        carriedFields(columns, prepared.counts.sections),
      );
      toInsert = compared.added;
      matched = compared.changed.length + compared.unchangedRows.size;
      // An item left as it is needs no word about its row.
      warnings = warnings.filter(
        (warning) => warning.row === null || !compared.unchangedRows.has(warning.row),
      );
      for (const changed of compared.changed) {
        if (changed.renumberedFrom === null) continue;
        warnings.push({
          row: changed.prepared.row,
          column: columnsByField(columns).get('esapItemNumber')?.column ?? null,
          itemNumber: changed.prepared.gap.esapItemNumber ?? undefined,
          message: ESAP_REVISION_MESSAGES.renumbered(
            changed.renumberedFrom,
            changed.prepared.gap.esapItemNumber ?? '',
          ),
        });
      }
      warnings.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
      const recorded = hasDifferences(compared);
      const number = (await currentRevision(tx, actionPlanId)) + (recorded ? 1 : 0);
      const note = request.revisionNote?.trim() || null;
      revision = { ...differencesOf(compared), number, recorded, note };
      if (recorded) {
        applyChanges = () =>
          applyRevision(tx, { actionPlanId, number, note, plan: compared, actor: request.actor });
      }
    } else {
      matchingPlan = await findMatchingPlan(
        tx,
        request.audit.id,
        prepared.gaps.flatMap(({ gap }) => (gap.esapItemNumber ? [gap.esapItemNumber] : [])),
      );
      // Never a second copy of a plan's items without being asked for one.
      if (matchingPlan && !request.dryRun && !request.newPlan) throw alreadyInPlan(matchingPlan);
    }
    const answer = (actionPlanId: string | null): EsapImportResult => ({
      ...base,
      actionPlanId,
      gaps: { ...prepared.counts, alreadyInPlan: matched, imported: toInsert.length },
      statuses: prepared.statuses,
      warnings,
      errors: prepared.errors,
      rejectedRows: prepared.rejectedRows,
      revision,
      matchingPlan,
    });
    // No row can be imported: no empty plan is made, and the answer says why row by row.
    if (!request.existingPlan && prepared.gaps.length === 0) return answer(null);
    const actionPlanId = request.existingPlan
      ? request.existingPlan.id
      : await insertActionPlan(
          tx,
          { id: request.audit.id, targetCompanyId: request.audit.targetCompanyId },
          plan as ActionPlanValues,
          request.actor,
        );
    if (applyChanges) await applyChanges();
    const ids = await insertGaps(
      tx,
      { actionPlanId, targetCompanyId: request.audit.targetCompanyId, actor: request.actor },
      toInsert.map(({ gap }) => gap),
    );
    // An item the user's table sets to Prov Close is created Open and moved on, with its history.
    for (const [index, { status }] of toInsert.entries()) {
      if (status) await setGapStatus(tx, ids[index] as string, status, request.actor);
    }
    if (!request.dryRun && request.keepSource && sheet.format === 'xlsx') {
      await request.keepSource(tx, {
        actionPlanId,
        revision: revision?.number ?? 0,
        layout: sourceLayoutOf(sheet.sheetName ?? '', layout, columns, prepared.gaps),
      });
    }
    // The table the user confirmed is remembered for the client's next import.
    if (!request.dryRun && sentStatuses.size > 0) {
      await tx.query(
        `INSERT INTO esap_status_mappings (client_id, status_key, target, updated_by)
         SELECT $1, t.key, t.target, $4 FROM unnest($2::text[], $3::text[]) AS t (key, target)
         ON CONFLICT (client_id, status_key)
         DO UPDATE SET target = EXCLUDED.target, updated_by = EXCLUDED.updated_by, updated_at = now()`,
        [
          statuses.clientId,
          [...sentStatuses.keys()],
          [...sentStatuses.values()],
          request.actor._id,
        ],
      );
    }
    // A dry run's events go with its rollback.
    if (!request.existingPlan)
      await recordWebhookEvent(tx, {
        type: 'action_plan.imported',
        actionPlanId,
        targetCompanyId: request.audit.targetCompanyId,
        detail: { items: ids.length },
      });
    else if (revision?.recorded)
      await recordWebhookEvent(tx, {
        type: 'action_plan.revised',
        actionPlanId,
        targetCompanyId: request.audit.targetCompanyId,
        detail: { revision: revision.number, added: ids.length },
      });
    return answer(request.dryRun && !request.existingPlan ? null : actionPlanId);
  };

  try {
    return await db.transaction(async (tx) => {
      const result = await run(tx);
      if (request.dryRun) throw new DryRunDone(result);
      return result;
    });
  } catch (error) {
    if (error instanceof DryRunDone) return error.result;
    throw error;
  }
}
