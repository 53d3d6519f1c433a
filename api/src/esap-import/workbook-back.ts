// The lender's own workbook written back (docs/decisions/0093-esap-back-in-the-lenders-layout.md):
// the file the plan's ESAP was imported from, loaded with exceljs and changed only where Verity has
// something to say as of a day: the status column (the lender's own, else one added), the columns
// added right of the table, an "as of" line in the title block, and the gaps the file does not list
// (added in Verity, dropped by a revision) appended below the table. Title block, header rows,
// section rows, styles and merges stay as the lender made them.
import { Worker } from 'node:worker_threads';
import type ExcelJS from 'exceljs';
import {
  ESAP_WORKBOOK_COLUMNS,
  ESAP_WORKBOOK_NOT_YET,
  ESAP_WORKBOOK_TEXT,
  ESAP_WORKBOOK_VERIFIED,
  STATUS_LABELS,
  dateFieldPattern,
  esapItemNumberKey,
  formatDate,
  type DateStyle,
  type EsapImportField,
  type EsapWorkbookColumn,
} from '@verity/shared-api/src/server';
import { workerScript } from '../worker-script';
import { READ_LIMITS, takeReadingTurn, type ReadLimits } from './read-spreadsheet';
import type { SourceWorkbook } from './source-workbook';
import type { GapAsOf } from './workbook-as-of';

export interface WorkbookBackInput {
  /** The stored file, as the import read it safely (0043). */
  bytes: Buffer;
  source: SourceWorkbook;
  gaps: readonly GapAsOf[];
  /** yyyy-mm-dd */
  asOf: string;
  dateStyle: DateStyle;
  /** The company's time zone: an event's day is its day there. */
  timeZone: string;
}

const WIDTHS: Readonly<Record<EsapWorkbookColumn, number>> = {
  status: 16,
  progress: 48,
  evidenceCount: 12,
  evidenceLatest: 14,
  verified: 18,
  verifiedOn: 14,
  dueDate: 14,
};

const DATE_COLUMNS: ReadonlySet<EsapWorkbookColumn> = new Set([
  'evidenceLatest',
  'verifiedOn',
  'dueDate',
]);

/** A style of the lender's, copied so a change to one cell's style leaves the other as it was. */
const copyStyle = (style: Partial<ExcelJS.Style>): Partial<ExcelJS.Style> =>
  JSON.parse(JSON.stringify(style ?? {})) as Partial<ExcelJS.Style>;

/** The calendar day (yyyy-mm-dd) of a moment in a time zone. */
const isoDayIn = (moment: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(moment);

/** The calendar day of a moment in a time zone, as a date at midnight UTC (what Excel shows). */
const dayIn = (moment: Date, timeZone: string) =>
  new Date(`${isoDayIn(moment, timeZone)}T00:00:00Z`);

/** A due date's day (stored at midnight UTC by the gap form and the import). */
const dueDay = (due: Date) => new Date(`${due.toISOString().slice(0, 10)}T00:00:00Z`);

/** The values Verity writes in an item's row, by column. */
function valuesOf(
  gap: GapAsOf,
  input: WorkbookBackInput,
): Record<EsapWorkbookColumn, ExcelJS.CellValue> {
  if (!gap.existed) {
    return {
      status: ESAP_WORKBOOK_NOT_YET,
      progress: null,
      evidenceCount: null,
      evidenceLatest: null,
      verified: null,
      verifiedOn: null,
      dueDate: null,
    };
  }
  const { remark, evidence, verified } = gap;
  return {
    status: STATUS_LABELS[gap.status],
    progress: remark
      ? `${formatDate(isoDayIn(remark.at, input.timeZone), 'table', '', input.dateStyle)}: ${remark.comments}`
      : null,
    evidenceCount: evidence.files,
    evidenceLatest: evidence.latest ? dayIn(evidence.latest, input.timeZone) : null,
    verified: verified ? ESAP_WORKBOOK_VERIFIED[verified.method] : null,
    verifiedOn: verified ? dayIn(verified.on, input.timeZone) : null,
    dueDate: gap.dueDate ? dueDay(gap.dueDate) : null,
  };
}

/** A row above the header with nothing in it and no merged cell: where the "as of" line goes. */
function emptyTitleRow(sheet: ExcelJS.Worksheet, headerTop: number): number | null {
  for (let number = headerTop - 1; number >= 1; number -= 1) {
    const row = sheet.getRow(number);
    let used = false;
    row.eachCell({ includeEmpty: false }, (cell) => {
      if (cell.value !== null || cell.isMerged) used = true;
    });
    if (!used) return number;
  }
  return null;
}

/** The lender's workbook with Verity's columns filled in as of `asOf` (the worker's part). */
export async function fillWorkbookBack(input: WorkbookBackInput): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  await workbook.xlsx.load(input.bytes as unknown as ArrayBuffer);
  const { source } = input;
  const sheet =
    workbook.getWorksheet(source.sheetName) ??
    workbook.worksheets.find((candidate) => candidate.state !== 'hidden');
  if (!sheet) throw new Error(`The source workbook of plan ${source.actionPlanId} has no sheet`);

  const headerTop = source.headerRows[0] as number;
  const headerBottom = source.headerRows.at(-1) as number;
  const byField = new Map<EsapImportField, number>();
  for (const column of source.columns) {
    // A combined column ('Status / Responsibility') holds more than one field: never overwritten.
    if (column.field && !column.combined) byField.set(column.field, column.index + 1);
  }
  const lastSourceColumn = Math.max(...source.columns.map((column) => column.index + 1));
  const columnOf = new Map<EsapWorkbookColumn, number>();
  const ownStatus = byField.get('status');
  if (ownStatus) columnOf.set('status', ownStatus);
  let next = Math.max(lastSourceColumn, sheet.columnCount) + 1;
  for (const key of Object.keys(ESAP_WORKBOOK_COLUMNS) as EsapWorkbookColumn[]) {
    if (columnOf.has(key)) continue;
    columnOf.set(key, next);
    next += 1;
  }

  // The added columns' headers, in the style of the lender's last header cell, over both header rows.
  const headerStyle = copyStyle(sheet.getRow(headerTop).getCell(lastSourceColumn).style);
  for (const [key, column] of columnOf) {
    if (key === 'status' && ownStatus) continue;
    for (const number of source.headerRows) {
      sheet.getRow(number).getCell(column).style = copyStyle(headerStyle);
    }
    sheet.getRow(headerTop).getCell(column).value = ESAP_WORKBOOK_COLUMNS[key];
    if (headerBottom !== headerTop) sheet.mergeCells(headerTop, column, headerBottom, column);
    sheet.getColumn(column).width = WIDTHS[key];
  }

  const dateFormat = dateFieldPattern(input.dateStyle);
  const fill = (row: ExcelJS.Row, values: Record<EsapWorkbookColumn, ExcelJS.CellValue>) => {
    const rowStyle = row.getCell(lastSourceColumn).style;
    for (const [key, column] of columnOf) {
      const cell = row.getCell(column);
      if (!(key === 'status' && ownStatus)) cell.style = copyStyle(rowStyle);
      cell.value = values[key];
      if (DATE_COLUMNS.has(key)) cell.numFmt = dateFormat;
    }
  };

  const byKey = new Map(
    input.gaps.flatMap((gap) => (gap.itemNumber ? [[esapItemNumberKey(gap.itemNumber), gap]] : [])),
  );
  const listed = new Set<string>();
  for (const { row, itemNumber } of source.itemRows) {
    const gap = byKey.get(esapItemNumberKey(itemNumber));
    if (!gap) continue;
    listed.add(gap.id);
    fill(sheet.getRow(row), valuesOf(gap, input));
  }

  // The plan's gaps the file does not list: added in Verity (by section, in the sections' order),
  // then those a revision dropped; below the table, after one empty row.
  const unlisted = input.gaps.filter((gap) => !listed.has(gap.id) && gap.existed);
  const sectionOrder = new Map(source.sectionRows.map(({ title }, index) => [title, index]));
  const added = unlisted
    .filter((gap) => gap.status !== 'dropped')
    .sort(
      (a, b) =>
        (sectionOrder.get(a.section ?? '') ?? sectionOrder.size) -
        (sectionOrder.get(b.section ?? '') ?? sectionOrder.size),
    );
  const groups: { heading: string; gaps: GapAsOf[] }[] = [];
  for (const gap of added) {
    const heading = ESAP_WORKBOOK_TEXT.addedHeading(gap.section);
    const group = groups.at(-1);
    if (group?.heading === heading) group.gaps.push(gap);
    else groups.push({ heading, gaps: [gap] });
  }
  const dropped = unlisted.filter((gap) => gap.status === 'dropped');
  if (dropped.length > 0)
    groups.push({ heading: ESAP_WORKBOOK_TEXT.droppedHeading, gaps: dropped });

  const lastItemRow = source.itemRows.at(-1)?.row ?? headerBottom;
  const itemStyles = new Map<number, Partial<ExcelJS.Style>>();
  for (let column = 1; column <= lastSourceColumn; column += 1) {
    itemStyles.set(column, copyStyle(sheet.getRow(lastItemRow).getCell(column).style));
  }
  const sectionRow = source.sectionRows[0]?.row;
  const headingStyle = copyStyle(
    sectionRow ? sheet.getRow(sectionRow).getCell(1).style : { font: { bold: true } },
  );
  let at = Math.max(source.lastRow, sheet.lastRow?.number ?? 0) + 2;
  for (const group of groups) {
    const heading = sheet.getRow(at);
    heading.getCell(1).style = copyStyle(headingStyle);
    heading.getCell(1).value = group.heading;
    at += 1;
    for (const gap of group.gaps) {
      const row = sheet.getRow(at);
      for (const [column, style] of itemStyles) row.getCell(column).style = copyStyle(style);
      const own: [EsapImportField, ExcelJS.CellValue][] = [
        ['esapItemNumber', gap.itemNumber],
        ['recommendation', gap.recommendation],
        ['gapName', gap.gapName],
        ['responsibility', gap.responsibility],
        ['requirementReferences', gap.requirementReferences.join(', ') || null],
        ['timetable', gap.timetable],
      ];
      for (const [field, value] of own) {
        const column = byField.get(field);
        if (column) row.getCell(column).value = value;
      }
      fill(row, valuesOf(gap, input));
      at += 1;
    }
  }

  // The "as of" line: in the title block's empty row nearest the header, else below everything.
  const asOfText = ESAP_WORKBOOK_TEXT.asOf(
    formatDate(`${input.asOf}T00:00:00`, 'detail', input.asOf, input.dateStyle),
  );
  const titleRow = emptyTitleRow(sheet, headerTop) ?? at + (groups.length > 0 ? 1 : 0);
  const asOfCell = sheet.getRow(titleRow).getCell(1);
  asOfCell.value = asOfText;
  asOfCell.font = { italic: true };

  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** What the worker answers: the workbook's bytes. */
export type WorkbookBackAnswer = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

/**
 * The lender's workbook filled in, made in a worker thread of its own with the limits and the turns
 * of the import's reading (read-spreadsheet.ts): the file is one the import read safely, and loading
 * it whole takes the same time and memory, away from the API's event loop.
 */
export async function writeWorkbookBack(
  input: WorkbookBackInput,
  { seconds, heapMegabytes }: ReadLimits = READ_LIMITS,
): Promise<Buffer> {
  const done = await takeReadingTurn();
  const { script, eval: isSource } = workerScript(__dirname, 'esap-write-worker');
  const worker = new Worker(script, {
    eval: isSource,
    workerData: input,
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: heapMegabytes },
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`The ESAP workbook took more than ${seconds} s`)),
        seconds * 1000,
      );
      worker.once('message', (answer: WorkbookBackAnswer) => {
        if (answer.ok) resolve(Buffer.from(answer.bytes));
        else reject(new Error(answer.message));
      });
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(
          new Error(`The ESAP workbook writer stopped (exit code ${code}) before it answered`),
        ),
      );
    });
  } finally {
    clearTimeout(timer);
    await worker.terminate();
    done();
  }
}
