// What the summary tests share: a small world of one client, two companies and two firms, a replayable
// random generator, two transactions made to meet on a lock (PostgreSQL), a database migrated up
// to a migration whose backfill is tested, and the statements prepared on a PostgreSQL connection.
import { randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  migrationsDir,
  openDatabase,
  runMigrations,
  type Database,
  type DatabaseKind,
  type Queryable,
} from '../../../src/db';
import { createTestDatabase } from '../../support/databases';

/** A small deterministic random generator (mulberry32), so a failure can be replayed. */
export function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface World {
  clientId: string;
  companies: string[];
  firms: string[];
  /** Audits: company 0 by firm 0, company 0 by firm 1, company 1 by firm 0. */
  audits: string[];
}

/** The company index of each audit index: the plans a test adds to an audit are its company's. */
export const AUDIT_COMPANY = [0, 0, 1];

export async function createWorld(db: Queryable, name: string): Promise<World> {
  const w: World = {
    clientId: randomUUID(),
    companies: [randomUUID(), randomUUID()],
    firms: [randomUUID(), randomUUID()],
    audits: [randomUUID(), randomUUID(), randomUUID()],
  };
  const { clientId, companies, firms, audits } = w;
  const domain = `${name.toLowerCase().replace(/\W+/g, '-')}.test`;
  await db.query(`
    INSERT INTO clients (id, client_name) VALUES ('${clientId}', '${name} Client');
    INSERT INTO auditors (id, auditor_name) VALUES ('${firms[0]}', 'Firm One'), ('${firms[1]}', 'Firm Two');
    INSERT INTO target_companies (id, client_id, target_company_name, email_id) VALUES
      ('${companies[0]}', '${clientId}', 'Company A', 'a@${domain}'),
      ('${companies[1]}', '${clientId}', 'Company B', 'b@${domain}');
    INSERT INTO company_auditors (target_company_id, auditor_id) VALUES
      ('${companies[0]}', '${firms[0]}'), ('${companies[1]}', '${firms[0]}'), ('${companies[0]}', '${firms[1]}');
    INSERT INTO audits (id, target_company_id, auditor_id, audit_type, audit_category, audit_form) VALUES
      ('${audits[0]}', '${companies[0]}', '${firms[0]}', 'dd', 'Environment', 'ap'),
      ('${audits[1]}', '${companies[0]}', '${firms[1]}', 'dd', 'Environment', 'ap'),
      ('${audits[2]}', '${companies[1]}', '${firms[0]}', 'dd', 'Environment', 'ap');
  `);
  return w;
}

/** Whether a statement of the database (PostgreSQL) waits for a lock now. */
async function waitingForLock(db: Queryable) {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return rows[0]!.n > 0;
}

/**
 * `first` runs in a transaction that stays open until `second`, started meanwhile, waits for it;
 * then `more` runs in the first transaction before it commits (PostgreSQL).
 */
export async function overlapping(
  db: Database,
  first: (tx: Queryable) => Promise<unknown>,
  second: (tx: Queryable) => Promise<unknown>,
  more?: (tx: Queryable) => Promise<unknown>,
) {
  let releaseFirst!: () => void;
  const firstWrote = new Promise<void>((resolve) => (releaseFirst = resolve));
  const one = db.transaction(async (tx) => {
    await first(tx);
    releaseFirst();
    while (!(await waitingForLock(db))) await new Promise((resolve) => setImmediate(resolve));
    await more?.(tx);
  });
  await firstWrote;
  const two = db.transaction((tx) => second(tx));
  await Promise.all([one, two]);
}

/**
 * A database of its own with the migrations before `first` applied (a backfill's starting point):
 * `runMigrations(db)` then applies `first` and the rest.
 */
export async function databaseBefore(kind: DatabaseKind, first: string) {
  const database = await createTestDatabase(kind, { template: 'empty' });
  const db = await openDatabase({
    databaseUrl: database.env.DATABASE_URL,
    dataDir: database.env.DATA_DIR,
  });
  const earlier = await mkdtemp(path.join(os.tmpdir(), 'verity-migrations-'));
  for (const file of await readdir(migrationsDir))
    if (file < first) await copyFile(path.join(migrationsDir, file), path.join(earlier, file));
  await runMigrations(db, earlier);
  return {
    db,
    async dispose() {
      await db.close();
      await database.dispose();
      await rm(earlier, { recursive: true, force: true });
    },
  };
}

/** A test database from the migrated template, opened as the API opens it and migrated to the newest. */
export async function openMigrated(
  kind: DatabaseKind,
): Promise<{ db: Database; dispose(): Promise<void> }> {
  const database = await createTestDatabase(kind, { template: 'migrated' });
  const db = await openDatabase({
    databaseUrl: database.env.DATABASE_URL,
    dataDir: database.env.DATA_DIR,
  });
  await runMigrations(db);
  return {
    db,
    async dispose() {
      await db.close();
      await database.dispose();
    },
  };
}

/** The text of every statement prepared on the connection `tx` runs on (PostgreSQL). */
export async function statementsPreparedOn(tx: Queryable): Promise<string[]> {
  const { rows } = await tx.query<{ statement: string }>(
    'SELECT statement FROM pg_prepared_statements',
  );
  return rows.map((row) => row.statement);
}
