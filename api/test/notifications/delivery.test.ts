// Delivery under faults: an SMTP server that is down, then up, gets every e-mail once while the API
// keeps serving; a job taken up again sends nothing it sent before; a server that drops the connection
// after taking a message, or refuses one recipient, never makes anyone's e-mail go twice; two API
// instances on one PostgreSQL run one scan and send each e-mail once. The databases have no demo data
// and the tenants have the weekly digest off, so each test's mail is its own gap's on any day of the
// week (a process that starts the scan's worker scans at the real clock at once).
import type { FastifyInstance } from 'fastify';
import { startMailCatcher, type MailCatcher } from '../../../tooling/mail/mail-catcher';
import { EMAIL_QUEUE, SCAN_QUEUE } from '../../src/notifications/job-queue';
import { buildTestApp } from '../support/app';
import { waitFor } from '../support/api-process';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import { freePort } from '../support/free-port';
import { startScriptedSmtp, type ScriptedSmtp, type SmtpVerdict } from '../support/scripted-smtp';
import { addGap, at, createTenant, emailsSettled, mailAbout, recipientsOf } from './world';

const workersOf = (tenant: Awaited<ReturnType<typeof createTenant>>) =>
  [
    tenant.users.targetCompany.owner.email,
    tenant.users.targetCompany.admin.email,
    tenant.users.targetCompany.editor.email,
    tenant.users.auditor.owner.email,
    tenant.users.auditor.admin.email,
  ].sort();

describe.each(databaseKinds)('e-mail delivery on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let mail: MailCatcher | undefined;
  let smtpPort: number;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { template: 'migrated' });
    smtpPort = await freePort();
    app = await buildTestApp(database, {
      SEED_DEMO: '0',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_RETRY_DELAY_SECONDS: '1',
    });
    await app.notifications.startWorkers({ scan: false, email: true, pollingIntervalSeconds: 0.5 });
  });
  afterAll(async () => {
    await app?.close();
    await mail?.stop();
    await database?.dispose();
  });

  it('keeps what it could not send while the SMTP server is down, serves meanwhile, and sends each e-mail once when it is back', async () => {
    const due = '2031-03-19';
    const tenant = await createTenant(app.db, `Crane ${kind}`, 'UTC', { digest: false });
    const gapName = `Cracked dam ${kind}`;
    await addGap(app.db, tenant, gapName, `${due}T00:00:00Z`);
    await app.notifications.scan(at(due, -7));
    // Every e-mail of the scan failed at least once and waits for its next try.
    await waitFor(async () => {
      const { rows } = await app.db.query<{ retrying: number; waiting: number }>(
        `SELECT (count(*) FILTER (WHERE state = 'retry'))::int AS retrying,
           (count(*) FILTER (WHERE state IN ('created', 'active')))::int AS waiting
         FROM pgboss.job WHERE name = $1`,
        [EMAIL_QUEUE],
      );
      return rows[0]!.retrying > 0 && rows[0]!.waiting === 0;
    }, 'the e-mails to fail and wait for their retry');
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);

    mail = await startMailCatcher({ smtpPort });
    await emailsSettled(app);
    const received = mailAbout(mail, gapName);
    expect(recipientsOf(received)).toEqual(workersOf(tenant));
    const { rows } = await app.db.query<{ failed: number }>(
      `SELECT count(*)::int AS failed FROM pgboss.job WHERE name = $1 AND state = 'failed'`,
      [EMAIL_QUEUE],
    );
    expect(rows[0]!.failed).toBe(0);
  });

  it('sends after a restart what a stopped process had queued, and the scan job runs through the queue', async () => {
    const due = '2031-05-21';
    const tenant = await createTenant(app.db, `Egret ${kind}`, 'UTC', { digest: false });
    const gapName = `Silted canal ${kind}`;
    await addGap(app.db, tenant, gapName, `${due}T00:00:00Z`);
    // The process stops with the scan's e-mails still queued.
    await app.notifications.queue.offWork(EMAIL_QUEUE);
    await app.notifications.scan(at(due, -14));
    await app.close();
    mail ??= await startMailCatcher({ smtpPort });
    const before = mailAbout(mail, gapName).length;
    expect(before).toBe(0);

    app = await buildTestApp(database, {
      SEED_DEMO: '0',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    });
    await app.notifications.startWorkers({ scan: true, email: true, pollingIntervalSeconds: 0.5 });
    await waitFor(async () => mailAbout(mail!, gapName).length >= 5, 'the queued reminders');
    // A scan job for a later day, through the queue's worker.
    const scanJob = { now: at(due, -7).toISOString() };
    await waitFor(
      async () => (await app.notifications.queue.send(SCAN_QUEUE, scanJob)) !== null,
      'the scan job to be queued',
    );
    await waitFor(async () => mailAbout(mail!, gapName).length >= 10, 'the next reminders');
    await emailsSettled(app);
    const received = mailAbout(mail, gapName);
    for (const subject of [
      `Due in 14 days: ${gapName} (Verity)`,
      `Due in 7 days: ${gapName} (Verity)`,
    ])
      expect(recipientsOf(received.filter((m) => m.subject === subject))).toEqual(
        workersOf(tenant),
      );
    expect(received).toHaveLength(10);
  });
});

describe.each(databaseKinds)('each e-mail once on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let smtp: ScriptedSmtp;
  /** What the server does with each message: set by each test. */
  let verdict: (to: string, attempt: number) => SmtpVerdict = () => 'take';

  beforeAll(async () => {
    database = await createTestDatabase(kind, { template: 'migrated' });
    smtp = await startScriptedSmtp((to, attempt) => verdict(to, attempt));
    app = await buildTestApp(database, {
      SEED_DEMO: '0',
      SMTP_URL: smtp.smtpUrl,
      MAIL_RETRY_DELAY_SECONDS: '1',
    });
    await app.notifications.startWorkers({ scan: false, email: true, pollingIntervalSeconds: 0.5 });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
    await database?.dispose();
  });

  const takenBy = (tenant: Awaited<ReturnType<typeof createTenant>>) =>
    smtp
      .taken()
      .filter((message) => workersOf(tenant).includes(message.to))
      .map((message) => message.to)
      .sort();

  it('sends nothing twice when a job it sent is taken up again, as after a process died before marking it done', async () => {
    verdict = () => 'take';
    const due = '2031-06-18';
    const tenant = await createTenant(app.db, `Heron ${kind}`, 'UTC', { digest: false });
    await addGap(app.db, tenant, `Heron weir ${kind}`, `${due}T00:00:00Z`);
    await app.notifications.scan(at(due, -7));
    await emailsSettled(app);
    expect(takenBy(tenant)).toEqual(workersOf(tenant));

    // The queue hands the jobs out again (an expired job, a second worker, a lost completion).
    await app.db.query(
      `UPDATE pgboss.job SET state = 'created', completed_on = NULL, start_after = now()
       WHERE name = $1 AND data->>'userId' = ANY($2::text[])`,
      [
        EMAIL_QUEUE,
        Object.values(tenant.users).flatMap((roles) => Object.values(roles).map((user) => user.id)),
      ],
    );
    app.notifications.emailsQueued();
    await emailsSettled(app);
    expect(takenBy(tenant)).toEqual(workersOf(tenant));
  });

  it('sends once what a server took before dropping the connection, and one refused recipient alone is tried again', async () => {
    const due = '2031-07-16';
    const tenant = await createTenant(app.db, `Ibis ${kind}`, 'UTC', { digest: false });
    const dropped = tenant.users.auditor.owner.email;
    const refused = tenant.users.targetCompany.editor.email;
    // The first message to one is taken and then the connection dropped before the answer; the other
    // is refused once (451), then taken.
    verdict = (to, attempt) =>
      attempt > 1 ? 'take' : to === dropped ? 'drop' : to === refused ? 'refuse' : 'take';
    await addGap(app.db, tenant, `Ibis sluice ${kind}`, `${due}T00:00:00Z`);
    await app.notifications.scan(at(due, -7));
    await emailsSettled(app);
    // Each worker's reminder reached the server once: the dropped one is never sent again (the server
    // may have kept it), the refused one went again alone, the others were not sent again.
    expect(takenBy(tenant)).toEqual(workersOf(tenant));
    const { rows } = await app.db.query<{ failed: number }>(
      `SELECT count(*)::int AS failed FROM pgboss.job WHERE name = $1 AND state = 'failed'`,
      [EMAIL_QUEUE],
    );
    expect(rows[0]!.failed).toBe(0);
  });
});

// PGlite is one process's database: two instances share a PostgreSQL server only.
(databaseKinds.includes('postgres') ? describe : describe.skip)(
  'two API instances on one PostgreSQL',
  () => {
    let database: TestDatabase;
    let apps: FastifyInstance[] = [];
    let mail: MailCatcher;

    beforeAll(async () => {
      database = await createTestDatabase('postgres', { template: 'migrated' });
      mail = await startMailCatcher();
      apps = await Promise.all(
        [0, 1].map(() => buildTestApp(database, { SEED_DEMO: '0', SMTP_URL: mail.smtpUrl })),
      );
    });
    afterAll(async () => {
      await Promise.all(apps.map((app) => app.close()));
      await mail?.stop();
      await database?.dispose();
    });

    it('run each scan once and send each e-mail once, however the scans meet', async () => {
      const first = apps[0]!;
      const due = '2031-04-16';
      const tenant = await createTenant(first.db, 'Stork', 'UTC', { digest: false });
      const gapName = 'Stork silt';
      await addGap(first.db, tenant, gapName, `${due}T00:00:00Z`);
      for (const app of apps)
        await app.notifications.startWorkers({
          scan: true,
          email: true,
          pollingIntervalSeconds: 0.5,
        });

      // Both instances scan the same day at once.
      const count = async () =>
        (await first.db.query<{ n: number }>('SELECT count(*)::int AS n FROM gap_notices')).rows[0]!
          .n;
      const before = await count();
      const results = await Promise.all(apps.map((app) => app.notifications.scan(at(due, -14))));
      const { rows } = await first.db.query<{ notices: number }>(
        `SELECT count(*)::int AS notices FROM gap_notices n JOIN gaps g ON g.id = n.gap_id
         WHERE g.target_company_id = $1`,
        [tenant.targetCompanyId],
      );
      expect(rows[0]!.notices).toBe(1);
      // Each company's day was taken by one of them: together they recorded each notice once.
      expect(results[0]!.notices + results[1]!.notices).toBe((await count()) - before);
      // Through the queue: a scan job for the next reminder's day, sent from both, run by one. The
      // queue keeps one scan waiting at most: a send while a start-up or scheduled scan waits is
      // dropped, so the first instance sends until its job is taken.
      const scanJob = { now: at(due, -7).toISOString() };
      await waitFor(
        async () => (await first.notifications.queue.send(SCAN_QUEUE, scanJob)) !== null,
        'the scan job to be queued',
      );
      await apps[1]!.notifications.queue.send(SCAN_QUEUE, scanJob);
      await waitFor(async () => mailAbout(mail, gapName).length >= 10, 'both reminders');
      await Promise.all(apps.map((app) => emailsSettled(app)));
      const reminders = mailAbout(mail, gapName);
      expect([...new Set(reminders.map((message) => message.subject))].sort()).toEqual([
        `Due in 14 days: ${gapName} (Verity)`,
        `Due in 7 days: ${gapName} (Verity)`,
      ]);
      for (const subject of new Set(reminders.map((message) => message.subject)))
        expect(recipientsOf(reminders.filter((m) => m.subject === subject))).toEqual(
          workersOf(tenant),
        );
    });
  },
);
