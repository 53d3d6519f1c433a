import path from 'node:path';
import { repoRoot } from '../../../tooling/config/index.cjs';
import { runMigrations as runMigrationFiles } from '../../../tooling/db/migrations';
import type { Database } from './types';

export { MigrationError } from '../../../tooling/db/migrations';

export const migrationsDir = path.join(repoRoot, 'api', 'migrations');

/**
 * Applies the migrations the database has not had yet (all in one transaction, one API instance at a
 * time) and returns their file names; an applied migration that changed since is refused.
 */
export function runMigrations(db: Database, dir: string = migrationsDir): Promise<string[]> {
  return runMigrationFiles({
    migrationsDir: dir,
    // The lock of every API version, so an older instance never migrates beside a newer one.
    lockName: 'verity_api_migrations',
    transaction: (work) =>
      db.transaction((tx) =>
        work({ query: (sql) => tx.query(sql), script: (sql) => tx.query(sql) }),
      ),
  });
}
