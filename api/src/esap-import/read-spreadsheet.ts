// Reading an uploaded ESAP into rows of cell values: an .xlsx with exceljs, a CSV with csv-parse. What
// the file is comes from its bytes (an .xlsx is a zip), never from its name.
import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { ESAP_IMPORT_MESSAGES } from '@verity/shared-api/src/server';
import { invalid } from '../errors';
import type { SheetValue } from './timetable';

export interface SheetRow {
  /** The row's number as the spreadsheet shows it (from 1). */
  number: number;
  cells: SheetValue[];
  /** For each cell of a merged range, the address of the range's first cell; null otherwise. */
  mergedWith: (string | null)[];
}

export interface Sheet {
  format: 'xlsx' | 'csv';
  rows: SheetRow[];
}

/** Columns read from each row: a wider sheet is cut here (no ESAP has this many). */
export const MAX_COLUMNS = 60;

const isZip = (bytes: Buffer) =>
  bytes.length >= 4 &&
  bytes[0] === 0x50 &&
  bytes[1] === 0x4b &&
  bytes[2] === 0x03 &&
  bytes[3] === 0x04;

/** Text a person could have saved: no NUL byte or other control character but tab and line ends. */
function looksLikeText(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 64 * 1024);
  for (const byte of sample) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) {
      return false;
    }
  }
  return true;
}

/** A cell's value as text, number, date or null (formulas by their result, rich text joined). */
export function cellValue(value: ExcelJS.CellValue): SheetValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('formula' in value || 'sharedFormula' in value) {
      return cellValue((value as { result?: ExcelJS.CellValue }).result ?? null);
    }
    if ('hyperlink' in value)
      return cellValue((value as { text?: ExcelJS.CellValue }).text ?? null);
    if ('error' in value) return null;
  }
  return null;
}

/** What a workbook may hold unpacked: a 10 MB ESAP is far below; a zip bomb is far above. */
export const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;

/**
 * The unpacked size the zip's central directory declares, summed; Infinity when it cannot be read
 * or needs Zip64 (no ESAP workbook does). Checked before exceljs unpacks anything.
 */
export function declaredUnpackedBytes(bytes: Buffer): number {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end === -1 || end + 22 > bytes.length) return Number.POSITIVE_INFINITY;
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  let total = 0;
  for (let entry = 0; entry < entries; entry += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) {
      return Number.POSITIVE_INFINITY;
    }
    const size = bytes.readUInt32LE(at + 24);
    if (size === 0xffffffff) return Number.POSITIVE_INFINITY;
    total += size;
    at +=
      46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return total;
}

async function readWorkbook(bytes: Buffer): Promise<SheetRow[]> {
  if (declaredUnpackedBytes(bytes) > MAX_UNPACKED_BYTES) {
    throw invalid(ESAP_IMPORT_MESSAGES.unreadableWorkbook);
  }
  // exceljs (about 27 MB) is loaded with the first workbook, not when the API starts.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw invalid(ESAP_IMPORT_MESSAGES.unreadableWorkbook);
  }
  // The first visible sheet that holds anything: an ESAP workbook's cover sheets come after it.
  const sheet = workbook.worksheets.find(
    (candidate) => candidate.state !== 'hidden' && candidate.actualRowCount > 0,
  );
  if (!sheet) throw invalid(ESAP_IMPORT_MESSAGES.noRows);
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const width = Math.min(row.cellCount, MAX_COLUMNS);
    const cells: SheetValue[] = [];
    const mergedWith: (string | null)[] = [];
    for (let column = 1; column <= width; column += 1) {
      const cell = row.getCell(column);
      cells.push(cellValue(cell.value));
      mergedWith.push(cell.isMerged ? cell.master.address : null);
    }
    rows.push({ number, cells, mergedWith });
  });
  return rows;
}

/** The CSV's delimiter: a comma, or what Excel writes in many locales (semicolon), or a tab. */
function delimiterOf(text: string): string {
  const firstLine = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const counts = [',', ';', '\t'].map((delimiter) => ({
    delimiter,
    count: firstLine.split(delimiter).length,
  }));
  return counts.sort((a, b) => b.count - a.count)[0]?.delimiter ?? ',';
}

function readCsv(bytes: Buffer): SheetRow[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Excel's plain 'CSV' is saved in the Windows code page, not UTF-8.
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch {
    throw invalid(ESAP_IMPORT_MESSAGES.notSpreadsheet);
  }
  return records
    .map((cells, index) => ({
      number: index + 1,
      cells: cells.slice(0, MAX_COLUMNS).map((cell) => (cell.trim() === '' ? null : cell)),
      mergedWith: [] as (string | null)[],
    }))
    .filter((row) => row.cells.some((cell) => cell !== null));
}

/** The rows of an uploaded ESAP; a file that is neither a workbook nor text is refused (400). */
export async function readSpreadsheet(bytes: Buffer): Promise<Sheet> {
  if (isZip(bytes)) return { format: 'xlsx', rows: await readWorkbook(bytes) };
  if (bytes.length > 0 && looksLikeText(bytes)) return { format: 'csv', rows: readCsv(bytes) };
  throw invalid(ESAP_IMPORT_MESSAGES.notSpreadsheet);
}
