// The durable job queue (pg-boss, docs/decisions.md "Notifications"): jobs live in PostgreSQL (the
// embedded PGlite or a server), so they survive restarts and each runs once however many API
// processes work the queue. Its schema is created by the API's migrations (0024).
import PgBoss from 'pg-boss';
import type { Queryable } from '../db';

export const SCAN_QUEUE = 'notification-scan';
export const EMAIL_QUEUE = 'notification-email';
/** Every quarter of an hour: each organisation's scan runs at the first tick past its scan hour. */
export const SCAN_CRON = '*/15 * * * *';

/** pg-boss's seam to a database: its SQL runs on the API's own (PGlite worker, pool, or a transaction). */
export const executorOf = (db: Queryable) => ({
  executeSql: (text: string, values?: unknown[]) => db.query(text, values),
});

/**
 * A queue on the API's database that neither creates nor migrates its schema (the migrations do).
 * `timing` changes how often it looks at its schedules (tests of a schedule need not wait half a
 * minute for it).
 */
export function createJobQueue(
  db: Queryable,
  timing: { cronMonitorIntervalSeconds?: number } = {},
): PgBoss {
  return new PgBoss({
    db: executorOf(db),
    migrate: false,
    // A worker asks for new jobs this often (seconds).
    pollingIntervalSeconds: 2,
    ...timing,
  });
}

export type { PgBoss };
