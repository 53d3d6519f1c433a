// The job queue (pg-boss) on the API's own database: its schema comes from migration 0024, which
// must match the library's, and it works on PGlite's worker thread as on PostgreSQL: jobs queued
// in a transaction, each fetched once (SKIP LOCKED), schedules.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import PgBoss from 'pg-boss';
import { migrationsDir, openDatabase, type Database } from '../../src/db';
import {
  createJobQueue,
  EMAIL_QUEUE,
  executorOf,
  SCAN_QUEUE,
} from '../../src/notifications/job-queue';
import { waitFor } from '../support/api-process';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';

/** The library's construction plan as the migration holds it: without its own transaction. */
function constructionPlan(): string {
  return PgBoss.getConstructionPlans('pgboss')
    .replace(/^\s*BEGIN;\s*\n/m, '')
    .replace(/^\s*COMMIT;\s*\n?/m, '')
    .replace(/^\s*SET LOCAL lock_timeout = '30s';\s*\n/m, '')
    .replace(/^\s*SET LOCAL idle_in_transaction_session_timeout = '30s';\s*\n/m, '')
    .trim();
}

it("holds pg-boss's own schema, so an upgrade of the library is a new migration", async () => {
  const migration = await readFile(path.join(migrationsDir, '0024.do.job_queue.sql'), 'utf8');
  expect(migration).toContain(constructionPlan());
});

describe.each(databaseKinds)('the job queue on %s', (kind) => {
  let testDb: TestDatabase;
  let db: Database;
  let queue: PgBoss;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind, { template: 'migrated' });
    db = await openDatabase({ dataDir: testDb.env.DATA_DIR, databaseUrl: testDb.env.DATABASE_URL });
    // Its schedules looked at every second, not every half minute.
    queue = createJobQueue(db, { cronMonitorIntervalSeconds: 1 });
    await queue.start();
  });
  afterAll(async () => {
    await queue?.stop({ graceful: false, wait: true, timeout: 5000 });
    await db?.close();
    await testDb?.dispose();
  });

  it('has the queues of the migrations', async () => {
    expect((await queue.getQueues()).map((q) => q.name)).toEqual(
      expect.arrayContaining([EMAIL_QUEUE, SCAN_QUEUE]),
    );
  });

  it('keeps a job queued in a transaction only when it commits, and hands it out once', async () => {
    await db
      .transaction(async (tx) => {
        await queue.send(EMAIL_QUEUE, { n: 1 }, { db: executorOf(tx) } as never);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await db.transaction((tx) =>
      queue.send(EMAIL_QUEUE, { n: 2 }, { db: executorOf(tx) } as never),
    );
    const fetched = await Promise.all([
      queue.fetch(EMAIL_QUEUE, { batchSize: 5 }),
      queue.fetch(EMAIL_QUEUE, { batchSize: 5 }),
    ]);
    const jobs = fetched.flatMap((batch) => batch ?? []);
    expect(jobs.map((job) => job.data)).toEqual([{ n: 2 }]);
    await queue.complete(EMAIL_QUEUE, jobs[0]!.id);
  });

  it('sends the jobs of a schedule', async () => {
    await queue.createQueue('schedule-check');
    await queue.schedule('schedule-check', '* * * * *');
    let fetched: unknown[] = [];
    await waitFor(
      async () => {
        fetched = (await queue.fetch('schedule-check')) ?? [];
        return fetched.length > 0;
      },
      'a job of the every-minute schedule',
      180_000,
    );
    await queue.unschedule('schedule-check');
  });
});
