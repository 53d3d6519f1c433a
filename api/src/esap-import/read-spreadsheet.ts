// Reading an uploaded ESAP into rows of cell values: an .xlsx with exceljs, a CSV with csv-parse. What
// the file is comes from its bytes (an .xlsx is a zip), never from its name. Each file is read in a
// worker thread of its own, with a time budget and a memory limit, and the reading stops at the size
// and row limits as it goes (docs/decisions/0043-esap-import-hostile-files.md).
import { types } from 'node:util';
import zlib from 'node:zlib';
import { Worker } from 'node:worker_threads';
import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { ESAP_IMPORT_MAX_ROWS, ESAP_IMPORT_MESSAGES } from '@verity/shared-api/src/server';
import { ApiError, invalid } from '../errors';
import { workerScript } from '../worker-script';
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
  /** A workbook's sheet the rows are from. */
  sheetName?: string;
}

/** Columns read from each row: a wider sheet is cut here (no ESAP has this many). */
export const MAX_COLUMNS = 60;

/** What a workbook may hold unpacked, counted as it unpacks: a 10 MB ESAP is far below; a zip bomb is far above. */
export const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;

/**
 * Rows read from a sheet, empty ones included (Excel keeps rows that are only formatted), before the
 * reading stops: five times the rows an import takes, so a template's formatted blank rows still fit.
 */
export const MAX_READ_ROWS = 5 * ESAP_IMPORT_MAX_ROWS;

/** Characters of one CSV row: 60 columns of the longest gap text (5,000) three times over. */
export const MAX_ROW_CHARACTERS = 1_000_000;

const MEGABYTE = 1024 * 1024;

const unpackedTooLarge = () =>
  new ApiError(
    413,
    'WORKBOOK_TOO_LARGE',
    ESAP_IMPORT_MESSAGES.unpackedTooLarge(MAX_UNPACKED_BYTES / MEGABYTE),
  );
const tooManyRowsToRead = () =>
  new ApiError(
    413,
    'TOO_MANY_ROWS',
    ESAP_IMPORT_MESSAGES.tooManyRowsToRead(MAX_READ_ROWS, ESAP_IMPORT_MAX_ROWS),
  );
const rowTooLong = () =>
  new ApiError(413, 'ROW_TOO_LONG', ESAP_IMPORT_MESSAGES.rowTooLong(MAX_ROW_CHARACTERS));

/**
 * The caller's answer for what exceljs, JSZip or csv-parse throw while reading a file: past a
 * reading limit 413, anything else the file's fault (400), never the server's.
 */
export function readingRefusalOf(error: unknown, format: Sheet['format']): ApiError {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof message === 'string' && /^Max row count \(\d+\) exceeded$/.test(message)) {
    return tooManyRowsToRead();
  }
  if (code === 'CSV_MAX_RECORD_SIZE') return rowTooLong();
  return invalid(
    format === 'xlsx'
      ? ESAP_IMPORT_MESSAGES.unreadableWorkbook
      : ESAP_IMPORT_MESSAGES.notSpreadsheet,
  );
}

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

/** A zip entry as its central directory and local header place it. */
interface ZipEntry {
  /** 0 stored, 8 deflated: the only two JSZip unpacks. */
  method: number;
  /** Its bytes as stored in the zip. */
  stored: Buffer;
  declaredSize: number;
}

const END_OF_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/**
 * The zip's entries, found as JSZip (exceljs's zip library) finds them: the central directory that
 * the last end record names, each entry's bytes after its local header. Null for any zip JSZip would
 * read another way or not at all (Zip64, bytes between the directory and its end record, an entry
 * outside the file): no ESAP workbook is one.
 */
function zipEntries(bytes: Buffer): ZipEntry[] | null {
  const end = bytes.lastIndexOf(END_OF_DIRECTORY);
  if (end === -1 || end + 22 > bytes.length) return null;
  const count = bytes.readUInt16LE(end + 10);
  const directoryStart = bytes.readUInt32LE(end + 16);
  if (bytes.readUInt16LE(end + 8) !== count || count === 0xffff) return null;
  if (directoryStart + bytes.readUInt32LE(end + 12) !== end) return null;
  const entries: ZipEntry[] = [];
  let at = directoryStart;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== 0x02014b50) return null;
    const storedSize = bytes.readUInt32LE(at + 20);
    const declaredSize = bytes.readUInt32LE(at + 24);
    const local = bytes.readUInt32LE(at + 42);
    if ([storedSize, declaredSize, local].includes(0xffffffff)) return null;
    if (local + 30 > end || bytes.readUInt32LE(local) !== 0x04034b50) return null;
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (start + storedSize > end) return null;
    entries.push({
      method: bytes.readUInt16LE(at + 10),
      stored: bytes.subarray(start, start + storedSize),
      declaredSize,
    });
    at +=
      46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return at === end ? entries : null;
}

/**
 * The unpacked size the zip's central directory declares, summed; Infinity when it cannot be read
 * as exceljs reads it. Checked before anything is unpacked.
 */
export function declaredUnpackedBytes(bytes: Buffer): number {
  const entries = zipEntries(bytes);
  if (!entries) return Number.POSITIVE_INFINITY;
  return entries.reduce((total, entry) => total + entry.declaredSize, 0);
}

/** The bytes a deflated entry unpacks to, counted as zlib unpacks it; Infinity past `limit`. */
function inflatedSize(stored: Buffer, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const inflater = zlib.createInflateRaw();
    inflater.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        inflater.destroy();
        resolve(Number.POSITIVE_INFINITY);
      }
    });
    inflater.once('end', () => resolve(size));
    inflater.once('error', reject);
    inflater.end(stored);
  });
}

/**
 * Unpacks every entry, counting the bytes that come out, and stops at the first past the limit: a
 * zip's declared sizes may lie. An entry that unpacks to other than it declares is refused, as
 * exceljs would refuse it after unpacking it whole.
 */
async function checkUnpackedBytes(entries: readonly ZipEntry[]): Promise<void> {
  let unpacked = 0;
  for (const { method, stored, declaredSize } of entries) {
    if (method !== 0 && method !== 8) throw invalid(ESAP_IMPORT_MESSAGES.unreadableWorkbook);
    const size =
      method === 0
        ? stored.length
        : await inflatedSize(stored, MAX_UNPACKED_BYTES - unpacked).catch((error: unknown) => {
            throw readingRefusalOf(error, 'xlsx');
          });
    if (unpacked + size > MAX_UNPACKED_BYTES) throw unpackedTooLarge();
    if (size !== declaredSize) throw invalid(ESAP_IMPORT_MESSAGES.unreadableWorkbook);
    unpacked += size;
  }
}

async function readWorkbook(bytes: Buffer): Promise<{ rows: SheetRow[]; sheetName: string }> {
  const entries = zipEntries(bytes);
  if (!entries) throw invalid(ESAP_IMPORT_MESSAGES.unreadableWorkbook);
  if (declaredUnpackedBytes(bytes) > MAX_UNPACKED_BYTES) throw unpackedTooLarge();
  await checkUnpackedBytes(entries);
  // exceljs (about 27 MB) is loaded with the first workbook, not when the API starts.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  // Every sheet's reading stops at its row past MAX_READ_ROWS (an option exceljs's types leave out).
  const options: Partial<ExcelJS.XlsxReadOptions> & { maxRows: number } = {
    maxRows: MAX_READ_ROWS,
  };
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer, options);
  } catch (error) {
    throw readingRefusalOf(error, 'xlsx');
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
  return { rows, sheetName: sheet.name };
}

/** The CSV's delimiter: a comma, or what Excel writes in many locales (semicolon), or a tab. */
function delimiterOf(text: string): string {
  // The header is in the first 64 KB; a line of millions of commas is not split whole.
  const firstLine =
    text
      .slice(0, 64 * 1024)
      .split(/\r?\n/)
      .find((line) => line.trim() !== '') ?? '';
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
      // Stops at the first row past MAX_READ_ROWS, at the first row longer than MAX_ROW_CHARACTERS,
      // and splits a row into at most MAX_COLUMNS cells and the rest (dropped below).
      to: MAX_READ_ROWS + 1,
      max_record_size: MAX_ROW_CHARACTERS,
      ignore_last_delimiters: MAX_COLUMNS + 1,
    }) as string[][];
  } catch (error) {
    throw readingRefusalOf(error, 'csv');
  }
  if (records.length > MAX_READ_ROWS) throw tooManyRowsToRead();
  return records
    .map((cells, index) => ({
      number: index + 1,
      cells: cells.slice(0, MAX_COLUMNS).map((cell) => (cell.trim() === '' ? null : cell)),
      mergedWith: [] as (string | null)[],
    }))
    .filter((row) => row.cells.some((cell) => cell !== null));
}

/**
 * The rows of an uploaded ESAP, read in the calling thread (the worker's part); a file that is
 * neither a workbook nor text is refused (400), one past a limit 413.
 */
export async function readSheet(bytes: Buffer): Promise<Sheet> {
  if (isZip(bytes)) return { format: 'xlsx', ...(await readWorkbook(bytes)) };
  if (bytes.length > 0 && looksLikeText(bytes)) return { format: 'csv', rows: readCsv(bytes) };
  throw invalid(ESAP_IMPORT_MESSAGES.notSpreadsheet);
}

/** What one read may take: seconds from its worker's start, and megabytes of its JavaScript heap. */
export interface ReadLimits {
  seconds: number;
  heapMegabytes: number;
}

/**
 * A 2,000-row workbook reads in about a second on a busy two-core machine; 20 s leaves room for a
 * far busier one. Its model in exceljs takes tens of MB.
 */
export const READ_LIMITS: ReadLimits = { seconds: 20, heapMegabytes: 512 };

/** Files this process reads at once (on two cores); the next waits for a turn. */
export const READS_AT_ONCE = 2;

let readsUnderWay = 0;
const turns: (() => void)[] = [];

/** Reads waiting for a turn now. */
export const readsWaiting = () => turns.length;

/** A turn at reading a workbook (the ESAP workbook written back takes its turns too); call the answer when done. */
export async function takeReadingTurn(): Promise<() => void> {
  if (readsUnderWay < READS_AT_ONCE) readsUnderWay += 1;
  else await new Promise<void>((resolve) => turns.push(resolve));
  // A finished read hands its turn straight to the next, so the count stays as it is.
  return () => {
    const next = turns.shift();
    if (next) next();
    else readsUnderWay -= 1;
  };
}

/** What the worker answers: the sheet, or the refusal the caller is to see. */
export type ReadAnswer =
  | { ok: true; sheet: Sheet }
  | { ok: false; refusal: { statusCode: number; code: string; message: string } };

const readTooSlow = (seconds: number) =>
  new ApiError(422, 'READ_TIME_EXCEEDED', ESAP_IMPORT_MESSAGES.readTooSlow(seconds));
const readTooLarge = (megabytes: number) =>
  new ApiError(413, 'READ_MEMORY_EXCEEDED', ESAP_IMPORT_MESSAGES.readTooLarge(megabytes));

/**
 * The sheet with each date made again here: the thread's messages build dates in Node's own realm,
 * and `instanceof Date` must hold in whichever this module runs in (jest gives tests their own).
 */
const withOwnDates = (sheet: Sheet): Sheet => ({
  ...sheet,
  rows: sheet.rows.map((row) => ({
    ...row,
    cells: row.cells.map((cell) => (types.isDate(cell) ? new Date(cell.getTime()) : cell)),
  })),
});

async function readInWorker(bytes: Buffer, { seconds, heapMegabytes }: ReadLimits): Promise<Sheet> {
  const { script, eval: isSource } = workerScript(__dirname, 'esap-read-worker');
  const worker = new Worker(script, {
    eval: isSource,
    workerData: { bytes },
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: heapMegabytes },
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    return await new Promise<Sheet>((resolve, reject) => {
      timer = setTimeout(() => reject(readTooSlow(seconds)), seconds * 1000);
      worker.once('message', (answer: ReadAnswer) => {
        if (answer.ok) resolve(withOwnDates(answer.sheet));
        else {
          const { statusCode, code, message } = answer.refusal;
          reject(new ApiError(statusCode, code, message));
        }
      });
      worker.once('error', (error: Error & { code?: string }) =>
        reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? readTooLarge(heapMegabytes) : error),
      );
      worker.once('exit', (code) =>
        reject(new Error(`The spreadsheet reader stopped (exit code ${code}) before it answered`)),
      );
    });
  } finally {
    clearTimeout(timer);
    // Stopped mid-read when the budget ran out; its memory goes back before the next read's turn.
    await worker.terminate();
  }
}

/**
 * The rows of an uploaded ESAP, read in a worker thread of its own so the API's event loop goes on
 * answering; past `limits` the worker is stopped and the caller refused (422 for time, 413 for
 * memory). A file that is neither a workbook nor text is refused (400), one past a limit 413.
 */
export async function readSpreadsheet(
  bytes: Buffer,
  limits: Partial<ReadLimits> = {},
): Promise<Sheet> {
  const done = await takeReadingTurn();
  try {
    return await readInWorker(bytes, { ...READ_LIMITS, ...limits });
  } finally {
    done();
  }
}
