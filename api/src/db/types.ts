import type { Readable } from 'node:stream';

export type DatabaseKind = 'pglite' | 'postgres';

export interface QueryResult<T> {
  rows: T[];
}

/** What a transaction callback gets: queries that run inside that one transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

export interface NotificationListener {
  onNotification(payload: string): void;
  /** The listening connection was lost: until `onMissed`, nothing sent is heard. */
  onLost?(): void;
  /** The listening connection was lost and is back: what was sent meanwhile was not heard. */
  onMissed?(): void;
}

/**
 * The one database interface of the API, over PGlite (embedded) or a PostgreSQL pool.
 * A query without params may hold several statements (simple protocol); with params it is one statement.
 */
export interface Database extends Queryable {
  kind: DatabaseKind;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * The rows of one SELECT as CSV text with a header line, streamed from the database (COPY ... TO STDOUT),
   * never gathered in memory. The SELECT must end with its ORDER BY and have no LIMIT; `$n` in it stand
   * only for `params`, which are written into the text as quoted literals (COPY takes no bind parameters).
   * Its columns need distinct names: PGlite first writes the rows into a table of its own.
   */
  copyOut(select: string, params?: unknown[]): Readable;
  /**
   * Hears every NOTIFY on `channel`, from any connection of any process, once its transaction has
   * committed. PostgreSQL listens on a connection of its own, outside the pool, and opens it again
   * after losing it: `onLost` says so at once, `onMissed` once it listens again. Resolves once
   * listening, with the function that stops.
   */
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
