// The safety net behind the input checks: what the database, the multipart parser or the
// spreadsheet readers (exceljs, csv-parse, zlib) refuse because of the input is the caller's 4xx with a clear message, never a 500.
import zlib from 'node:zlib';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { openDatabase, runMigrations, type Database } from '../src/db';
import { inputErrorOf } from '../src/errors';
import { readingRefusalOf } from '../src/esap-import/read-spreadsheet';
import { inputMessages } from '../src/messages';
import {
  ebrdWorkbook,
  withEntries,
  zipBombWorkbook,
  zipEntries,
} from './esap-import/esap-fixtures';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases';

describe.each(databaseKinds)('input errors on %s', (kind) => {
  let testDb: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind, { template: 'migrated' });
    db = await openDatabase({ dataDir: testDb.env.DATA_DIR, databaseUrl: testDb.env.DATABASE_URL });
    await runMigrations(db);
  });
  afterAll(async () => {
    await db?.close();
    await testDb?.dispose();
  });

  const refusal = async (sql: string, params: unknown[] = []) => {
    const error: unknown = await db.query(sql, params).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeDefined();
    const answer = inputErrorOf(error);
    return answer && { status: answer.statusCode, message: answer.message };
  };

  it.each([
    ['a NUL in text', 'SELECT $1::text', ['a\u0000b']],
    ['an amount past numeric(18, 2)', 'SELECT $1::numeric(18, 2)', ['1e16']],
    ['a year past the timestamp range', 'SELECT $1::timestamptz', ['999999-01-01']],
    // The portfolio's due filters refuse it first, in the date rule's words (before an export starts).
    ['the year 0 as a date', 'SELECT $1::date', ['0000-01-01']],
    ['a broken surrogate in JSON', 'SELECT $1::jsonb', ['{"a":"\\ud800"}']],
    [
      'a CHECK violation',
      `INSERT INTO audits (target_company_id, auditor_id, audit_type, audit_category, audit_form)
       VALUES (gen_random_uuid(), gen_random_uuid(), 'survey', 'Environment', 'ap')`,
      [],
    ],
  ])('%s is a 400', async (_name, sql, params) => {
    expect(await refusal(sql, params)).toEqual({
      status: 400,
      message: inputMessages.valueNotStorable,
    });
  });

  it('a missing required value is a 400', async () => {
    expect(await refusal('INSERT INTO clients (client_name) VALUES (NULL)')).toEqual({
      status: 400,
      message: inputMessages.valueMissing,
    });
  });

  it('leaves other database failures to the server (a 5xx)', async () => {
    expect(await refusal('SELECT * FROM no_such_table')).toBeUndefined();
    expect(
      await refusal(
        `INSERT INTO audits (target_company_id, auditor_id, audit_type, audit_category, audit_form)
         VALUES (gen_random_uuid(), gen_random_uuid(), 'dd', 'Environment', 'ap')`,
      ),
    ).toBeUndefined();
  });
});

describe('multipart parser errors', () => {
  it.each([
    ['no boundary', new Error('Multipart: Boundary not found')],
    ['a cut-off body', new Error('Unexpected end of multipart data')],
    ['a cut-off part', new Error('Part terminated early due to unexpected end of multipart data')],
    [
      'a closed request',
      Object.assign(new Error('the request was closed'), { code: 'FST_MP_PREMATURE_CLOSE' }),
    ],
  ])('%s is a 400', (_name, error) => {
    expect(inputErrorOf(error)?.message).toBe(inputMessages.malformedUpload);
  });

  it('leaves a storage failure to the server', () => {
    expect(inputErrorOf(Object.assign(new Error('no space'), { code: 'ENOSPC' }))).toBeUndefined();
  });
});

describe('spreadsheet reader errors', () => {
  /** What the library throws on the input. */
  const thrown = (read: () => unknown) =>
    Promise.resolve()
      .then(read)
      .then(
        () => {
          throw new Error('the library read it');
        },
        (error: unknown) => error,
      );
  const load = (workbook: Buffer) =>
    new ExcelJS.Workbook().xlsx.load(workbook as unknown as ArrayBuffer);
  const unreadable = {
    status: 400,
    message: 'This workbook could not be read; save it again as .xlsx and retry.',
  };
  const cases: [string, 'xlsx' | 'csv', () => unknown, { status: number; message: string }][] = [
    [
      'exceljs stopping at its row limit',
      'xlsx',
      async () =>
        new ExcelJS.Workbook().xlsx.load(
          (await ebrdWorkbook()) as unknown as ArrayBuffer,
          {
            maxRows: 3,
          } as never,
        ),
      {
        status: 413,
        message:
          'The spreadsheet has more than 10,000 rows, empty ones included; at most 2,000 can be imported at once.',
      },
    ],
    [
      'csv-parse stopping at its row size',
      'csv',
      () => parse(','.repeat(100), { max_record_size: 10, ignore_last_delimiters: 3 }),
      {
        status: 413,
        message:
          'A row of the file has more than 1,000,000 characters; at most 1,000,000 can be read in one row.',
      },
    ],
    [
      'csv-parse on a quote never closed',
      'csv',
      () => parse('"No.,Action\n1,Fix'),
      { status: 400, message: 'This file is not an .xlsx workbook or a CSV file.' },
    ],
    [
      'exceljs on bytes that are no zip',
      'xlsx',
      () => load(Buffer.from('PK\x03\x04 broken')),
      unreadable,
    ],
    [
      'zlib on an entry that is not deflated',
      'xlsx',
      () => zlib.inflateRawSync('not deflated'),
      unreadable,
    ],
    [
      'exceljs on an entry holding less than it declares',
      'xlsx',
      async () => {
        const workbook = await ebrdWorkbook();
        const [first] = zipEntries(workbook);
        await load(withEntries(workbook, [{ ...first!, size: first!.size + 1 }]));
      },
      unreadable,
    ],
    [
      'exceljs on a zip bomb (an entry holding more than it declares)',
      'xlsx',
      async () => load(await zipBombWorkbook(32 * 1024 * 1024)),
      unreadable,
    ],
  ];

  it.each(cases)('%s is a 4xx', async (_name, format, read, expected) => {
    const refusal = readingRefusalOf(await thrown(read), format);
    expect({ status: refusal.statusCode, message: refusal.message }).toEqual(expected);
  });
});
