import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from '../../../tooling/config/index.cjs';
import type { Database } from './types';

export const migrationsDir = path.join(repoRoot, 'api', 'migrations');

const MIGRATION_FILE = /^\d{4}_[a-z0-9_-]+\.sql$/;
// Any constant shared by every API instance: one of them migrates, the others wait and then skip.
const LOCK_SQL = "SELECT pg_advisory_xact_lock(hashtext('verity_api_migrations'))";

/** Applies the ordered SQL files not yet recorded in schema_migrations, each in its own transaction. */
export async function runMigrations(db: Database, dir: string = migrationsDir): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => MIGRATION_FILE.test(name)).sort();
  await db.transaction(async (tx) => {
    await tx.query(LOCK_SQL);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const applied: string[] = [];
  for (const name of files) {
    const sql = await readFile(path.join(dir, name), 'utf8');
    const ran = await db.transaction(async (tx) => {
      await tx.query(LOCK_SQL);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name]);
      if (done.rows.length > 0) return false;
      await tx.query(sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      return true;
    });
    if (ran) applied.push(name);
  }
  return applied;
}
