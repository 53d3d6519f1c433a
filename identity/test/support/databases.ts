// Where a test's identity keeps its data: PGlite always, and PostgreSQL too when TEST_DATABASE_URL
// names a server (then several identity processes can share one database, as in production).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { identityDir } from './start-identity';

const execFileAsync = promisify(execFile);

export type DatabaseKind = 'pglite' | 'postgres';

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

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createIdentityDatabase(kind: DatabaseKind): Promise<IdentityDatabase> {
  if (kind === 'pglite') return { env: {}, dispose: async () => undefined };
  const name = `verity_identity_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  return {
    env: { IDENTITY_DATABASE_URL: url.toString() },
    async query(sql, params = []) {
      return (await pool.query(sql, params)).rows as Record<string, unknown>[];
    },
    async dispose() {
      await pool.end();
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
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
