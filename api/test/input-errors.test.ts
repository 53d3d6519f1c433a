// The safety net behind the input checks: what the database or the multipart parser refuses because
// of the input is the caller's 400 with a clear message, never a 500.
import { openDatabase, runMigrations, type Database } from '../src/db';
import { inputErrorOf } from '../src/errors';
import { inputMessages } from '../src/messages';
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
