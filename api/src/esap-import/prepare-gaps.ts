// Turning an ESAP's rows into checked gaps with the column mapping: the section headings' standards,
// the timetable's due date, the defaults for fields an ESAP has no column for, and each row's
// warnings and errors (docs/decisions/0042-esap-import.md).
import {
  ESAP_IMPORT_FIELD_LABELS,
  ESAP_IMPORT_MESSAGES,
  ESAP_IMPORTED_NAMES,
  ESAP_TEXT_LIMITS,
  GAP_FIELD_ORDER,
  PRIOR_TO_FIRST_DISBURSEMENT,
  SDG_CODES,
  TEXT_LIMITS,
  esapItemNumberKey,
  esgAspectOfReferences,
  formatDate,
  formHasDueDate,
  gapSchema,
  splitCombinedCell,
  withoutFootnote,
  type AuditForm,
  esapStatusKey,
  knownStatusTarget,
  type EsapImportField,
  type EsapStatusSource,
  type ImportStatusTarget,
  type GapValues,
} from '@verity/shared-api/src/server';
import { cellText, kindOfRow, type DetectedColumn } from './layout';
import type { SheetRow } from './read-spreadsheet';
import { referencesIn } from './standards';
import {
  conditionTypeOfTimetable,
  milestoneOfTimetable,
  readTimetable,
  type SheetValue,
} from './timetable';

export interface ImportProblem {
  /** The spreadsheet's row number; null for a problem of the whole file or mapping. */
  row: number | null;
  /** The column's letter; null when no one column is at fault. */
  column: string | null;
  /** The row's ESAP item number, once it is read. */
  itemNumber?: string;
  message: string;
}

export interface GapDefaults {
  ESGAspect?: string | null;
  impactedSDGs?: string[];
  riskSeverity?: string | null;
}

export interface PrepareOptions {
  formType: AuditForm;
  /** The plan's timeline ('YYYY-MM-DD' or ISO), the due date of items without a dated timetable. */
  planTimeline: string | null;
  defaults: GapDefaults;
  /** Item numbers the plan already has (compared by `esapItemNumberKey`): those rows are skipped. */
  existingItemNumbers: ReadonlySet<string>;
  /**
   * The gap status an ESAP status sets, and where that comes from (the request's table, the
   * client's remembered one); by default only the statuses the import knows, as proposals.
   */
  statusChoice?: (text: string) => StatusChoice;
  now?: () => Date;
}

export interface StatusChoice {
  target: ImportStatusTarget | null;
  source: EsapStatusSource;
}

/** The choice where no table was sent or remembered: a known status's proposal, else text only. */
export function proposedStatus(text: string): StatusChoice {
  const known = knownStatusTarget(text);
  return known ? { target: known, source: 'known' } : { target: null, source: 'unknown' };
}

/** One status of the file, with how many items have it and the choice made for it. */
export interface FileStatus extends StatusChoice {
  text: string;
  items: number;
}

export interface PreparedGap {
  row: number;
  gap: GapValues;
  /** The status the gap takes after it is created Open, from its ESAP status (0089). */
  status?: 'provClosed';
}

export interface PreparedImport {
  gaps: PreparedGap[];
  counts: { items: number; sections: number; alreadyInPlan: number; withErrors: number };
  warnings: ImportProblem[];
  errors: ImportProblem[];
  /** The rows skipped for their errors, for the CSV the screen offers. */
  rejectedRows: { row: number; cells: string[] }[];
  /** The file's ESAP statuses, each once in the order first met. */
  statuses: FileStatus[];
}

/** The fields every import needs a column for. */
export const REQUIRED_IMPORT_FIELDS: readonly EsapImportField[] = [
  'esapItemNumber',
  'recommendation',
  'responsibility',
];

const firstLine = (text: string) =>
  (text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '').trim();

const SEVERITY: readonly [RegExp, string][] = [
  [/^(?:low|minor|l)$/i, 'low'],
  [/^(?:moderate|medium|med|m)$/i, 'moderate'],
  [/^(?:high|major|critical|significant|h)$/i, 'high'],
];
const ASPECT: readonly [RegExp, string][] = [
  [/^e(?:nv\w*)?$/i, 'Environmental'],
  [/^s(?:oc\w*)?$/i, 'Social'],
  [/^g(?:ov\w*)?$/i, 'Governance'],
];
const CONDITION: readonly [RegExp, string][] = [
  [/precedent|^cp$/i, 'precedent'],
  [/subsequent|^cs$/i, 'subsequent'],
  [/ongoing|on-going|continuous/i, 'ongoing'],
  [/recurring|annual|periodic/i, 'recurring'],
];

const pick = (table: readonly [RegExp, string][], text: string) =>
  table.find(([pattern]) => pattern.test(text.trim()))?.[1] ?? text.trim().toLowerCase();

function sdgsIn(text: string): string[] {
  const numbers = [...text.matchAll(/(?:SDG\s*)?(\d{1,2})/gi)].map((match) => Number(match[1]));
  return [...new Set(numbers.filter((n) => n >= 1 && n <= 17).map((n) => `SDG${n}`))].filter(
    (code) => (SDG_CODES as readonly string[]).includes(code),
  );
}

/** yup's ValidationError, as far as it is read here. */
interface ValidationProblem {
  path?: string;
  message: string;
  inner: ValidationProblem[];
}
const isValidationError = (error: unknown): error is ValidationProblem =>
  error instanceof Error && error.name === 'ValidationError' && 'inner' in error;

/** A field's first problem, in the form's order, with the path it is on. */
function firstProblem(error: ValidationProblem): { path: string; message: string } {
  const problems = error.inner.length > 0 ? error.inner : [error];
  const rank = (path: string | undefined) => {
    const index = (GAP_FIELD_ORDER as readonly string[]).indexOf(
      (path ?? '').split(/[.[]/)[0] ?? '',
    );
    return index === -1 ? GAP_FIELD_ORDER.length : index;
  };
  const first = [...problems].sort((a, b) => rank(a.path) - rank(b.path))[0] ?? error;
  return { path: (first.path ?? '').split(/[.[]/)[0] ?? '', message: first.message };
}

/**
 * The combined columns ('Status / Responsibility') whose cells are split: mapped to the field their
 * header starts with, while no other column is mapped to their second field. By column letter.
 */
export function splitColumns(columns: readonly DetectedColumn[]) {
  const mapped = new Set(columns.map((column) => column.field));
  const splits = new Map<string, [EsapImportField, EsapImportField]>();
  for (const column of columns) {
    const [first, second] = column.combined;
    if (first && second && column.splits && column.field === first && !mapped.has(second)) {
      splits.set(column.column, [first, second]);
    }
  }
  return splits;
}

/** The columns mapped to each field; a split combined column gives both its fields. */
export function columnsByField(columns: readonly DetectedColumn[]) {
  const byField = new Map<EsapImportField, DetectedColumn>();
  for (const column of columns) if (column.field) byField.set(column.field, column);
  const splits = splitColumns(columns);
  for (const column of columns) {
    const second = splits.get(column.column)?.[1];
    if (second) byField.set(second, column);
  }
  return byField;
}

/** What the import says of each combined column: split in two, or imported as one field only. */
function combinedColumnWarnings(columns: readonly DetectedColumn[]): ImportProblem[] {
  const splits = splitColumns(columns);
  return columns.flatMap((column) => {
    const [first, second] = column.combined;
    if (!first || !second || !column.field || !column.combined.includes(column.field)) return [];
    const labels = [ESAP_IMPORT_FIELD_LABELS[first], ESAP_IMPORT_FIELD_LABELS[second]] as const;
    const message = splits.has(column.column)
      ? ESAP_IMPORT_MESSAGES.combinedSplit(column.column, column.header, ...labels)
      : ESAP_IMPORT_MESSAGES.combinedOneField(
          column.column,
          column.header,
          ...labels,
          ESAP_IMPORT_FIELD_LABELS[column.field],
        );
    return [{ row: null, column: column.column, message }];
  });
}

/** Checks the rows with the mapping already applied to `columns` (each column's `field`). */
export function prepareGaps(
  rows: readonly SheetRow[],
  columns: readonly DetectedColumn[],
  options: PrepareOptions,
): PreparedImport {
  const byField = columnsByField(columns);
  const splits = splitColumns(columns);
  const warnings: ImportProblem[] = combinedColumnWarnings(columns);
  const errors: ImportProblem[] = [];
  const gaps: PreparedGap[] = [];
  const rejectedRows: { row: number; cells: string[] }[] = [];
  const counts = { items: 0, sections: 0, alreadyInPlan: 0, withErrors: 0 };
  const seenInFile = new Map<string, number>();
  const statuses = new Map<string, FileStatus>();
  const choose = options.statusChoice ?? proposedStatus;
  // An ESAP records what was agreed earlier: an item already past due comes in, overdue at once
  // (the gap form's "in the future" rule is for a gap raised now).
  const schema = gapSchema({
    formType: options.formType,
    planTimeline: options.planTimeline,
    checkDueDateInFuture: false,
    now: options.now,
  });
  const today = (options.now?.() ?? new Date()).toISOString().slice(0, 10);
  const hasDueDate = formHasDueDate(options.formType);
  const itemNumberColumn = byField.get('esapItemNumber');
  let sectionReference: string | null = null;
  let sectionTitle: string | null = null;

  const valueOf = (row: SheetRow, field: EsapImportField): SheetValue => {
    const column = byField.get(field);
    if (!column) return null;
    const cell = row.cells[column.index] ?? null;
    const split = splits.get(column.column);
    if (!split) return cell;
    // A split combined column: its first field takes the first part, its second the second (a cell
    // that does not split, as an edited file's, goes to the first).
    const parts = splitCombinedCell(cellText(cell));
    if (field === split[0]) return parts ? parts[0] : cell;
    return parts ? parts[1] : null;
  };
  const textOf = (row: SheetRow, field: EsapImportField) => cellText(valueOf(row, field));
  const letter = (field: EsapImportField) => byField.get(field)?.column ?? null;

  for (const row of rows) {
    const kind = kindOfRow(row, itemNumberColumn?.index ?? null);
    if (kind.kind === 'section') {
      counts.sections += 1;
      sectionReference = kind.reference;
      sectionTitle = kind.title;
      if (!kind.reference) {
        warnings.push({
          row: row.number,
          column: null,
          message: ESAP_IMPORT_MESSAGES.sectionWithoutStandard(kind.title),
        });
      }
      continue;
    }
    if (kind.kind === 'footnote') {
      warnings.push({
        row: row.number,
        column: null,
        message: ESAP_IMPORT_MESSAGES.footnoteSkipped,
      });
      continue;
    }
    counts.items += 1;
    const rowWarnings: ImportProblem[] = [];
    let named: { itemNumber?: string } = {};
    const warn = (field: EsapImportField | null, message: string) =>
      rowWarnings.push({
        row: row.number,
        column: field ? letter(field) : null,
        ...named,
        message,
      });
    const reject = (column: string | null, message: string) => {
      counts.withErrors += 1;
      errors.push({ row: row.number, column, ...named, message });
      rejectedRows.push({
        row: row.number,
        cells: columns.map((c) => cellText(row.cells[c.index] ?? null)),
      });
    };

    const itemNumber = withoutFootnote(textOf(row, 'esapItemNumber'));
    if (itemNumber === '') {
      reject(letter('esapItemNumber'), ESAP_IMPORT_MESSAGES.itemNumberRequired);
      continue;
    }
    named = { itemNumber };
    const key = esapItemNumberKey(itemNumber);
    const firstRow = seenInFile.get(key);
    if (firstRow !== undefined) {
      reject(letter('esapItemNumber'), ESAP_IMPORT_MESSAGES.repeatedInFile(itemNumber, firstRow));
      continue;
    }
    seenInFile.set(key, row.number);

    const recommendation = textOf(row, 'recommendation');
    const fields: Record<string, { name: string; value: string }> = {};
    const keep = (id: string, field: EsapImportField, text: string) => {
      const column = byField.get(field);
      if (text !== '')
        fields[id] = {
          name:
            (column && !splits.has(column.column) && column.header) ||
            ESAP_IMPORT_FIELD_LABELS[field],
          value: text,
        };
    };

    // Requirements: the section's standard and those the cell names; the cell's words are kept too.
    const requirementsText = textOf(row, 'requirementReferences');
    const references = new Set(sectionReference ? [sectionReference] : []);
    for (const reference of referencesIn(requirementsText)) references.add(reference);
    keep('esapRequirements', 'requirementReferences', requirementsText);
    if (
      requirementsText !== '' &&
      referencesIn(requirementsText).length === 0 &&
      !sectionReference
    ) {
      warn('requirementReferences', ESAP_IMPORT_MESSAGES.unknownReference(requirementsText));
    }

    // Timetable: a date is the due date; other words are kept, due on the plan's timeline.
    const timetable = readTimetable(valueOf(row, 'timetable'));
    let dueDate: string | null = null;
    let timetableText: string | null = null;
    let relative: ReturnType<typeof milestoneOfTimetable>;
    if (timetable.kind === 'date') {
      dueDate = timetable.dueDate;
      timetableText = timetable.text;
    } else if (timetable.kind === 'text') {
      timetableText = timetable.text;
      // Counted from a loan's milestone: due when the milestone's date is known (decision 0084).
      relative = hasDueDate ? milestoneOfTimetable(timetable.text) : undefined;
      if (hasDueDate && !relative) {
        dueDate = options.planTimeline;
        warn(
          'timetable',
          options.planTimeline
            ? ESAP_IMPORT_MESSAGES.timetableNotDate(timetable.text)
            : ESAP_IMPORT_MESSAGES.timetableNoDate(timetable.text),
        );
      }
    } else if (hasDueDate) {
      dueDate = options.planTimeline;
      if (byField.has('timetable')) warn('timetable', ESAP_IMPORT_MESSAGES.timetableEmpty);
    }
    const conditionText = textOf(row, 'conditionType');
    const conditionType =
      conditionText !== ''
        ? pick(CONDITION, conditionText)
        : timetableText &&
            withoutFootnote(timetableText).toLowerCase() ===
              PRIOR_TO_FIRST_DISBURSEMENT.toLowerCase()
          ? 'precedent'
          : timetableText
            ? conditionTypeOfTimetable(timetableText)
            : null;

    // The ESAP status is kept as text; the table (sent, remembered, or the known proposals) says
    // which gap status it sets. Prov Close is set only where the user chose it, never proposed alone.
    const status = textOf(row, 'status');
    keep('esapStatus', 'status', status);
    let gapStatus: PreparedGap['status'];
    if (status !== '') {
      const statusKey = esapStatusKey(status);
      let listed = statuses.get(statusKey);
      if (!listed) {
        listed = { text: status, items: 0, ...choose(status) };
        statuses.set(statusKey, listed);
      }
      listed.items += 1;
      if (listed.source === 'unknown') {
        warn('status', ESAP_IMPORT_MESSAGES.unknownStatus(status));
      } else if (listed.target === 'provClosed' && listed.source === 'known') {
        warn('status', ESAP_IMPORT_MESSAGES.statusKeptOpen(status));
      } else if (listed.target === 'provClosed') {
        gapStatus = 'provClosed';
      }
    }
    keep('comments', 'comments', textOf(row, 'comments'));

    const kpiText = textOf(row, 'KPI');
    const gapNameText = textOf(row, 'gapName');
    const severity = textOf(row, 'riskSeverity');
    const aspect = textOf(row, 'ESGAspect');
    const sdgs = textOf(row, 'impactedSDGs');
    const indicator = textOf(row, 'completionIndicator');
    // The action's one home is the recommendation (0089): the KPI is the completion indicator, the
    // gap's name the E&S risk or the section it is listed under, neither a copy of the action.
    const input = {
      KPI: (kpiText || firstLine(indicator) || ESAP_IMPORTED_NAMES.kpi(itemNumber)).slice(
        0,
        TEXT_LIMITS.kpi,
      ),
      gapName: (gapNameText || sectionTitle || ESAP_IMPORTED_NAMES.gapName(itemNumber)).slice(
        0,
        TEXT_LIMITS.gapName,
      ),
      recommendation,
      responsibility: textOf(row, 'responsibility'),
      resources: textOf(row, 'resources'),
      // The section heading the item sits under, as the ESAP words it ('PR2 Labour and …').
      esapSection: sectionTitle ? sectionTitle.slice(0, ESAP_TEXT_LIMITS.esapSection) : null,
      actionTakenByCompany: textOf(row, 'actionTakenByCompany'),
      residualRisk: textOf(row, 'residualRisk'),
      riskSeverity: severity
        ? pick(SEVERITY, severity)
        : (options.defaults.riskSeverity ?? undefined),
      impactedSDGs: sdgs ? sdgsIn(sdgs) : (options.defaults.impactedSDGs ?? []),
      dueDate,
      timeline: null,
      // An ESG Aspect column wins; else the item's standard gives it (0089); else the chosen default.
      ESGAspect: aspect
        ? pick(ASPECT, aspect)
        : (esgAspectOfReferences([...references]) ?? options.defaults.ESGAspect ?? null),
      areaCode: textOf(row, 'areaCode'),
      fields,
      esapItemNumber: itemNumber,
      requirementReferences: [...references],
      completionIndicator: indicator,
      timetable: timetableText,
      conditionType,
      ...(relative && {
        dueMilestone: relative.milestone,
        dueOffsetMonths: relative.months,
        dueOffsetDays: relative.days,
      }),
    };

    let gap: GapValues;
    try {
      gap = schema.validateSync(input, { abortEarly: false, stripUnknown: true });
    } catch (error) {
      if (!isValidationError(error)) throw error;
      const { path, message } = firstProblem(error);
      const field: EsapImportField | null =
        path === 'dueDate'
          ? 'timetable'
          : path === 'KPI' && !kpiText
            ? 'completionIndicator'
            : path === 'gapName' && !gapNameText
              ? null
              : path === 'fields'
                ? null
                : ((path as EsapImportField) ?? null);
      reject(field ? letter(field) : null, message);
      continue;
    }
    if (options.existingItemNumbers.has(key)) {
      counts.alreadyInPlan += 1;
      warnings.push({
        row: row.number,
        column: letter('esapItemNumber'),
        ...named,
        message: ESAP_IMPORT_MESSAGES.alreadyImported(itemNumber),
      });
      continue;
    }
    if (hasDueDate && dueDate !== null && dueDate.slice(0, 10) < today) {
      warn('timetable', ESAP_IMPORT_MESSAGES.pastDue(itemNumber, formatDate(dueDate, 'table')));
    }
    warnings.push(...rowWarnings);
    gaps.push({ row: row.number, gap, ...(gapStatus ? { status: gapStatus } : {}) });
  }
  return { gaps, counts, warnings, errors, rejectedRows, statuses: [...statuses.values()] };
}
