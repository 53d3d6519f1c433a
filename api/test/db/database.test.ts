import { readdirSync } from 'node:fs';
import path from 'node:path';
import { openDatabase, prepared, runMigrations, type Database } from '../../src/db';
import { PREPARED_STATEMENTS } from '../../src/db/prepared';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import { openMigrated, statementsPreparedOn } from '../routes/dashboards/summary-world';

describe.each(databaseKinds)('database on %s', (kind) => {
  let testDb: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind, { template: 'empty' });
    db = await openDatabase({ dataDir: testDb.env.DATA_DIR, databaseUrl: testDb.env.DATABASE_URL });
  });
  afterAll(async () => {
    await db?.close();
    await testDb?.dispose();
  });

  it('reports its kind and answers queries with parameters, int8 as numbers', async () => {
    expect(db.kind).toBe(kind);
    const { rows } = await db.query<{ answer: number; name: string; at: Date }>(
      'SELECT count(*) + $1::int AS answer, $2::text AS name, now() AS at FROM generate_series(1, 3)',
      [39, 'Acme Steel Ltd'],
    );
    expect(rows).toEqual([{ answer: 42, name: 'Acme Steel Ltd', at: expect.any(Date) }]);
  });

  it('runs several statements without parameters and answers with the last one', async () => {
    const { rows } = await db.query(
      'CREATE TEMP TABLE IF NOT EXISTS notes (body text); SELECT 7 AS seven',
    );
    expect(rows).toEqual([{ seven: 7 }]);
  });

  it('applies migrations once, recording each with its checksum', async () => {
    const files = readdirSync(path.join(__dirname, '../../migrations'))
      .filter((name) => name.endsWith('.sql'))
      .sort();
    expect(files.slice(0, 4)).toEqual([
      '0001.do.organisations.sql',
      '0002.do.users.sql',
      '0003.do.refresh_tokens.sql',
      '0004.do.domain.sql',
    ]);
    const first = await runMigrations(db);
    expect(first).toEqual(files);
    expect(await runMigrations(db)).toEqual([]);
    const { rows } = await db.query<{ version: number; name: string; md5: string }>(
      'SELECT version, name, md5 FROM schemaversion WHERE version > 0 ORDER BY version',
    );
    expect(rows.map((row) => `${String(row.version).padStart(4, '0')}.do.${row.name}.sql`)).toEqual(
      first,
    );
    expect(rows.every((row) => /^[0-9a-f]{32}$/.test(row.md5))).toBe(true);
  });

  it('commits a transaction and rolls one back on error, with PostgreSQL error codes', async () => {
    const [client] = (
      await db.query<{ id: string }>(
        "INSERT INTO clients (client_name) VALUES ('Northwind Capital') RETURNING id",
      )
    ).rows;
    await db.transaction(async (tx) => {
      await tx.query(
        "INSERT INTO users (email, user_type, role, client_id) VALUES ('a@verity.test', 'client', 'owner', $1)",
        [client!.id],
      );
    });
    const failed = db.transaction(async (tx) => {
      await tx.query(
        "INSERT INTO users (email, user_type, role, client_id) VALUES ('b@verity.test', 'client', 'viewer', $1)",
        [client!.id],
      );
      await tx.query(
        "INSERT INTO users (email, user_type, role, client_id) VALUES ('A@verity.test', 'client', 'viewer', $1)",
        [client!.id],
      );
    });
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    const { rows } = await db.query<{ email: string }>('SELECT email FROM users ORDER BY email');
    expect(rows).toEqual([{ email: 'a@verity.test' }]);
  });

  it('keeps other queries out of a running transaction', async () => {
    const seen: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query("INSERT INTO clients (client_name) VALUES ('Southbank Finance')");
      await gate;
      seen.push('transaction');
      throw new Error('changed our mind');
    });
    const counted = db
      .query<{ count: number }>(
        "SELECT count(*) AS count FROM clients WHERE client_name = 'Southbank Finance'",
      )
      .then((result) => seen.push(`outside saw ${result.rows[0]?.count}`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await expect(transaction).rejects.toThrow('changed our mind');
    await counted;
    if (kind === 'pglite') expect(seen).toEqual(['transaction', 'outside saw 0']);
    else expect(seen).toContain('outside saw 0');
  });

  it('keeps the event loop turning while a long query runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = Date.now();
    await db.query('SELECT count(*) FROM generate_series(1, 3000000) AS n WHERE n % 7 = 0');
    clearInterval(timer);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThan(50);
    expect(ticks).toBeGreaterThanOrEqual(3);
  });

  it('answers a repeated statement with the new columns of a table altered under it', async () => {
    await db.query('CREATE TABLE ledger_notes (id int PRIMARY KEY, body text)');
    await db.query("INSERT INTO ledger_notes VALUES (1, 'Boiler permit filed')");
    const read = prepared('SELECT * FROM ledger_notes WHERE id = $1');
    expect((await db.query(read, [1])).rows).toEqual([{ id: 1, body: 'Boiler permit filed' }]);
    await db.query("ALTER TABLE ledger_notes ADD COLUMN owner text DEFAULT 'EHS manager'");
    expect((await db.query(read, [1])).rows).toEqual([
      { id: 1, body: 'Boiler permit filed', owner: 'EHS manager' },
    ]);
    // In a transaction the statement fails once; the transactions after it run.
    const inTransaction = () => db.transaction((tx) => tx.query(read, [1]));
    await inTransaction();
    await db.query('ALTER TABLE ledger_notes ADD COLUMN closed boolean DEFAULT false');
    await inTransaction().catch(() => undefined);
    for (let i = 0; i < 3; i++) {
      expect((await inTransaction()).rows).toEqual([
        { id: 1, body: 'Boiler permit filed', owner: 'EHS manager', closed: false },
      ]);
    }
  });

  // The embedded database's own settings, on the database this leg opened.
  if (kind === 'pglite')
    it("runs with its memory capped: a 16 MB buffer pool instead of initdb's 128 MB", async () => {
      const { rows } = await db.query<{ name: string; setting: string }>(
        `SELECT name, current_setting(name) AS setting FROM unnest(
           ARRAY['shared_buffers', 'maintenance_work_mem', 'temp_buffers']) AS name ORDER BY name`,
      );
      expect(Object.fromEntries(rows.map((row) => [row.name, row.setting]))).toEqual({
        maintenance_work_mem: '16MB',
        shared_buffers: '16MB',
        temp_buffers: '4MB',
      });
    });

  it('refuses queries once closed', async () => {
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toThrow();
    await expect(db.close()).resolves.toBeUndefined();
  });
});

// Only where PostgreSQL is there: TEST_DATABASE_URL names a server.
if (databaseKinds.includes('postgres'))
  describe('statements prepared on PostgreSQL connections', () => {
    let opened: Awaited<ReturnType<typeof openMigrated>>;
    let db: Database;

    beforeAll(async () => {
      opened = await openMigrated('postgres');
      db = opened.db;
    });
    afterAll(() => opened?.dispose());

    it('prepares a marked statement once per connection, and no other', async () => {
      const read = prepared('SELECT $1::int + 1 AS next');
      const onConnection = await db.transaction(async (tx) => {
        expect((await tx.query(read, [41])).rows).toEqual([{ next: 42 }]);
        expect((await tx.query(read, [1])).rows).toEqual([{ next: 2 }]);
        await tx.query('SELECT $1::int - 1 AS previous', [1]);
        await tx.query(prepared('SELECT 1 AS one'));
        return statementsPreparedOn(tx);
      });
      expect(onConnection.filter((text) => text === read)).toHaveLength(1);
      expect(onConnection).not.toContain('SELECT $1::int - 1 AS previous');
      expect(onConnection).not.toContain('SELECT 1 AS one');
    });

    it(`prepares at most ${PREPARED_STATEMENTS} marked statements on a connection, and runs the others`, async () => {
      const { onConnection, answers } = await db.transaction(async (tx) => {
        const answers: number[] = [];
        for (let n = 0; n < PREPARED_STATEMENTS + 30; n++) {
          const { rows } = await tx.query<{ n: number }>(prepared(`SELECT $1::int AS n -- ${n}`), [
            n,
          ]);
          answers.push(rows[0]!.n);
        }
        return { onConnection: await statementsPreparedOn(tx), answers };
      });
      expect(answers).toEqual(Array.from({ length: PREPARED_STATEMENTS + 30 }, (_, n) => n));
      expect(onConnection.length).toBeLessThanOrEqual(PREPARED_STATEMENTS);
      expect(onConnection).toContain('SELECT $1::int AS n -- 0');
      expect(onConnection).not.toContain(`SELECT $1::int AS n -- ${PREPARED_STATEMENTS + 29}`);
    });
  });
