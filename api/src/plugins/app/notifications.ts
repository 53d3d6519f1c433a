import fp from 'fastify-plugin';
import { forgetOldDeliveries } from '../../webhooks/endpoints';
import type { Queryable } from '../../db';
import { queueOutbox, type EmailJob } from '../../notifications/deliveries';
import { planDigests } from '../../notifications/digest';
import {
  deliverEmail,
  EmailRefusedError,
  forgetDeliveries,
} from '../../notifications/email-delivery';
import { notifyGapEvent, type GapEvent } from '../../notifications/events';
import {
  escalateLateIncidents,
  notifyIncidentQuestion,
  notifyIncidentReported,
} from '../../incidents/incident-notifications';
import { notifyReportEvent, type ReportEvent } from '../../monitoring-reports/report-notifications';
import type { SessionUser } from '@verity/shared-api/src/server';
import {
  createJobQueue,
  EMAIL_QUEUE,
  POLLING_INTERVAL_SECONDS,
  SCAN_CRON,
  SCAN_QUEUE,
  type PgBoss,
} from '../../notifications/job-queue';
import { scanGaps, type ScanResult } from '../../notifications/scan';
import { deliverWebhook, WebhookFailedError } from '../../webhooks/delivery';
import { WEBHOOK_QUEUE, type WebhookJob } from '../../webhooks/events';

/** Webhook deliveries one worker takes at a time. */
const WEBHOOK_BATCH = 5;

/** E-mail jobs one worker takes at a time. */
const EMAIL_BATCH = 10;

export interface Notifications {
  /** Tells the gap's other parties of an event, in the write's own transaction. */
  gapEvent(tx: Queryable, event: GapEvent): Promise<void>;
  /** Tells the other party of a monitoring report's submission or review, in the write's transaction. */
  reportEvent(tx: Queryable, event: ReportEvent): Promise<void>;
  /** Tells the client and the company's firms of a serious incident, in the report's transaction. */
  incidentReported(tx: Queryable, incidentId: string, author: SessionUser): Promise<void>;
  /** Tells the company of the client's question on an incident, or the client of the answer. */
  incidentQuestion(
    tx: Queryable,
    kind: 'incidentQuestionAsked' | 'incidentQuestionAnswered',
    questionId: string,
    author: SessionUser,
  ): Promise<void>;
  /** Queues e-mail jobs (an invitation) in the write's own transaction. */
  queueEmails(tx: Queryable, jobs: EmailJob[]): Promise<void>;
  /**
   * Once a write that queued e-mails has committed: this process's e-mail worker, if it runs, looks
   * for them now instead of at its next poll.
   */
  emailsQueued(): void;
  /** The daily scan and the Monday digests at `now` (the queue's worker runs it on its schedule). */
  scan(now?: Date): Promise<ScanResult & { digests: number }>;
  /**
   * The scan's escalation of late root-cause analyses, now rather than at the next scan hour:
   * those already escalated are not told again (docs/decisions/0107-the-bell-live.md).
   */
  escalateLateIncidents(now?: Date): Promise<number>;
  /**
   * Starts working the queue: the scan on its schedule, the e-mails. When JOB_QUEUE is on, by the
   * server once it holds its port (a process that cannot listen, another Verity there, works nothing);
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
    // Its maintenance finds the jobs of a worker that died
    // (docs/decisions/0040-e-mail-that-arrives-once.md).
    const queue = createJobQueue(db, {
      maintenanceIntervalSeconds: config.mailJobs.maintenanceSeconds,
    });
    queue.on('error', (error) => log.error({ err: error }, 'job queue'));
    const outbox = queueOutbox(queue, config.mailRetry, config.mailJobs.expirySeconds);
    const scanHour = config.notificationScanHour;
    // A batch starts no e-mail past half its jobs' expiry, so it ends before they expire.
    const batchBudgetMs = (config.mailJobs.expirySeconds * 1000) / 2;

    let emailWorker: string | undefined;
    const notifications: Notifications = {
      gapEvent: (tx, event) => notifyGapEvent(tx, outbox, event),
      reportEvent: (tx, event) => notifyReportEvent(tx, outbox, event),
      incidentReported: (tx, incidentId, author) =>
        notifyIncidentReported(tx, outbox, incidentId, author),
      incidentQuestion: (tx, kind, questionId, author) =>
        notifyIncidentQuestion(tx, outbox, kind, questionId, author),
      queueEmails: (tx, jobs) => outbox.queueEmails(tx, jobs),
      emailsQueued() {
        if (emailWorker) queue.notifyWorker(emailWorker);
      },
      async scan(now = new Date()) {
        const result = await scanGaps(db, outbox, { now, scanHour });
        const digests = await planDigests(db, outbox, { now, scanHour });
        notifications.emailsQueued();
        await forgetDeliveries(db);
        await forgetOldDeliveries(db, now);
        return { ...result, digests };
      },
      async escalateLateIncidents(now = new Date()) {
        const escalated = await escalateLateIncidents(db, outbox, now);
        notifications.emailsQueued();
        return escalated;
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
      pollingIntervalSeconds = POLLING_INTERVAL_SECONDS,
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
        /**
         * Gives a job back to the queue (tried again after its back-off): answers whether it was still
         * this worker's to give. Never throws: it expires instead.
         */
        const giveBack = async (id: string, reason: string) => {
          try {
            // pg-boss 10's types say void; it answers how many jobs it failed.
            const result = (await queue.fail(EMAIL_QUEUE, id, { message: reason })) as unknown;
            return (result as { affected: number }).affected > 0;
          } catch (error) {
            log.error({ err: error, job: id }, 'e-mail job not given back; it expires');
            return true;
          }
        };
        emailWorker = await queue.work<EmailJob>(
          EMAIL_QUEUE,
          { pollingIntervalSeconds, batchSize: EMAIL_BATCH },
          async (jobs) => {
            // One by one, each failing alone: the handler never throws, so the queue never fails
            // (and hands out again) the batch's other jobs.
            const started = Date.now();
            for (const [index, job] of jobs.entries()) {
              if (Date.now() - started > batchBudgetMs) {
                for (const rest of jobs.slice(index))
                  await giveBack(rest.id, 'not reached in its batch (a slow SMTP server)');
                break;
              }
              try {
                const outcome = await deliverEmail(db, fastify.mailer, config, job);
                if (outcome === 'unconfirmed')
                  log.error(
                    { job: job.id },
                    'notification e-mail perhaps not delivered: the SMTP connection broke after the message was sent; not sent again',
                  );
              } catch (error) {
                log.warn(
                  { err: error, job: job.id },
                  'notification e-mail not sent; tried again later',
                );
                const stillOurs = await giveBack(job.id, (error as Error).message);
                // Taken up meanwhile by another worker, which found this try's claim and finished
                // the job: the refused e-mail goes as a job of its own.
                if (!stillOurs && error instanceof EmailRefusedError)
                  await outbox
                    .queueEmails(db, [job.data])
                    .catch((queueError: unknown) =>
                      log.error(
                        { err: queueError, job: job.id },
                        'refused e-mail not queued again',
                      ),
                    );
              }
            }
            // A full batch may have more behind it: the next one is fetched at once, not after a poll.
            if (jobs.length === EMAIL_BATCH) notifications.emailsQueued();
          },
        );
        await startWebhookWorker(pollingIntervalSeconds);
      }
    }
    /**
     * The webhook deliveries, where the e-mails are worked: each job one try of one delivery; a
     * failed try is given back to the queue, which tries it again after its back-off, and the last
     * one is final (docs/decisions/0096-webhooks.md).
     */
    async function startWebhookWorker(pollingIntervalSeconds: number) {
      const { retry } = config.webhooks;
      await db.query('UPDATE pgboss.queue SET retry_limit = $2, retry_delay = $3 WHERE name = $1', [
        WEBHOOK_QUEUE,
        retry.limit,
        retry.delaySeconds,
      ]);
      await queue.work<WebhookJob>(
        WEBHOOK_QUEUE,
        { pollingIntervalSeconds, batchSize: WEBHOOK_BATCH, includeMetadata: true },
        async (jobs) => {
          for (const job of jobs) {
            try {
              await deliverWebhook(
                db,
                outbox,
                config.webhooks,
                job.data.deliveryId,
                job.retryCount >= job.retryLimit,
              );
            } catch (error) {
              if (!(error instanceof WebhookFailedError))
                log.error({ err: error, job: job.id }, 'webhook delivery failed');
              await queue
                .fail(WEBHOOK_QUEUE, job.id, { message: (error as Error).message })
                .catch((failure: unknown) =>
                  log.error(
                    { err: failure, job: job.id },
                    'webhook job not given back; it expires',
                  ),
                );
            }
          }
        },
      );
    }
    notifications.startWorkers = startWorkers;
  },
  { name: 'notifications', dependencies: ['config', 'database', 'mailer'] },
);
