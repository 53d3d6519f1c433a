import fp from 'fastify-plugin';
import type { Queryable } from '../../db';
import { queueOutbox, type EmailJob } from '../../notifications/deliveries';
import { planDigests } from '../../notifications/digest';
import { deliverEmail } from '../../notifications/email-delivery';
import { notifyGapEvent, type GapEvent } from '../../notifications/events';
import {
  createJobQueue,
  EMAIL_QUEUE,
  SCAN_CRON,
  SCAN_QUEUE,
  type PgBoss,
} from '../../notifications/job-queue';
import { scanGaps, type ScanResult } from '../../notifications/scan';

/** E-mail jobs one worker takes at a time (at most about 20 s each when the SMTP server times out). */
const EMAIL_BATCH = 10;

export interface Notifications {
  /** Tells the gap's other parties of an event, in the write's own transaction. */
  gapEvent(tx: Queryable, event: GapEvent): Promise<void>;
  /**
   * Once a write that queued e-mails has committed: this process's e-mail worker, if it runs, looks
   * for them now instead of at its next poll.
   */
  emailsQueued(): void;
  /** The daily scan and the Monday digests at `now` (the queue's worker runs it on its schedule). */
  scan(now?: Date): Promise<ScanResult & { digests: number }>;
  /**
   * Starts working the queue: the scan on its schedule, the e-mails. At start when JOB_QUEUE is on;
   * tests that drive the scan's clock themselves start the e-mails only.
   */
  startWorkers(workers: {
    scan: boolean;
    email: boolean;
    pollingIntervalSeconds?: number;
  }): Promise<void>;
  queue: PgBoss;
}

declare module 'fastify' {
  interface FastifyInstance {
    notifications: Notifications;
  }
}

/**
 * Notifications and their job queue. Jobs are queued by every process; the workers (the scan every
 * quarter of an hour, the e-mails) run where JOB_QUEUE is on, and stop before the database closes.
 */
export default fp(
  async (fastify) => {
    const { db, config, log } = fastify;
    const queue = createJobQueue(db);
    queue.on('error', (error) => log.error({ err: error }, 'job queue'));
    const outbox = queueOutbox(queue, config.mailRetry);
    const scanHour = config.notificationScanHour;

    let emailWorker: string | undefined;
    const notifications: Notifications = {
      gapEvent: (tx, event) => notifyGapEvent(tx, outbox, event),
      emailsQueued() {
        if (emailWorker) queue.notifyWorker(emailWorker);
      },
      async scan(now = new Date()) {
        const result = await scanGaps(db, outbox, { now, scanHour });
        const digests = await planDigests(db, outbox, { now, scanHour });
        notifications.emailsQueued();
        return { ...result, digests };
      },
      startWorkers: () => Promise.resolve(),
      queue,
    };
    fastify.decorate('notifications', notifications);
    let started: Promise<unknown> | undefined;
    fastify.addHook('onClose', async () => {
      if (!started) return;
      await started.catch(() => undefined);
      await queue.stop({ graceful: true, wait: true, timeout: 10_000 });
    });

    async function startWorkers({
      scan,
      email,
      pollingIntervalSeconds = 2,
    }: {
      scan: boolean;
      email: boolean;
      pollingIntervalSeconds?: number;
    }) {
      started ??= queue.start();
      await started;
      if (scan) {
        await queue.work<{ now?: string }>(
          SCAN_QUEUE,
          { pollingIntervalSeconds },
          async ([job]) => {
            const now = job?.data?.now ? new Date(job.data.now) : new Date();
            const result = await notifications.scan(now);
            if (result.notices > 0 || result.digests > 0) log.info(result, 'notification scan');
          },
        );
        await queue.schedule(SCAN_QUEUE, SCAN_CRON);
        // A day missed while no process ran is caught up now, not at the next tick.
        await queue.send(SCAN_QUEUE, {});
      }
      if (email) {
        emailWorker = await queue.work<EmailJob>(
          EMAIL_QUEUE,
          { pollingIntervalSeconds, batchSize: EMAIL_BATCH },
          async (jobs) => {
            // One by one: a refused e-mail goes back to the queue alone (retried later, with back-off),
            // and the batch's others are completed.
            for (const job of jobs) {
              try {
                await deliverEmail(db, fastify.mailer, config.publicUrl, job.data);
              } catch (error) {
                log.warn(
                  { err: error, job: job.id },
                  'notification e-mail not sent; tried again later',
                );
                await queue.fail(EMAIL_QUEUE, job.id, { message: (error as Error).message });
              }
            }
            // A full batch may have more behind it: the next one is fetched at once, not after a poll.
            if (jobs.length === EMAIL_BATCH) notifications.emailsQueued();
          },
        );
      }
    }
    notifications.startWorkers = startWorkers;
    if (config.jobQueue) await startWorkers({ scan: true, email: true });
  },
  { name: 'notifications', dependencies: ['config', 'database', 'mailer'] },
);
