import os from 'node:os';
import { pipeline, type Readable } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { csvCopy, inlineParams } from './copy-out';
import { preparedName } from './prepared';
import { SpillBuffer } from './spill-buffer';
import type { Database, NotificationListener, Queryable, QueryResult } from './types';

const INT8_OID = 20;

// int8 as a JS number, like the PGlite worker (counts and sizes stay far below 2^53).
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** Connections of one API process; a request waits at most CONNECT_TIMEOUT_MS for one. */
export const POOL_SIZE = 10;
const CONNECT_TIMEOUT_MS = 5000;
/** No statement runs longer on the server; the client gives up a little later if the server is silent. */
export const STATEMENT_TIMEOUT_MS = 15_000;
const QUERY_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + 5000;
/** A transaction left open by a stuck request is ended by the server. */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 30_000;

export interface PostgresOptions {
  connectionString: string;
  /** Called when an idle pooled connection fails (the pool replaces it). */
  onIdleError?: (error: Error) => void;
  /** Where an export that the client reads slowly waits on disk (default: the system's temp folder). */
  spillDir?: string;
  /** false for migrations and maintenance, whose statements may run far longer than a request's. */
  requestLimits?: boolean;
}

/**
 * A connection taken from the pool for a while (a transaction, a COPY). A connection that fails
 * while no query runs on it emits 'error'; it is caught here for the whole checkout, the work on it
 * fails with that error, and the connection is discarded instead of going back to the pool.
 */
interface CheckedOut {
  client: pg.PoolClient;
  /** The connection's failure, once it has failed. */
  failure(): Error | undefined;
  /** Back to the pool, or discarded when it failed or `error` says it is unusable. */
  release(error?: Error): void;
}

async function checkOut(pool: pg.Pool): Promise<CheckedOut> {
  const client = await pool.connect();
  let failure: Error | undefined;
  const onError = (error: Error) => {
    failure ??= error;
  };
  client.on('error', onError);
  let released = false;
  return {
    client,
    failure: () => failure,
    release(error) {
      if (released) return;
      released = true;
      const broken = error ?? failure;
      // A discarded connection keeps the listener: it may still report its end.
      if (!broken) client.off('error', onError);
      client.release(broken);
    },
  };
}

const lastRows = <T>(result: pg.QueryResult | pg.QueryResult[]): T[] => {
  // A multi-statement text yields one result per statement; the last one answers.
  const last = Array.isArray(result) ? result.at(-1) : result;
  return (last?.rows ?? []) as T[];
};

/** A statement with parameters marked `prepared` goes under its name; any other as it is. */
function statement(sql: string, params: unknown[] | undefined): pg.QueryConfig {
  const name = params?.length ? preparedName(sql) : undefined;
  return { text: sql, values: params, ...(name && { name }) };
}

/**
 * A prepared statement whose result's columns changed under it (a migration of another replica
 * altered a table it reads): PostgreSQL refuses it on that connection from then on.
 */
const stalePlan = (error: unknown) => (error as { code?: string }).code === '0A000';

/** Waits before opening a lost listening connection again: doubling from the first, up to the last. */
export const LISTEN_RETRY_MS = { first: 500, last: 15_000 };

/**
 * LISTEN on a connection of its own (a pooled one goes back to the pool, and its LISTEN with it).
 * A connection that fails is opened again, waiting longer each time it fails at once; each new one
 * after the first tells `onMissed`, since whatever was sent in between was not heard; a loss tells `onLost`.
 */
function listenOn(
  connectionString: string,
  channel: string,
  listener: NotificationListener,
  onError: (error: Error) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let wait = LISTEN_RETRY_MS.first;

  const connect = async (again: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString, keepAlive: true, types });
    next.on('notification', (message) => {
      if (message.channel === channel) listener.onNotification(message.payload ?? '');
    });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = undefined;
      next.removeAllListeners('notification');
      next.end().catch(() => undefined);
      if (error) onError(error);
      if (!stopped) {
        listener.onLost?.();
        schedule();
      }
    };
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      next.removeAllListeners('notification');
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    wait = LISTEN_RETRY_MS.first;
    if (again) listener.onMissed?.();
  };
  const schedule = () => {
    retry = setTimeout(() => {
      retry = undefined;
      connect(true).catch((error: Error) => {
        onError(error);
        wait = Math.min(wait * 2, LISTEN_RETRY_MS.last);
        if (!stopped && !client) schedule();
      });
    }, wait);
    retry.unref();
  };

  return connect(false).then(() => async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const open = client;
    client = undefined;
    await open?.end().catch(() => undefined);
  });
}

/** A PostgreSQL server through a `pg` pool. */
export function openPostgres({
  connectionString,
  onIdleError,
  spillDir = os.tmpdir(),
  requestLimits = true,
}: PostgresOptions): Database {
  const limits = requestLimits
    ? {
        statement_timeout: STATEMENT_TIMEOUT_MS,
        query_timeout: QUERY_TIMEOUT_MS,
        idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
      }
    : {};
  const pool = new pg.Pool({
    connectionString,
    max: POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    ...limits,
    // A server that vanished without closing the connection is noticed instead of waited on.
    keepAlive: true,
    types,
  });
  pool.on('error', (error) => onIdleError?.(error));
  let closing: Promise<void> | undefined;

  return {
    kind: 'postgres',
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      // The pool discards a connection whose query failed; a stale plan is asked again unprepared.
      const result = await pool.query(statement(sql, params)).catch((error: unknown) => {
        if (!stalePlan(error)) throw error;
        return pool.query(sql, params);
      });
      return { rows: lastRows<T>(result) };
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const connection = await checkOut(pool);
      let open = true;
      const run = async (sql: string) => {
        const failure = connection.failure();
        if (failure) throw failure;
        await connection.client.query(sql);
      };
      const tx: Queryable = {
        async query<R>(sql: string, params?: unknown[]) {
          if (!open) throw new Error('The transaction has already ended');
          const failure = connection.failure();
          if (failure) throw failure;
          return {
            rows: lastRows<R>(await connection.client.query(statement(sql, params))),
          };
        },
      };
      try {
        await run('BEGIN');
        const result = await fn(tx);
        open = false;
        await run('COMMIT');
        connection.release();
        return result;
      } catch (error) {
        open = false;
        if (connection.failure()) {
          connection.release();
        } else if (stalePlan(error)) {
          // Its prepared statement would fail again: the connection is not reused.
          connection.release(error as Error);
        } else {
          await run('ROLLBACK').then(
            () => connection.release(),
            (rollbackError: Error) => connection.release(rollbackError),
          );
        }
        throw error;
      }
    },
    copyOut(select: string, params?: unknown[]): Readable {
      const output = new SpillBuffer(spillDir);
      const sql = csvCopy(inlineParams(select, params), true);
      checkOut(pool).then(
        (connection) => {
          if (output.destroyed) {
            connection.release();
            return;
          }
          const copy = connection.client.query(copyTo(sql));
          // The spill buffer never waits for the reader: the connection is back as soon as the
          // database has written the rows. A copy cut short leaves it mid-protocol: discard it.
          pipeline(copy, output, (error) => {
            // pg stops a query's time-out timer (QUERY_TIMEOUT_MS) from the callback it puts on
            // the query, which a COPY stream never calls: called here, no timer outlives the copy
            // to hold the process open or report a time-out on a copy long finished.
            (copy as { callback?: () => void }).callback?.();
            connection.release(error ?? undefined);
          });
        },
        (error: Error) => output.destroy(error),
      );
      return output;
    },
    listen(channel, listener) {
      if (closing) return Promise.reject(new Error('The database is closed'));
      return listenOn(connectionString, channel, listener, (error) => onIdleError?.(error));
    },
    close() {
      closing ??= pool.end();
      return closing;
    },
  };
}
