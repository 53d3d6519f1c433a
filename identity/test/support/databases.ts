// Databases for the identity tests that are about the database: the files that run on both kinds
// (PGlite always, PostgreSQL too when TEST_DATABASE_URL names a server, where several identity
// processes can share one database, as in production). Every other file starts identity on
// defaultDatabaseKind (start-identity.ts).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { createPostgresDatabase, identityDir, type DatabaseKind } from './start-identity';

export type { DatabaseKind } from './start-identity';
export { defaultDatabaseKind } from './start-identity';

const execFileAsync = promisify(execFile);

export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface IdentityDatabase {
  /** Variables for startIdentity: none for PGlite (a fresh folder each start), the URL for PostgreSQL. */
  env: Record<string, string>;
  /** Runs SQL against the database (PostgreSQL only: PGlite belongs to the one process that opened it). */
  query?(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  dispose(): Promise<void>;
}

/**
 * A database for the identity processes of a test: on PostgreSQL a database of its own, empty or a
 * copy of the template (as a first start leaves it, `seeded` with the demo accounts); on PGlite
 * nothing here (each start makes its own unless the test passes a DATA_DIR).
 */
export async function createIdentityDatabase(
  kind: DatabaseKind,
  { template = 'empty' }: { template?: 'empty' | 'plain' | 'seeded' } = {},
): Promise<IdentityDatabase> {
  if (kind === 'pglite') return { env: {}, dispose: async () => undefined };
  const database = await createPostgresDatabase(template);
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  // The drop below (WITH FORCE) may reach a connection the pool has just ended before its server
  // process is gone: the server's farewell then arrives as an error on a client no one holds.
  pool.on('error', () => undefined);
  return {
    env: { IDENTITY_DATABASE_URL: database.url },
    async query(sql, params = []) {
      return (await pool.query(sql, params)).rows as Record<string, unknown>[];
    },
    async dispose() {
      await pool.end();
      await database.drop();
    },
  };
}

/**
 * Runs SQL on the PGlite database of a stopped identity (creating it when missing): one statement
 * with `params`, answering its rows, or a script of several without. In a child process: PGlite
 * loads its WebAssembly with dynamic imports, which jest's module sandbox does not allow.
 */
export async function queryStoppedPglite(
  dataDir: string,
  sql: string,
  params?: unknown[],
): Promise<Record<string, unknown>[]> {
  const script = `
    import { PGlite } from '@electric-sql/pglite';
    const [directory, sql, params] = JSON.parse(process.argv[1]);
    const db = await PGlite.create(directory);
    const rows = params ? (await db.query(sql, params)).rows : ((await db.exec(sql)).at(-1)?.rows ?? []);
    await db.close();
    process.stdout.write(JSON.stringify(rows));
  `;
  const { stdout } = await execFileAsync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      script,
      JSON.stringify([path.join(dataDir, 'identity-db'), sql, params ?? null]),
    ],
    { cwd: identityDir },
  );
  return JSON.parse(stdout) as Record<string, unknown>[];
}
