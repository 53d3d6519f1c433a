// Databases made by earlier versions (users' .data folders, PostgreSQL deployments) upgrade in place,
// and a migration changed after it was applied is refused before anything runs.
import { appendFile, cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrationsDir, openDatabase, runMigrations, type Database } from '../../src/db';
import { startApiProcess } from '../support/api-process';
import {
  anyDatabaseKind,
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../support/databases';

/** The hand-written runner of earlier versions, as it was: each file by its old name, in schema_migrations. */
async function migrateAsEarlierVersions(db: Database): Promise<string[]> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const oldNames: string[] = [];
  for (const file of (await readdir(migrationsDir)).sort()) {
    const [version, , name] = file.split('.');
    const oldName = `${version}_${name}.sql`;
    const sql = await readFile(path.join(migrationsDir, file), 'utf8');
    await db.transaction(async (tx) => {
      await tx.query(sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [oldName]);
    });
    oldNames.push(oldName);
  }
  return oldNames;
}

const open = (testDb: TestDatabase) =>
  openDatabase({ dataDir: testDb.env.DATA_DIR, databaseUrl: testDb.env.DATABASE_URL });

describe.each(databaseKinds)('migration history on %s', (kind) => {
  let testDb: TestDatabase;

  beforeEach(async () => {
    testDb = await createTestDatabase(kind, { template: 'empty' });
  });
  afterEach(async () => {
    await testDb?.dispose();
  });

  it('starts the API on a database the earlier runner migrated, keeping its data and running nothing twice', async () => {
    let db = await open(testDb);
    const oldNames = await migrateAsEarlierVersions(db);
    await db.query("INSERT INTO clients (client_name) VALUES ('Harbour Trust')");
    await db.close();

    const api = await startApiProcess(testDb.env);
    expect((await fetch(`${api.url}/readyz`)).status).toBe(200);
    expect((await api.stop()).code).toBe(0);

    db = await open(testDb);
    try {
      const history = await db.query<{ version: number; md5: string }>(
        'SELECT version, md5 FROM schemaversion WHERE version > 0 ORDER BY version',
      );
      expect(history.rows.map((row) => row.version)).toEqual(
        oldNames.map((name) => Number(name.slice(0, 4))),
      );
      expect(history.rows.every((row) => /^[0-9a-f]{32}$/.test(row.md5))).toBe(true);
      // The earlier table is left as it was; the data is still there, with the demo data added beside it.
      const old = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY 1');
      expect(old.rows.map((row) => row.name)).toEqual(oldNames);
      const clients = await db.query<{ client_name: string }>(
        'SELECT client_name FROM clients ORDER BY client_name',
      );
      expect(clients.rows.map((row) => row.client_name)).toEqual([
        'Harbour Trust',
        'Northwind Capital',
        'Southbank Finance',
      ]);
      expect(await runMigrations(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

// The runner's refusals are its own, above the database's interface: on one database, migrated from
// the template (every migration of the product applied, with its checksum).
describe(`changed migrations on ${anyDatabaseKind}`, () => {
  let testDb: TestDatabase;
  let changedDir: string | undefined;

  beforeEach(async () => {
    testDb = await createTestDatabase(anyDatabaseKind, { template: 'migrated' });
  });
  afterEach(async () => {
    await testDb?.dispose();
    if (changedDir) await rm(changedDir, { recursive: true, force: true });
  });

  it('refuses a migration changed after it was applied, naming it, and applies nothing', async () => {
    changedDir = await mkdtemp(path.join(os.tmpdir(), 'verity-migrations-'));
    await cp(migrationsDir, changedDir, { recursive: true });
    const db = await open(testDb);
    try {
      expect(await runMigrations(db, changedDir)).toEqual([]);
      await appendFile(path.join(changedDir, '0002.do.users.sql'), '\n-- edited afterwards\n');
      await cp(
        path.join(changedDir, '0009.do.remark_document_position.sql'),
        path.join(changedDir, '0099.do.pending_change.sql'),
      );
      await expect(runMigrations(db, changedDir)).rejects.toThrow(
        'Migration 0002.do.users.sql was changed after it was applied to this database (its checksum differs).',
      );
      const latest = await db.query<{ version: number }>(
        'SELECT max(version) AS version FROM schemaversion',
      );
      // Still the newest migration of the product, before the changed and the added file.
      const newest = Math.max(
        ...(await readdir(migrationsDir)).map((name) => Number(name.slice(0, 4))),
      );
      expect(Number(latest.rows[0]!.version)).toBe(newest);
    } finally {
      await db.close();
    }
  });

  it('refuses a migration file named the old way instead of skipping it', async () => {
    changedDir = await mkdtemp(path.join(os.tmpdir(), 'verity-migrations-'));
    await cp(migrationsDir, changedDir, { recursive: true });
    await cp(
      path.join(changedDir, '0009.do.remark_document_position.sql'),
      path.join(changedDir, '0021_new_table.sql'),
    );
    const db = await open(testDb);
    try {
      await expect(runMigrations(db, changedDir)).rejects.toThrow(
        'Migration file 0021_new_table.sql',
      );
    } finally {
      await db.close();
    }
  });
});
