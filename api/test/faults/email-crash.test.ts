// E-mail that arrives once, across a kill -9 of the API in the middle of its sending: every invitation
// and event acknowledged with a 2xx is e-mailed, and nothing twice
// (docs/decisions/0039-notifications.md).
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import {
  startMailCatcher,
  type CaughtMessage,
  type MailCatcher,
} from '../../../tooling/mail/mail-catcher';
import { EMAIL_QUEUE } from '../../src/notifications/job-queue';
import { emailsSettled } from '../notifications/world';
import { buildTestApp } from '../support/app';
import { startApiProcess, waitFor, type ApiProcess } from '../support/api-process';
import {
  anyDatabaseKind,
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../support/databases';
import { freePort } from '../support/free-port';
import { sessionFor, injectAs } from '../support/session';
import { prepareFaultWorld, remarkForm, remarkUrl, type FaultWorld } from './fault-world';

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
const isInvitation = (message: CaughtMessage) => message.subject.includes('invited you to');

describe.each(databaseKinds)('e-mail across a kill -9 on %s', (kind) => {
  let database: TestDatabase;
  let world: FaultWorld;
  let mail: MailCatcher;
  let api: ApiProcess | undefined;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    world = await prepareFaultWorld(database);
    // A slow server: each message waits before it is taken, so the kill finds e-mails still to send.
    mail = await startMailCatcher({ delayMs: 150 });
  });
  afterAll(async () => {
    await api?.stop('SIGKILL');
    await app?.close();
    await mail?.stop();
    await database?.dispose();
  });

  it('e-mails every acknowledged invitation and remark once, none twice, the dead worker’s jobs taken up after the restart', async () => {
    const env = {
      ...database.env,
      JOB_QUEUE: '1',
      SMTP_URL: mail.smtpUrl,
      // Short, so the dead worker's jobs come back in seconds (the defaults take at most two minutes).
      MAIL_JOB_EXPIRY_SECONDS: '4',
      JOB_QUEUE_MAINTENANCE_SECONDS: '1',
      MAIL_RETRY_DELAY_SECONDS: '1',
      REMARKS_PER_MINUTE: '1000',
    };
    const acknowledged: string[] = [];
    const invite = async (url: string, n: number) => {
      const email = `invitee.${n}.${kind}@crash.test`;
      try {
        const response = await fetch(`${url}/api/v1/client/user`, {
          method: 'POST',
          headers: { cookie: world.clientCookie, 'content-type': 'application/json' },
          body: JSON.stringify({ emailId: email, fullname: `Invitee ${n}`, role: 'viewer' }),
        });
        if (response.status === 201) acknowledged.push(email);
      } catch {
        // Cut off by the kill: not acknowledged, so it may or may not be e-mailed (but never twice).
      }
    };
    const remark = async (url: string, n: number) => {
      try {
        await fetch(remarkUrl(url, world), {
          method: 'PATCH',
          headers: { cookie: world.cookie },
          body: remarkForm(`Crash remark ${n} on ${kind}`),
        });
      } catch {
        // Cut off by the kill.
      }
    };
    const invitations = () => mail.messages().filter(isInvitation);

    api = await startApiProcess(env);
    const first = api.url;
    const burst = Promise.all([
      ...range(0, 30).map((n) => invite(first, n)),
      ...range(0, 6).map((n) => remark(first, n)),
    ]);
    await waitFor(() => invitations().length >= 3, 'the first invitations to arrive');
    const late = range(100, 4).map((n) => invite(first, n));
    api.child.kill('SIGKILL');
    await api.exited;
    await Promise.all([burst, ...late]);
    // The kill came while acknowledged invitations were still to be sent.
    const atKill = invitations().length;
    expect(atKill).toBeLessThan(acknowledged.length);

    api = await startApiProcess(env);
    await Promise.all(range(200, 10).map((n) => invite(api!.url, n)));
    // The restarted process takes up the dead worker's jobs: every invitation arrives but those that
    // were inside the SMTP conversation at the kill (at most one per batch being sent then).
    const missing = () => acknowledged.filter((email) => mail.messagesTo(email).length === 0);
    await waitFor(
      () => missing().length <= 2,
      'the acknowledged invitations to arrive after the restart',
      120_000,
    ).catch((error: Error) => {
      throw new Error(
        `${error.message}: ${missing().join(', ')} missing; the API said:\n${api?.output().slice(-4000)}`,
      );
    });
    await api.stop();
    api = undefined;

    // Whatever is still queued (a retry not yet due when the process stopped) is worked here.
    app = await buildTestApp(database, env);
    await app.notifications.startWorkers({ scan: false, email: true, pollingIntervalSeconds: 0.5 });
    await emailsSettled(app);

    const messages = mail.messages();
    // No invited address twice.
    for (const email of acknowledged)
      expect([email, mail.messagesTo(email).length <= 1]).toEqual([email, true]);
    // Nothing twice: no message id twice, and no two messages alike.
    const ids = messages.map((message) => message.headers['message-id']);
    expect(new Set(ids).size).toBe(messages.length);
    const alike = messages.map(
      (message) => `${message.to.join()}|${message.subject}|${message.text}`,
    );
    expect(new Set(alike).size).toBe(messages.length);
    // Every e-mail job committed (with the 2xx that caused it) was sent once, under its own message id;
    // one whose process died inside the SMTP conversation is recorded as not confirmed, never resent.
    const { rows: jobs } = await app.db.query<{ id: string; claimed: boolean; sent: boolean }>(
      `SELECT j.id, d.job_id IS NOT NULL AS claimed, d.sent_at IS NOT NULL AS sent
       FROM (SELECT id FROM pgboss.job WHERE name = $1 UNION SELECT id FROM pgboss.archive WHERE name = $1) j
       LEFT JOIN email_deliveries d ON d.job_id = j.id`,
      [EMAIL_QUEUE],
    );
    expect(jobs.length).toBeGreaterThanOrEqual(acknowledged.length);
    const arrivals = (jobId: string) => ids.filter((id) => id?.startsWith(`<${jobId}@`)).length;
    const unconfirmed = jobs.filter((job) => job.claimed && !job.sent);
    for (const job of jobs)
      expect([job.id, arrivals(job.id)]).toEqual([
        job.id,
        job.sent ? 1 : job.claimed ? expect.any(Number) : 0,
      ]);
    for (const job of unconfirmed) expect(arrivals(job.id)).toBeLessThanOrEqual(1);
    // At most the e-mails that were inside the SMTP conversation at the kill.
    expect(unconfirmed.length).toBeLessThanOrEqual(2);
    // Every acknowledged invitation arrived, or its delivery is one of those.
    const lost = new Set(
      (
        await app.db.query<{ email: string }>(
          `SELECT d.recipient AS email FROM email_deliveries d
           WHERE d.sent_at IS NULL AND d.refused_at IS NULL`,
        )
      ).rows.map((row) => row.email),
    );
    for (const email of missing()) expect([email, lost.has(email)]).toEqual([email, true]);

    // An owner sends a lost invitation again from the users screen's route: it arrives.
    const owner = await sessionFor(app, 'client.owner@verity.test', 'client');
    for (const job of unconfirmed) {
      const { rows } = await app.db.query<{ userId: string; email: string }>(
        `SELECT u.id AS "userId", u.email FROM pgboss.job j JOIN users u ON u.id = (j.data->>'userId')::uuid
         WHERE j.id = $1 AND j.data->>'type' = 'invitation' AND u.sub IS NULL`,
        [job.id],
      );
      if (!rows[0] || arrivals(job.id) > 0) continue;
      const resent = await injectAs(app, owner, {
        method: 'POST',
        url: `/api/v1/client/user/${rows[0].userId}/invitation`,
      });
      expect(resent.statusCode).toBe(200);
      expect(mail.messagesTo(rows[0].email)).toHaveLength(1);
    }
    await app.close();
    app = undefined;
  });

  // The port is the subject, not the database: one database is enough.
  if (kind !== anyDatabaseKind) return;

  it('works no job, and sends nothing, when it cannot take its port (another server holds it)', async () => {
    // An e-mail waits in the queue: the client owner's weekly digest.
    app = await buildTestApp(database);
    const { rows: owners } = await app.db.query<{ id: string }>(
      "SELECT id FROM users WHERE email = 'client.owner@verity.test' AND user_type = 'client'",
    );
    const waiting = await app.notifications.queue.send(EMAIL_QUEUE, {
      type: 'digest',
      userId: owners[0]!.id,
      weekStart: '2026-11-30',
      now: new Date().toISOString(),
    });
    await app.close();
    app = undefined;
    const before = mail.messages().length;

    // Another server (another Verity on this machine) holds the port.
    const port = await freePort();
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
    try {
      await expect(
        startApiProcess({ ...database.env, JOB_QUEUE: '1', SMTP_URL: mail.smtpUrl }, { port }),
      ).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }

    app = await buildTestApp(database);
    const { rows } = await app.db.query<{ state: string }>(
      'SELECT state FROM pgboss.job WHERE id = $1',
      [waiting],
    );
    expect(rows).toEqual([{ state: 'created' }]);
    expect(mail.messages()).toHaveLength(before);
  });
});
