import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseKind } from '../../src/db';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server (e.g. postgres://postgres@127.0.0.1:5432/test). */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestDatabase {
  kind: DatabaseKind;
  /** The environment that points the API at this fresh, empty database. */
  env: { DATA_DIR: string; DATABASE_URL?: string };
  dispose(): Promise<void>;
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

// A fresh PGlite cluster takes seconds to initialise: do it once per PGlite version, then copy the folder.
async function pgliteTemplate(): Promise<string> {
  const manifest = path.join(
    path.dirname(require.resolve('@electric-sql/pglite')),
    '..',
    'package.json',
  );
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  const template = path.join(os.tmpdir(), `verity-api-pglite-template-${version}`);
  if (
    await stat(template).then(
      () => true,
      () => false,
    )
  )
    return template;
  const building = await mkdtemp(path.join(os.tmpdir(), 'verity-api-pglite-building-'));
  const db = await openDatabase({ dataDir: building });
  await db.close();
  await rename(path.join(building, 'api-db'), template).catch(
    async (error: NodeJS.ErrnoException) => {
      if (!['EEXIST', 'ENOTEMPTY'].includes(error.code ?? '')) throw error;
    },
  );
  await rm(building, { recursive: true, force: true });
  return template;
}

/** A database of its own for one test file and kind: a temp PGlite folder, or a new PostgreSQL database dropped after. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'verity-api-test-'));
  if (kind === 'pglite') {
    await cp(await pgliteTemplate(), path.join(dataDir, 'api-db'), { recursive: true });
    return {
      kind,
      env: { DATA_DIR: dataDir },
      dispose: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `verity_api_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  return {
    kind,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async dispose() {
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
