import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { protectDataDir } from '../../../tooling/config/data-dir.cjs';
import { initialiseDataDir } from '../../../tooling/db/embedded';
import { workerScript } from '../worker-script';
import { inlineParams } from './copy-out';
import {
  type WorkerErrorDetail,
  type WorkerNotification,
  type WorkerReply,
  type WorkerRequest,
} from './pglite-protocol';
import type { Database, NotificationListener, Queryable, QueryResult } from './types';

type Copied = { text: string; rowCount: number };
type Pending = {
  resolve: (reply: { rows: unknown[]; copied?: Copied }) => void;
  reject: (error: Error) => void;
};
type NewRequest =
  | { type: 'query'; sql: string; params?: unknown[] }
  | { type: 'copy'; sql: string }
  | { type: 'close' }
  | { type: 'listen' | 'unlisten'; channel: string };

/** Rows per COPY of a PGlite export: PGlite has no COPY TO STDOUT, so the export goes out in pages. */
export const PGLITE_COPY_PAGE_ROWS = 500;
/** The row number of a PGlite export's temporary table (and of no column an export selects). */
const COPY_ROW = 'verity_copy_row';

export class DatabaseClosedError extends Error {
  override name = 'DatabaseClosedError';
  constructor() {
    super('The database is closed');
  }
}

function toError(detail: WorkerErrorDetail): Error {
  return Object.assign(new Error(detail.message), detail);
}

// A Date that crossed the thread boundary may belong to another realm (jest's vm): rebuild it in this one.
function ownRealmDates(rows: unknown[]): unknown[] {
  for (const row of rows as Record<string, unknown>[]) {
    for (const [key, value] of Object.entries(row)) {
      if (Object.prototype.toString.call(value) === '[object Date]' && !(value instanceof Date)) {
        row[key] = new Date((value as Date).getTime());
      }
    }
  }
  return rows;
}

/** Serialises work: PGlite is one connection, so a transaction must own it until it ends. */
class Queue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(() => task());
    this.tail = result.catch(() => undefined);
    return result;
  }
}

class PgliteDatabase implements Database {
  readonly kind = 'pglite' as const;
  private readonly pending = new Map<number, Pending>();
  private readonly queue = new Queue();
  private readonly inTransaction = new AsyncLocalStorage<true>();
  private nextId = 1;
  /** Names each export's temporary table. */
  private nextCopy = 1;
  private failure: Error | undefined;
  private closing: Promise<void> | undefined;
  /** Who listens to which channel: PGlite is one connection, so its notifications reach them all. */
  private readonly listeners = new Map<string, Set<NotificationListener>>();

  constructor(
    private readonly worker: Worker,
    private readonly dataDir: string,
  ) {
    worker.on('message', (reply: WorkerReply | WorkerNotification) => {
      if ('notification' in reply) {
        const { channel, payload } = reply.notification;
        for (const listener of this.listeners.get(channel) ?? []) listener.onNotification(payload);
        return;
      }
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiter.resolve({ rows: ownRealmDates(reply.rows), copied: reply.copied });
      else waiter.reject(toError(reply.error));
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', () => this.fail(new DatabaseClosedError()));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }

  private send(request: NewRequest): Promise<{ rows: unknown[]; copied?: Copied }> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } satisfies WorkerRequest);
    });
  }

  private async run<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
    return { rows: (await this.send({ type: 'query', sql, params })).rows as T[] };
  }

  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
    if (this.inTransaction.getStore()) {
      return Promise.reject(new Error('Inside transaction(), query through its tx argument'));
    }
    if (this.closing) return Promise.reject(new DatabaseClosedError());
    return this.queue.run(() => this.run<T>(sql, params));
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    if (this.closing) return Promise.reject(new DatabaseClosedError());
    return this.queue.run(async () => {
      let open = true;
      const tx: Queryable = {
        query: <R>(sql: string, params?: unknown[]) =>
          open
            ? this.run<R>(sql, params)
            : Promise.reject(new Error('The transaction has already ended')),
      };
      await this.run('BEGIN');
      try {
        const result = await this.inTransaction.run(true, () => fn(tx));
        open = false;
        await this.run('COMMIT');
        return result;
      } catch (error) {
        open = false;
        await this.run('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  }

  /**
   * PGlite has no COPY TO STDOUT, so the export goes out in pages, each its own turn of the queue
   * so that other requests are served between pages. The SELECT runs once, in the first turn, into a
   * temporary table numbered in its order (one snapshot, however long the reader takes); each page is
   * then a range of that number read through its index, so every page costs the same. The table is
   * dropped when the copy ends, fails, or its reader goes away.
   */
  copyOut(select: string, params?: unknown[]): Readable {
    const sql = inlineParams(select, params);
    const name = `verity_copy_${this.nextCopy++}`;
    const table = `pg_temp.${name}`;
    const turn = <T>(task: () => Promise<T>) =>
      this.queue.run(async () => {
        if (this.closing) throw new DatabaseClosedError();
        return task();
      });
    const copied = async (copy: string) =>
      (await this.send({ type: 'copy', sql: copy })).copied ?? { text: '', rowCount: 0 };
    const materialise = () =>
      turn(async () => {
        // A window without ORDER BY numbers the rows as they come, and a subquery with its own
        // ORDER BY is never flattened into the outer query, so the numbers follow the SELECT's order.
        const { rows } = await this.run<{ columns: string; total: number }>(
          `CREATE TEMP TABLE ${name} AS
             SELECT s.*, row_number() OVER () AS ${COPY_ROW} FROM (${sql}) s;
           CREATE INDEX ON ${table} (${COPY_ROW});
           SELECT (SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) FROM pg_attribute
               WHERE attrelid = '${table}'::regclass AND attnum > 0 AND NOT attisdropped
                 AND attname <> '${COPY_ROW}') AS columns,
             (SELECT count(*)::int FROM ${table}) AS total`,
        );
        return rows[0] ?? { columns: '', total: 0 };
      });
    const copyPage = (columns: string, after: number) =>
      turn(() =>
        copied(
          `COPY (SELECT ${columns} FROM ${table}
             WHERE ${COPY_ROW} > ${after} AND ${COPY_ROW} <= ${after + PGLITE_COPY_PAGE_ROWS}
             ORDER BY ${COPY_ROW}) TO '/dev/blob' WITH (FORMAT csv, HEADER ${after === 0})`,
        ),
      );
    const drop = () =>
      this.queue
        .run(async () => {
          // Closing ends the session, and its temporary tables with it.
          if (!this.closing) await this.run(`DROP TABLE IF EXISTS ${table}`);
        })
        .catch(() => undefined);
    async function* pages() {
      try {
        const { columns, total } = await materialise();
        for (let after = 0; after === 0 || after < total; after += PGLITE_COPY_PAGE_ROWS) {
          const { text } = await copyPage(columns, after);
          if (text) yield Buffer.from(text, 'utf8');
        }
      } finally {
        await drop();
      }
    }
    return Readable.from(pages(), { objectMode: false });
  }

  /** LISTEN takes its turn like a query: run inside another's transaction, a rollback would undo it. */
  async listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>> {
    if (this.closing) throw new DatabaseClosedError();
    const channelListeners = this.listeners.get(channel) ?? new Set();
    this.listeners.set(channel, channelListeners);
    channelListeners.add(listener);
    if (channelListeners.size === 1) {
      await this.queue.run(() => this.send({ type: 'listen', channel }));
    }
    return async () => {
      if (!channelListeners.delete(listener) || channelListeners.size > 0 || this.closing) return;
      this.listeners.delete(channel);
      await this.queue.run(() => this.send({ type: 'unlisten', channel })).catch(() => undefined);
    };
  }

  close(): Promise<void> {
    this.closing ??= this.queue
      .run(() => this.send({ type: 'close' }))
      .catch(() => undefined)
      .then(async () => {
        this.fail(new DatabaseClosedError());
        await this.worker.terminate();
        // PGlite sets its files' modes itself (666, 644), whatever the umask.
        protectDataDir(this.dataDir);
      });
    return this.closing;
  }
}

/**
 * Opens the PGlite database in `dataDir` in its own worker thread; a missing one is made first by a
 * short-lived process (tooling/db/embedded.ts).
 */
export async function openPglite(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  await initialiseDataDir(dataDir, require.resolve('@electric-sql/pglite'));
  const { script, eval: isSource } = workerScript(__dirname, 'pglite-worker');
  const worker = new Worker(script, { eval: isSource, workerData: { dataDir }, execArgv: [] });
  return new Promise((resolve, reject) => {
    const onReady = (reply: WorkerReply) => {
      if (reply.id !== 0) return;
      worker.off('message', onReady);
      worker.off('error', onError);
      if (reply.ok) {
        // PGlite sets its files' modes itself (666, 644), whatever the umask.
        protectDataDir(dataDir);
        resolve(new PgliteDatabase(worker, dataDir));
      } else void worker.terminate().then(() => reject(toError(reply.error)));
    };
    const onError = (error: Error) => reject(error);
    worker.on('message', onReady);
    worker.once('error', onError);
  });
}
