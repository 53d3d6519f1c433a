import path from 'node:path';
import { openPglite } from './pglite-database';
import { openPostgres } from './postgres-database';
import type { Database } from './types';

export type { Database, DatabaseKind, Queryable, QueryResult } from './types';
export { runMigrations, migrationsDir, MigrationError } from './migrate';
export { prepared } from './prepared';

export interface DatabaseSettings {
  /** A PostgreSQL server; when absent, PGlite in `${dataDir}/api-db`. */
  databaseUrl?: string;
  dataDir: string;
  onIdleError?: (error: Error) => void;
  /** PostgreSQL: false lifts the statement time-outs, for migrations and maintenance. */
  requestLimits?: boolean;
}

export function openDatabase({
  databaseUrl,
  dataDir,
  onIdleError,
  requestLimits,
}: DatabaseSettings): Promise<Database> {
  if (databaseUrl) {
    const spillDir = path.join(dataDir, 'tmp');
    return Promise.resolve(
      openPostgres({ connectionString: databaseUrl, onIdleError, spillDir, requestLimits }),
    );
  }
  return openPglite(path.join(dataDir, 'api-db'));
}
