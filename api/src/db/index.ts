import path from 'node:path';
import { openPglite } from './pglite-database';
import { openPostgres } from './postgres-database';
import type { Database } from './types';

export type { Database, DatabaseKind, Queryable, QueryResult } from './types';
export { runMigrations, migrationsDir } from './migrate';

export interface DatabaseSettings {
  /** A PostgreSQL server; when absent, PGlite in `${dataDir}/api-db`. */
  databaseUrl?: string;
  dataDir: string;
  onIdleError?: (error: Error) => void;
}

export function openDatabase({
  databaseUrl,
  dataDir,
  onIdleError,
}: DatabaseSettings): Promise<Database> {
  if (databaseUrl) {
    const spillDir = path.join(dataDir, 'tmp');
    return Promise.resolve(openPostgres({ connectionString: databaseUrl, onIdleError, spillDir }));
  }
  return openPglite(path.join(dataDir, 'api-db'));
}
