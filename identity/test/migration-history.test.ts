// An identity database made by earlier versions (a .data folder, a PostgreSQL deployment) upgrades
// in place: its accounts stay, nothing runs twice, and the history moves to the checksummed table.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  createIdentityDatabase,
  databaseKinds,
  queryStoppedPglite,
  type IdentityDatabase,
} from './support/databases';
import { identityDir, startIdentity, testApiKey } from './support/start-identity';

const migrationsDir = path.join(identityDir, 'migrations');

/** The hand-written runner of earlier versions, as it was: one transaction, old names in schema_migrations. */
async function earlierMigrationScript(): Promise<{ script: string; oldNames: string[] }> {
  const parts = [
    'BEGIN;',
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());',
  ];
  const oldNames: string[] = [];
  for (const file of (await readdir(migrationsDir)).sort()) {
    const [version, , name] = file.split('.');
    const oldName = `${version}-${name}.sql`;
    parts.push(await readFile(path.join(migrationsDir, file), 'utf8'));
    parts.push(`INSERT INTO schema_migrations (name) VALUES ('${oldName}');`);
    oldNames.push(oldName);
  }
  parts.push(
    "INSERT INTO accounts (id, email, name, password_hash, email_verified) VALUES (gen_random_uuid(), 'hana@example.com', 'Hana Harbour', 'not-a-real-hash', true);",
    'COMMIT;',
  );
  return { script: parts.join('\n'), oldNames };
}

describe.each(databaseKinds)('an identity database of an earlier version on %s', (kind) => {
  let dataDir: string;
  let database: IdentityDatabase;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'verity-identity-history-'));
    database = await createIdentityDatabase(kind);
  });
  afterEach(async () => {
    await database?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts on it, keeping its accounts and running nothing twice', async () => {
    const { script, oldNames } = await earlierMigrationScript();
    const query = (sql: string, params?: unknown[]) =>
      database.query ? database.query(sql, params) : queryStoppedPglite(dataDir, sql, params);
    await query(script);

    const identity = await startIdentity({ ...database.env, DATA_DIR: dataDir });
    try {
      const lookup = await fetch(`${identity.url}/user?email=hana@example.com`, {
        headers: { Authorization: `Bearer ${testApiKey}` },
      });
      expect(lookup.status).toBe(200);
      expect(((await lookup.json()) as { user: { name: string } }).user.name).toBe('Hana Harbour');
    } finally {
      await identity.stop();
    }

    // One read (on PGlite each read is a process of its own): the history, and beside each row the
    // number of accounts.
    const history = await query(
      `SELECT version, md5, (SELECT count(*)::int FROM accounts) AS accounts
       FROM schemaversion WHERE version > 0 ORDER BY version`,
      [],
    );
    expect(history.map((row) => Number(row.version))).toEqual(
      oldNames.map((name) => Number(name.slice(0, 3))),
    );
    expect(history.every((row) => /^[0-9a-f]{32}$/.test(String(row.md5)))).toBe(true);
    expect(history.map((row) => row.accounts)).toEqual(oldNames.map(() => 1));
  });
});
