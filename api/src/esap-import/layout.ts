// Where an ESAP's header is (one row, or two when cells are merged over both), which field each
// column names, and what each row below it is: an item, a section heading or a footnote.
import {
  columnLetter,
  fieldOfHeader,
  fieldsOfCombinedHeader,
  splitCombinedCell,
  withoutFootnote,
  ESAP_IMPORT_MESSAGES,
  type EsapImportField,
} from '@verity/shared-api/src/server';
import { invalid } from '../errors';
import type { SheetRow } from './read-spreadsheet';
import { sectionReference } from './standards';
import type { SheetValue } from './timetable';

export interface DetectedColumn {
  /** The column's letter (A, B, …). */
  column: string;
  index: number;
  /** The header as written (the two rows of a merged header joined with ' / '). */
  header: string;
  /** The field its header names, or null. */
  field: EsapImportField | null;
  /** The two fields a combined header names ('Status / Responsibility'), in its order; else []. */
  combined: EsapImportField[];
  /** A combined column whose every item cell splits in two ('Ongoing / HSE Manager'). */
  splits: boolean;
}

export interface Layout {
  headerRows: number[];
  columns: DetectedColumn[];
  rows: SheetRow[];
}

/** The first rows searched for the header (a title and a project name often come first). */
const HEADER_SEARCH_ROWS = 25;

/** A cell as text, as the preview and the CSV of rejected rows show it. */
export function cellText(value: SheetValue): string {
  if (value === null) return '';
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return String(value).trim();
}

const fieldsNamed = (row: SheetRow) =>
  new Set(
    row.cells
      .map((cell) => (typeof cell === 'string' ? fieldOfHeader(cell) : null))
      .filter((field) => field !== null),
  );

/**
 * The row continues the header: merged with it from above, or every text of it names a field (a
 * CSV export of a merged header: 'Timetable', 'Completion Indicator', 'Status' under 'Implementation').
 */
function continuesHeader(header: SheetRow, next: SheetRow | undefined): boolean {
  if (!next || next.number !== header.number + 1) return false;
  const mergedFromHeader = next.mergedWith.some(
    (master) => master !== null && Number(/\d+$/.exec(master)?.[0]) === header.number,
  );
  const texts = next.cells.filter((cell) => cellText(cell) !== '');
  const allName = texts.every((cell) => typeof cell === 'string' && fieldOfHeader(cell) !== null);
  return mergedFromHeader || (texts.length >= 2 && allName);
}

/** Finds the header and the columns it names; a sheet without one is refused (400). */
export function findLayout(rows: readonly SheetRow[]): Layout {
  const at = rows.slice(0, HEADER_SEARCH_ROWS).findIndex((row) => fieldsNamed(row).size >= 2);
  if (at === -1) throw invalid(ESAP_IMPORT_MESSAGES.noHeader);
  const top = rows[at] as SheetRow;
  const second = continuesHeader(top, rows[at + 1]) ? rows[at + 1] : undefined;
  const body = rows.slice(second ? at + 2 : at + 1);
  const width = Math.max(
    top.cells.length,
    second?.cells.length ?? 0,
    ...body.map((row) => row.cells.length),
  );
  const columns: DetectedColumn[] = [];
  // A group header over several columns ('Implementation' over Timetable, Indicator, Status): a
  // workbook repeats it in each merged cell, a CSV export writes it over the first column only.
  let group = '';
  for (let index = 0; index < width; index += 1) {
    const lower = cellText(second?.cells[index] ?? null);
    let upper = cellText(top.cells[index] ?? null);
    if (upper === '' && lower !== '') upper = group;
    group = lower !== '' && upper !== lower ? upper : '';
    const parts = [...new Set([upper, lower].filter((part) => part !== ''))];
    const hasData = body.some((row) => cellText(row.cells[index] ?? null) !== '');
    if (parts.length === 0 && !hasData) continue;
    // The lower row is the more specific name ('Implementation' over 'Timetable').
    const field =
      (lower && fieldOfHeader(lower)) ||
      (upper && fieldOfHeader(upper)) ||
      fieldOfHeader(parts.join(' ')) ||
      null;
    const header = parts.map((part) => withoutFootnote(part.replace(/\s+/g, ' '))).join(' / ');
    const combined = fieldsOfCombinedHeader(lower || upper);
    columns.push({ column: columnLetter(index), index, header, field, combined, splits: false });
  }
  // A combined column is split when every item's cell splits in two; else it is one field, the
  // responsibility when it names it (every item needs one), else the one its header starts with.
  const numberIndex = columns.find((column) => column.field === 'esapItemNumber')?.index ?? null;
  const items = body.filter((row) => kindOfRow(row, numberIndex).kind === 'item');
  for (const column of columns) {
    const [first, second] = column.combined;
    if (!first || !second) continue;
    const texts = items
      .map((row) => cellText(row.cells[column.index] ?? null))
      .filter((text) => text !== '');
    column.splits = texts.length > 0 && texts.every((text) => splitCombinedCell(text) !== null);
    column.field =
      column.splits || !column.combined.includes('responsibility') ? first : 'responsibility';
  }
  return {
    headerRows: second ? [top.number, second.number] : [top.number],
    columns,
    rows: body,
  };
}

export type RowKind =
  | { kind: 'item' }
  | { kind: 'section'; title: string; reference: string | null }
  | { kind: 'footnote'; text: string };

const FOOTNOTE_START =
  /^(?:[\u00B9\u00B2\u00B3\u2070-\u2079*†‡§]|\[\d+\]|\(\d+\)|\d+\)\s|notes?\b|source\b)/iu;

/**
 * What a row below the header is. A section heading is a row whose only text (beside a number in
 * the item-number column) names a standard ('PR1 Assessment…', 'PS 3 …'), or a row whose one text
 * stands alone in the first column or across merged cells; a lone text starting with a footnote
 * marker or 'Note' is a footnote.
 */
export function kindOfRow(row: SheetRow, itemNumberIndex: number | null): RowKind {
  const texts = row.cells
    .map((cell, index) => ({ index, text: cellText(cell) }))
    .filter(({ text }) => text !== '');
  const distinct = [...new Set(texts.map(({ text }) => text))];
  const besideNumber = [
    ...new Set(texts.filter(({ index }) => index !== itemNumberIndex).map(({ text }) => text)),
  ];
  const lone = besideNumber.length > 0 ? besideNumber : distinct;
  if (lone.length === 1) {
    const title = lone[0] as string;
    const reference = sectionReference(title);
    if (reference) return { kind: 'section', title: title.replace(/\s+/g, ' '), reference };
  }
  if (distinct.length === 1) {
    const text = distinct[0] as string;
    if (FOOTNOTE_START.test(text)) return { kind: 'footnote', text };
    const first = texts[0] as { index: number };
    const merged = texts.length > 1 || row.mergedWith[first.index] != null;
    if (first.index === 0 || merged) {
      if (first.index !== itemNumberIndex || !/^[\d.]+[a-z]?$/i.test(text)) {
        return { kind: 'section', title: text.replace(/\s+/g, ' '), reference: null };
      }
    }
  }
  return { kind: 'item' };
}
