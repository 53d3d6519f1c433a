// One small database interface over PGlite (the default, a folder on disk) or a PostgreSQL pool.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { protectDataDir } from '../../../tooling/config/data-dir.cjs';
import { embeddedStartParams, initialiseDataDir } from '../../../tooling/db/embedded';
import { identityRoot } from '../config';

/** Resolves packages as identity's own code does (the built bundle and the tests alike). */
const serviceRequire = createRequire(path.join(identityRoot, 'package.json'));

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Runs several statements without parameters. */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
}

export async function openDatabase({ databaseUrl, dataDir }: DatabaseOptions): Promise<Database> {
  return databaseUrl ? openPostgres(databaseUrl) : openPglite(path.join(dataDir, 'identity-db'));
}

async function openPglite(directory: string): Promise<Database> {
  await mkdir(directory, { recursive: true });
  // Made in a thread of its own, its memory capped (tooling/db/embedded.ts).
  await initialiseDataDir(directory, serviceRequire.resolve('@electric-sql/pglite'));
  const db = await PGlite.create({
    dataDir: directory,
    startParams: embeddedStartParams(PGlite.defaultStartParams),
  });
  // PGlite sets its files' modes itself (666, 644), whatever the umask.
  protectDataDir(directory);
  const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row>(sql: string, params: unknown[] = []) {
      return (await target.query<Row>(sql, params)).rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  });
  return {
    ...wrap(db),
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    async close() {
      await db.close();
      protectDataDir(directory);
    },
  };
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: 5,
    connectionTimeoutMillis: 5000,
    keepAlive: true,
  });
  // An idle connection the server ended: the pool drops it and opens another when needed.
  pool.on('error', (error) => console.error('identity: idle database connection failed', error));
  const wrap = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params: unknown[] = []) {
      return (await target.query(sql, params)).rows as Row[];
    },
    async exec(sql: string) {
      await target.query(sql);
    },
  });
  await pool.query('SELECT 1');
  return {
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect();
      // A connection that fails between two queries emits 'error': caught for the whole checkout.
      let failure: Error | undefined;
      const onError = (error: Error) => {
        failure ??= error;
      };
      client.on('error', onError);
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        broken ??= failure;
        // A broken connection is discarded (keeping the listener for its last words), never reused.
        if (!broken) client.off('error', onError);
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
