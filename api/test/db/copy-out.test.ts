import type { Readable } from 'node:stream';
import type { SessionUser } from '@verity/shared-api/src/server';
import { exportSelect } from '../../src/action-plans/csv-export';
import { openDatabase, type Database, type DatabaseKind } from '../../src/db';
import { PGLITE_COPY_PAGE_ROWS } from '../../src/db/pglite-database';
import { waitFor } from '../support/api-process';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';

/** One CSV cell as COPY writes it: NULL empty, and quoted when it holds a quote, comma or line break, or is ''. */
const csvCell = (value: string | null) =>
  value === null
    ? ''
    : value === '' || /[",\r\n]/.test(value)
      ? `"${value.replace(/"/g, '""')}"`
      : value;

/** The label of row n of the `copy_rows` table below: plain, with a quote, a comma and a line break, empty or NULL. */
const labelOf = (n: number) =>
  n % 5 === 0 ? null : n % 7 === 0 ? '' : n % 3 === 0 ? `Gap "${n}", line\ntwo` : `Gap ${n}`;
const labelSql = `CASE WHEN n % 5 = 0 THEN NULL WHEN n % 7 = 0 THEN ''
  WHEN n % 3 = 0 THEN 'Gap "' || n || '", line' || chr(10) || 'two' ELSE 'Gap ' || n END`;

async function read(rows: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of rows) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const ROWS = 1234;
// An order the rows were not written in, with ties broken by the second key.
const SELECT_ROWS = `SELECT n, label AS "Label, ""quoted""" FROM copy_rows ORDER BY n % 10, n DESC`;
const FILLER = 'x'.repeat(400);
const SELECT_WITH_FILLER = SELECT_ROWS.replace(' FROM', ', filler FROM');

/** The CSV of SELECT_ROWS (with the filler: SELECT_WITH_FILLER) over the rows `numbers`. */
function expectedCsv(numbers: number[], { label = labelOf, filler = false } = {}) {
  const header = `n,"Label, ""quoted"""${filler ? ',filler' : ''}`;
  const lines = [...numbers]
    .sort((a, b) => (a % 10) - (b % 10) || b - a)
    .map((n) => `${n},${csvCell(label(n))}${filler ? `,${FILLER}` : ''}`);
  return [header, ...lines].join('\n') + '\n';
}
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);
const writeRows = (db: Database) =>
  db.query(
    `DELETE FROM copy_rows;
     INSERT INTO copy_rows (n, label, filler) SELECT n, ${labelSql}, '${FILLER}' FROM generate_series(1, ${ROWS}) n`,
  );

/**
 * One migrated database per kind for the whole file, opened when a test first needs it: the exports
 * read tables of their own (copy_rows) or the fixture's rows, so the tests share it.
 */
const shared = new Map<DatabaseKind, Promise<{ testDb: TestDatabase; db: Database }>>();
function databaseOf(kind: DatabaseKind): Promise<Database> {
  if (!shared.has(kind))
    shared.set(
      kind,
      (async () => {
        const testDb = await createTestDatabase(kind, { template: 'migrated' });
        const db = await openDatabase({
          dataDir: testDb.env.DATA_DIR,
          databaseUrl: testDb.env.DATABASE_URL,
        });
        return { testDb, db };
      })(),
    );
  return shared.get(kind)!.then(({ db }) => db);
}
afterAll(async () => {
  for (const opened of shared.values()) {
    const { testDb, db } = await opened;
    await db.close();
    await testDb.dispose();
  }
});

describe.each(databaseKinds)('copyOut on %s', (kind) => {
  let db: Database;

  beforeAll(async () => {
    db = await databaseOf(kind);
    await db.query('CREATE TABLE copy_rows (n int PRIMARY KEY, label text, filler text NOT NULL)');
  }, 60_000);
  beforeEach(() => writeRows(db));

  it("writes every row of the SELECT in its order under the header, across the export's pages", async () => {
    expect(ROWS).toBeGreaterThan(2 * PGLITE_COPY_PAGE_ROWS);
    expect(await read(db.copyOut(SELECT_ROWS))).toBe(expectedCsv(range(1, ROWS)));
    // Parameters are written in as literals; an empty result is the header alone.
    expect(
      await read(db.copyOut('SELECT n FROM copy_rows WHERE label = $1 ORDER BY n', ["it's"])),
    ).toBe('n\n');
    const exactPage = await read(
      db.copyOut('SELECT n FROM copy_rows WHERE n <= $1 ORDER BY n', [PGLITE_COPY_PAGE_ROWS]),
    );
    expect(exactPage).toBe(['n', ...range(1, PGLITE_COPY_PAGE_ROWS)].join('\n') + '\n');
  });

  it('leaves no timer running once the export is read and the database closed', async () => {
    // A timer left running would hold a process that has closed its database for its length.
    const timers = () => process.getActiveResourcesInfo().filter((name) => name === 'Timeout');
    const before = timers().length;
    const testDb = await createTestDatabase(kind, { template: 'migrated' });
    const own = await openDatabase({
      dataDir: testDb.env.DATA_DIR,
      databaseUrl: testDb.env.DATABASE_URL,
    });
    expect(await read(own.copyOut('SELECT n FROM generate_series(1, 3) n'))).toBe('n\n1\n2\n3\n');
    await own.close();
    expect(timers()).toHaveLength(before);
    await testDb.dispose();
  });

  it('takes a list of texts as a parameter, whatever the texts hold', async () => {
    await db.query(`UPDATE copy_rows SET label = 'a "quoted", back\\slash' WHERE n = 4`);
    const select = `SELECT n FROM copy_rows WHERE label = ANY($1::text[]) ORDER BY n`;
    const texts = ['Gap 1', 'Gap 2', 'a "quoted", back\\slash', "it's"];
    expect(await read(db.copyOut(select, [texts]))).toBe('n\n1\n2\n4\n');
    expect(await read(db.copyOut(select, [[]]))).toBe('n\n');
  });

  it('gives the rows as they were when it started, whatever is written while it is read', async () => {
    const rows = db.copyOut(SELECT_WITH_FILLER);
    const iterator = rows[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const chunks: Buffer[] = [];
    const first = await iterator.next();
    chunks.push(first.value as Buffer);
    // Rows of the pages already read go, later ones change, and new rows arrive, mid-export.
    await db.query(
      `DELETE FROM copy_rows WHERE n % 10 = 0;
       UPDATE copy_rows SET label = 'Changed' WHERE n % 10 = 9;
       INSERT INTO copy_rows (n, label, filler)
         SELECT n, 'New', '${FILLER}' FROM generate_series(${ROWS + 1}, ${ROWS + 50}) n`,
    );
    for (let next = await iterator.next(); !next.done; next = await iterator.next())
      chunks.push(next.value);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(
      expectedCsv(range(1, ROWS), { filler: true }),
    );
    // The next export sees the writes.
    const now = [...range(1, ROWS).filter((n) => n % 10 !== 0), ...range(ROWS + 1, ROWS + 50)];
    const label = (n: number) => (n > ROWS ? 'New' : n % 10 === 9 ? 'Changed' : labelOf(n));
    expect(await read(db.copyOut(SELECT_ROWS))).toBe(expectedCsv(now, { label }));
  });
});

describe('copyOut on PGlite, a page at a time', () => {
  let db: Database;
  const PAGES = 20;
  const wideRows = `SELECT n, repeat('y', 400) AS filler FROM generate_series(1, ${PAGES * PGLITE_COPY_PAGE_ROWS}) n ORDER BY n`;
  /** The tables the exports of this session hold right now. */
  const exportTables = async () =>
    (
      await db.query<{ relname: string }>(
        `SELECT relname FROM pg_class
         WHERE relnamespace = pg_my_temp_schema() AND relkind = 'r' AND relname LIKE 'verity_copy%'`,
      )
    ).rows.map((row) => row.relname);

  beforeAll(async () => {
    db = await databaseOf('pglite');
  }, 60_000);

  it('serves other queries between its pages', async () => {
    const rows = db.copyOut(wideRows);
    let ended = false;
    let firstChunk!: () => void;
    const started = new Promise<void>((resolve) => (firstChunk = resolve));
    const whole = (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of rows) {
        chunks.push(chunk as Buffer);
        firstChunk();
      }
      ended = true;
      return Buffer.concat(chunks).toString('utf8');
    })();
    await started;
    const answer = await db.query<{ one: number }>('SELECT 1 AS one');
    const endedBeforeAnswer = ended;
    expect(answer.rows).toEqual([{ one: 1 }]);
    expect(endedBeforeAnswer).toBe(false);
    expect((await whole).split('\n')).toHaveLength(1 + PAGES * PGLITE_COPY_PAGE_ROWS + 1);
  });

  it('drops its table when the export ends, fails, or its reader goes away', async () => {
    expect(await read(db.copyOut(wideRows))).toMatch(/^n,filler\n1,y+\n/);
    expect(await exportTables()).toEqual([]);

    const failing = db.copyOut('SELECT 1 / (n - 700) FROM generate_series(1, 1000) n ORDER BY n');
    await expect(read(failing)).rejects.toMatchObject({ code: '22012' });
    expect(await exportTables()).toEqual([]);

    // The reader takes one page and goes away (a download cut short).
    const abandoned = db.copyOut(wideRows);
    const iterator = abandoned[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    expect((await iterator.next()).done).toBe(false);
    expect(await exportTables()).toHaveLength(1);
    abandoned.destroy();
    await waitFor(async () => (await exportTables()).length === 0, 'the export table to go');
    // Each export has its own table, and two at once do not meet.
    const [left, right] = await Promise.all([
      read(db.copyOut(wideRows)),
      read(db.copyOut(wideRows)),
    ]);
    expect(left).toBe(right);
    expect(await exportTables()).toEqual([]);
  });
});

const exportClientId = '00000000-0000-4000-8000-00000000c0de';
const exportCompanyId = '10000000-0000-4000-8000-000000000001';
const idSql = (kind: number, n: string) =>
  `('${kind}0000000-0000-4000-8000-' || lpad(to_hex(${n}), 12, '0'))::uuid`;
/**
 * One company's plans and gaps, the same on any database: fixed ids and times, ties in the gaps'
 * times broken by ids that run against the order they were written in, and texts CSV must quote.
 */
const exportFixture = `
  INSERT INTO clients (id, client_name) VALUES ('${exportClientId}', 'Northwind Capital');
  INSERT INTO auditors (id, auditor_name) VALUES (${idSql(5, '1')}, 'GreenAudit, "Partners"');
  INSERT INTO target_companies (id, client_id, target_company_name, email_id)
    VALUES ('${exportCompanyId}', '${exportClientId}', 'Acme Steel Ltd', 'acme@verity.test');
  INSERT INTO audits (id, target_company_id, auditor_id, audit_type, audit_category, audit_form, created_at)
    VALUES (${idSql(2, '1')}, '${exportCompanyId}', ${idSql(5, '1')}, 'esap', 'Environment', 'ap', '2026-01-05T10:00:00Z');
  INSERT INTO action_plans (id, audit_id, target_company_id, action_plan_heading, category, form_type, timeline, created_at)
    SELECT ${idSql(3, '10 - p')}, ${idSql(2, '1')}, '${exportCompanyId}',
      (ARRAY['Plan without gaps', 'Gestión del agua – Łódź', '+Wastewater, "phase 2"'])[p],
      'environment', 'ap', CASE p WHEN 2 THEN NULL ELSE '2026-06-30T23:30:00Z'::timestamptz END,
      '2026-02-01T00:00:00Z'::timestamptz + (p % 2) * interval '1 day'
    FROM generate_series(1, 3) p;
  INSERT INTO gaps (id, action_plan_id, target_company_id, kpi, gap_name, recommendation, responsibility,
      residual_risk, risk_severity, status, due_date, esg_aspect, area_code, amount_currency, amount_value,
      impacted_sdgs, created_at)
    SELECT ${idSql(4, 'p * 10000 + 1000 - g')}, ${idSql(3, '10 - p')}, '${exportCompanyId}', 'KPI ' || g,
      CASE g % 5 WHEN 0 THEN '=SUM(A' || g || ')' WHEN 1 THEN 'Gap "' || g || '", with a comma'
        WHEN 2 THEN 'Line one' || chr(10) || 'line two' WHEN 3 THEN 'Émissions ' || g ELSE 'Gap ' || g END,
      'Recommendation ' || g, 'EHS Manager', CASE WHEN g % 7 = 0 THEN chr(9) || 'Tabbed' ELSE '' END,
      (ARRAY['low', 'moderate', 'high'])[1 + g % 3], (ARRAY['open', 'closed', 'provClosed'])[1 + g % 3],
      CASE g % 2 WHEN 0 THEN '2020-01-01T00:00:00Z' ELSE '2099-01-01T00:00:00Z' END::timestamptz + g * interval '1 day',
      (ARRAY['Environmental', 'Social', 'Governance', NULL])[1 + g % 4], 'PRD-' || (g % 9),
      CASE WHEN g % 4 = 0 THEN NULL ELSE 'USD' END, CASE WHEN g % 4 = 0 THEN NULL ELSE 1000 + g * 0.25 END,
      ARRAY['SDG' || (1 + g % 17), 'SDG' || (1 + g % 5)],
      '2026-03-01T00:00:00Z'::timestamptz + (g / 50) * interval '1 hour'
    FROM generate_series(2, 3) p, LATERAL generate_series(1, CASE p WHEN 2 THEN 700 ELSE 13 END) g;
  -- The closure loop's columns: a request returned, then one accepted, on every 25th gap.
  INSERT INTO closure_requests (gap_id, requested_by_name, requested_at, reviewed_by_name, reviewed_at, decision, method, reason)
    SELECT ${idSql(4, '20000 + 1000 - g')}, 'Company Owner', '2026-04-01T08:00:00Z'::timestamptz + g * interval '1 hour',
      'Reviewer, "senior"', '2026-04-02T08:00:00Z'::timestamptz + g * interval '1 hour', 'return', NULL, 'Photos missing'
    FROM generate_series(25, 700, 25) g;
  INSERT INTO closure_requests (gap_id, requested_by_name, requested_at, reviewed_by_name, reviewed_at, decision, method)
    SELECT ${idSql(4, '20000 + 1000 - g')}, 'Company Owner', '2026-05-01T08:00:00Z'::timestamptz + g * interval '1 hour',
      '=Auditor ' || g, '2026-05-03T23:30:00Z'::timestamptz + g * interval '1 hour', 'accept',
      CASE WHEN g % 2 = 0 THEN 'site' ELSE 'desk' END
    FROM generate_series(25, 700, 25) g;
  -- Evidence on every 40th gap: the last evidence date.
  INSERT INTO remarks (id, gap_id, comments, user_type, fullname, role, created_at)
    SELECT ${idSql(6, 'g')}, ${idSql(4, '20000 + 1000 - g')}, 'Photo of the new filter', 'targetCompany',
      'Company Owner', 'owner', '2026-03-20T00:00:00Z'::timestamptz + g * interval '1 minute'
    FROM generate_series(40, 700, 40) g;
  INSERT INTO remark_documents (remark_id, storage_key, file_name, content_type, size, created_at)
    SELECT ${idSql(6, 'g')}, 'evidence-' || g, 'filter.jpg', 'image/jpeg', 1000,
      '2026-03-20T00:00:00Z'::timestamptz + g * interval '1 minute'
    FROM generate_series(40, 700, 40) g;
`;

// The same export from both databases needs both: PostgreSQL is there when TEST_DATABASE_URL is set.
(databaseKinds.includes('postgres') ? describe : describe.skip)(
  'the CSV export on PGlite and on PostgreSQL',
  () => {
    const opened: Database[] = [];

    beforeAll(async () => {
      for (const kind of ['pglite', 'postgres'] as const) {
        const db = await databaseOf(kind);
        opened.push(db);
        await db.query(exportFixture);
      }
    }, 120_000);

    it('is the same file, byte for byte', async () => {
      const user = {
        _id: '00000000-0000-4000-8000-00000000c001',
        fullname: 'Client Owner',
        emailId: 'client.owner@verity.test',
        role: 'owner',
        userType: 'client',
        clientId: exportClientId,
        organisationName: 'Northwind Capital',
      } satisfies SessionUser;
      const { sql, params } = exportSelect(user, exportCompanyId);
      const [pglite, postgres] = await Promise.all(
        opened.map(async (db) => {
          const chunks: Buffer[] = [];
          for await (const chunk of db.copyOut(sql, params)) chunks.push(chunk as Buffer);
          return Buffer.concat(chunks);
        }),
      );
      expect(pglite!.toString('utf8')).toBe(postgres!.toString('utf8'));
      expect(pglite!.equals(postgres!)).toBe(true);
      // The file holds what the fixture wrote: every gap, and the plan without gaps.
      const text = postgres!.toString('utf8');
      expect(text).toContain('"Gap ""6"", with a comma"');
      expect(text).toContain('Plan without gaps');
      expect(text.match(/,'=Auditor \d+,Site verification,/g)).toHaveLength(14);
      expect(text.match(/,'=Auditor \d+,Desk review,/g)).toHaveLength(14);
      expect(text.match(/,2026-03-20,/g)).toHaveLength(17);
      expect(text.match(/^"GreenAudit, ""Partners""",/gm)).toHaveLength(700 + 13 + 1);
    });
  },
);
