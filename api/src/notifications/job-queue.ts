// The durable job queue (pg-boss, docs/decisions/0039-notifications.md): jobs live in PostgreSQL
// (the embedded PGlite or a server), so they survive restarts and each runs once however many API
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

/** A worker asks for new jobs this often (seconds) when nobody tells it some were queued. */
export const POLLING_INTERVAL_SECONDS = 2;

export interface QueueTiming {
  /** How often the queue's maintenance looks for expired jobs (a worker that died with them). */
  maintenanceIntervalSeconds?: number;
  /** How often it looks at its schedules (tests of a schedule need not wait half a minute for it). */
  cronMonitorIntervalSeconds?: number;
}

/** A queue on the API's database that neither creates nor migrates its schema (the migrations do). */
export function createJobQueue(db: Queryable, timing: QueueTiming = {}): PgBoss {
  return new PgBoss({
    db: executorOf(db),
    migrate: false,
    pollingIntervalSeconds: POLLING_INTERVAL_SECONDS,
    ...timing,
  });
}

/**
 * The longest an e-mail job taken by a worker that died waits before a worker takes it again, as
 * pg-boss 10 works: it expires `expirySeconds` after it was taken; the maintenance that finds it runs
 * every `maintenanceSeconds` but at most once per interval across processes, so up to two intervals
 * apart; it then waits for its first retry (pg-boss's back-off: one to two retry delays; a job already
 * tried again waits as its back-off says anyway); a worker asks at its next poll, once its batch (at
 * most half the expiry, see the e-mail worker) is done.
 */
export function deadWorkerPickupSeconds(
  { expirySeconds, maintenanceSeconds }: { expirySeconds: number; maintenanceSeconds: number },
  retryDelaySeconds: number,
): number {
  return (
    expirySeconds +
    2 * maintenanceSeconds +
    2 * retryDelaySeconds +
    POLLING_INTERVAL_SECONDS +
    expirySeconds / 2
  );
}

export type { PgBoss };
