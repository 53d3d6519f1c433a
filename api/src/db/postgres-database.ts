import { PassThrough, pipeline, type Readable } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { csvCopy, inlineParams } from './copy-out';
import type { Database, Queryable, QueryResult } from './types';

const INT8_OID = 20;

// int8 as a JS number, like the PGlite worker (counts and sizes stay far below 2^53).
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export interface PostgresOptions {
  connectionString: string;
  /** Called when an idle pooled connection fails (the pool replaces it). */
  onIdleError?: (error: Error) => void;
}

/** A PostgreSQL server through a `pg` pool. */
export function openPostgres({ connectionString, onIdleError }: PostgresOptions): Database {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    types,
  });
  pool.on('error', (error) => onIdleError?.(error));
  let closing: Promise<void> | undefined;

  return {
    kind: 'postgres',
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const result = await pool.query(sql, params);
      // A multi-statement text yields one result per statement; the last one answers.
      const last = Array.isArray(result) ? (result.at(-1) as pg.QueryResult | undefined) : result;
      return { rows: (last?.rows ?? []) as T[] };
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const connection = await pool.connect();
      let open = true;
      const tx: Queryable = {
        async query<R>(sql: string, params?: unknown[]) {
          if (!open) throw new Error('The transaction has already ended');
          const result = await connection.query(sql, params);
          const last = Array.isArray(result)
            ? (result.at(-1) as pg.QueryResult | undefined)
            : result;
          return { rows: (last?.rows ?? []) as R[] };
        },
      };
      try {
        await connection.query('BEGIN');
        const result = await fn(tx);
        open = false;
        await connection.query('COMMIT');
        connection.release();
        return result;
      } catch (error) {
        open = false;
        try {
          await connection.query('ROLLBACK');
          connection.release();
        } catch (rollbackError) {
          connection.release(rollbackError as Error);
        }
        throw error;
      }
    },
    copyOut(select: string, params?: unknown[]): Readable {
      const output = new PassThrough();
      const sql = csvCopy(inlineParams(select, params), true);
      pool.connect().then(
        (connection) => {
          const copy = connection.query(copyTo(sql));
          // A copy cut short (a client gone, a failed query) leaves the connection mid-protocol: discard it.
          pipeline(copy, output, (error) => connection.release(error ?? undefined));
        },
        (error: Error) => output.destroy(error),
      );
      return output;
    },
    close() {
      closing ??= pool.end();
      return closing;
    },
  };
}
