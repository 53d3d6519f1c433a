// The daily scan over a fake clock: a gap's whole life (reminders 14, 7 and 1 days before, overdue
// the day after, escalation 7 days after, nothing once closed or pending), run twice on one day, a
// moved due date, a missed day, time zones, a removed user, other tenants, and the Monday digest.
// E-mails go through the job queue's worker to a real SMTP server in process. The tenants of the
// tests not about the digest have it switched off, so a Monday (or the Tuesday that catches a missed
// Monday up) queues none of theirs, and their mail is the scan's alone. The database has no demo
// data: its gaps, long overdue on the tests' days, would be notified on the first scan.
import type { FastifyInstance } from 'fastify';
import { startMailCatcher, type MailCatcher } from '../../../tooling/mail/mail-catcher';
import { EMAIL_QUEUE } from '../../src/notifications/job-queue';
import { buildTestApp, TEST_PUBLIC_URL } from '../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import {
  addGap,
  at,
  createTenant,
  emailsSettled,
  mailAbout,
  recipientsOf,
  shiftDay,
  type Tenant,
} from './world';

let mail: MailCatcher;
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(() => mail?.stop());

/** Who hears of reminders and overdue gaps: the company's non-viewers, the firm's owners and admins. */
const workers = (tenant: Tenant) =>
  [
    tenant.users.targetCompany.owner.email,
    tenant.users.targetCompany.admin.email,
    tenant.users.targetCompany.editor.email,
    tenant.users.auditor.owner.email,
    tenant.users.auditor.admin.email,
  ].sort();
/** Who hears of escalations: the client's owners and admins. */
const escalated = (tenant: Tenant) =>
  [tenant.users.client.owner.email, tenant.users.client.admin.email].sort();

describe.each(databaseKinds)('the daily scan on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { template: 'migrated' });
    app = await buildTestApp(database, { SMTP_URL: mail.smtpUrl, SEED_DEMO: '0' });
    await app.notifications.startWorkers({ scan: false, email: true, pollingIntervalSeconds: 0.5 });
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  /** A tenant of a test that is not about the digest: its users have switched it off. */
  const tenantWithoutDigest = (name: string, timeZone?: string) =>
    createTenant(app.db, name, timeZone, { digest: false });

  /** Runs the scan at `now` and waits for its e-mails; answers the new messages about `gapName`. */
  async function scanAt(now: Date, gapName: string) {
    const before = new Set(mailAbout(mail, gapName).map((message) => message.id));
    await app.notifications.scan(now);
    await emailsSettled(app);
    return mailAbout(mail, gapName).filter((message) => !before.has(message.id));
  }

  it("sends each reminder, the overdue notice and the escalation on its day over a gap's life, and nothing once a gap is closed or pending", async () => {
    const due = '2030-04-17';
    const tenant = await tenantWithoutDigest(`Kestrel ${kind}`);
    const gapName = `Leaking tank ${kind}`;
    const gapId = await addGap(app.db, tenant, gapName, `${due}T00:00:00Z`);
    const closedName = `Broken meter ${kind}`;
    const closedId = await addGap(app.db, tenant, closedName, `${due}T00:00:00Z`);
    const pendingName = `Missing permit ${kind}`;
    const pendingId = await addGap(app.db, tenant, pendingName, `${due}T00:00:00Z`);

    const expected: [number, string | null, string[]][] = [
      [-20, null, []],
      [-15, null, []],
      [-14, `Due in 14 days: ${gapName}`, workers(tenant)],
      [-13, null, []],
      [-7, `Due in 7 days: ${gapName}`, workers(tenant)],
      [-3, null, []],
      [-1, `Due in 1 day: ${gapName}`, workers(tenant)],
      [0, null, []],
      [1, `Overdue: ${gapName}`, workers(tenant)],
      [2, null, []],
      [7, `Overdue for 7 days: ${gapName}`, escalated(tenant)],
      [8, null, []],
      [30, null, []],
    ];
    for (const [day, subject, to] of expected) {
      if (day === -3) {
        await app.db.query(`UPDATE gaps SET status = 'closed' WHERE id = $1`, [closedId]);
        await app.db.query(`UPDATE gaps SET status = 'pending' WHERE id = $1`, [pendingId]);
      }
      const received = await scanAt(at(due, day), gapName);
      expect({ day, subjects: [...new Set(received.map((m) => m.subject))] }).toEqual({
        day,
        subjects: subject ? [`${subject} (Verity)`] : [],
      });
      expect({ day, to: recipientsOf(received) }).toEqual({ day, to });
    }
    // The closed and the pending gap had their reminders until day -3, then nothing.
    expect([...new Set(mailAbout(mail, closedName).map((m) => m.subject))]).toEqual([
      `Due in 14 days: ${closedName} (Verity)`,
      `Due in 7 days: ${closedName} (Verity)`,
    ]);
    expect(mailAbout(mail, pendingName)).toHaveLength(2 * workers(tenant).length);

    // The e-mail: the gap in the reader's own area, absolute, and their settings.
    const [toCompany] = mail
      .messagesTo(tenant.users.targetCompany.editor.email)
      .filter((m) => m.subject.startsWith(`Overdue: ${gapName}`));
    const companyLink = `${TEST_PUBLIC_URL}/target-company/auditors/${tenant.auditorId}/${tenant.auditId}/action-plans/${tenant.actionPlanId}?gap_id=${gapId}`;
    expect(toCompany!.text).toContain(companyLink);
    expect(toCompany!.text).toContain(`${TEST_PUBLIC_URL}/target-company/notification-settings`);
    expect(toCompany!.text).toContain('was due on 17 April 2030');
    expect(toCompany!.html).toContain(companyLink.replace(/&/g, '&amp;'));
    const [toAuditor] = mail
      .messagesTo(tenant.users.auditor.admin.email)
      .filter((m) => m.subject.startsWith(`Due in 1 day: ${gapName}`));
    expect(toAuditor!.text).toContain(
      `${TEST_PUBLIC_URL}/auditor/target-companies/${tenant.targetCompanyId}/audits/${tenant.auditId}/action-plans/${tenant.actionPlanId}?gap_id=${gapId}`,
    );
    const [toClient] = mail
      .messagesTo(tenant.users.client.owner.email)
      .filter((m) => m.subject.startsWith('Overdue for 7 days'));
    expect(toClient!.text).toContain(
      `${TEST_PUBLIC_URL}/client/target-companies/${tenant.targetCompanyId}/auditors/${tenant.auditorId}/${tenant.auditId}/action-plans/${tenant.actionPlanId}?gap_id=${gapId}`,
    );
    expect(toClient!.text).toContain('Escalations cannot be switched off.');

    // The bell has the same notices, newest first, linked in the reader's area.
    const { rows } = await app.db.query<{ title: string; link: string }>(
      `SELECT title, link FROM notifications WHERE user_id = $1 AND gap_id = $2
       ORDER BY created_at DESC, id DESC`,
      [tenant.users.targetCompany.owner.id, gapId],
    );
    expect(rows.map((row) => row.title).sort()).toEqual(
      [
        `Due in 14 days: ${gapName}`,
        `Due in 7 days: ${gapName}`,
        `Due in 1 day: ${gapName}`,
        `Overdue: ${gapName}`,
      ].sort(),
    );
    expect(new Set(rows.map((row) => row.link))).toEqual(
      new Set([companyLink.slice(TEST_PUBLIC_URL.length)]),
    );
    // Each row is about the gap: its plan and company, no monitoring report.
    const about = await app.db.query(
      `SELECT DISTINCT action_plan_id, target_company_id, monitoring_report_id FROM notifications
       WHERE user_id = $1 AND gap_id = $2`,
      [tenant.users.targetCompany.owner.id, gapId],
    );
    expect(about.rows).toEqual([
      {
        action_plan_id: tenant.actionPlanId,
        target_company_id: tenant.targetCompanyId,
        monitoring_report_id: null,
      },
    ]);
  });

  it('sends nothing twice when the scan runs twice on one day, even with its day forgotten', async () => {
    const due = '2030-05-22';
    const tenant = await tenantWithoutDigest(`Twice ${kind}`);
    const gapName = `Twice gap ${kind}`;
    const gapId = await addGap(app.db, tenant, gapName, `${due}T00:00:00Z`);
    expect(await scanAt(at(due, -7), gapName)).toHaveLength(5);
    expect(await scanAt(at(due, -7, 15), gapName)).toHaveLength(0);
    // Without the day's record, the database's key per gap, kind and day still holds.
    await app.db.query('DELETE FROM notification_scan_days WHERE target_company_id = $1', [
      tenant.targetCompanyId,
    ]);
    expect(await scanAt(at(due, -7, 16), gapName)).toHaveLength(0);
    await expect(
      app.db.query(
        `INSERT INTO gap_notices (gap_id, kind, due_date, notice_day, days)
         SELECT gap_id, kind, due_date, notice_day, days FROM gap_notices WHERE gap_id = $1`,
        [gapId],
      ),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('plans anew when the due date moves: nothing is sent for the old date', async () => {
    const due = '2030-06-19';
    const later = shiftDay(due, 7);
    const tenant = await tenantWithoutDigest(`Moved ${kind}`);
    const gapName = `Moved gap ${kind}`;
    const gapId = await addGap(app.db, tenant, gapName, `${due}T00:00:00Z`);
    expect((await scanAt(at(due, -7), gapName)).map((m) => m.subject)).toContain(
      `Due in 7 days: ${gapName} (Verity)`,
    );
    await app.db.query('UPDATE gaps SET due_date = $2 WHERE id = $1', [
      gapId,
      `${later}T00:00:00Z`,
    ]);
    expect(await scanAt(at(due, -1), gapName)).toEqual([]);
    expect(new Set((await scanAt(at(due, 0), gapName)).map((m) => m.subject))).toEqual(
      new Set([`Due in 7 days: ${gapName} (Verity)`]),
    );
    expect(await scanAt(at(due, 1), gapName)).toEqual([]);
    expect(new Set((await scanAt(at(later, -1), gapName)).map((m) => m.subject))).toEqual(
      new Set([`Due in 1 day: ${gapName} (Verity)`]),
    );

    // A reminder queued before the move is not sent after it.
    await app.notifications.queue.offWork(EMAIL_QUEUE);
    const newer = shiftDay(later, 14);
    const { notices } = await app.notifications.scan(at(later, 1));
    expect(notices).toBeGreaterThan(0);
    await app.db.query('UPDATE gaps SET due_date = $2 WHERE id = $1', [
      gapId,
      `${newer}T00:00:00Z`,
    ]);
    await app.notifications.startWorkers({ scan: false, email: true, pollingIntervalSeconds: 0.5 });
    await emailsSettled(app);
    expect(mailAbout(mail, gapName).filter((m) => m.subject.startsWith('Overdue'))).toEqual([]);
  });

  it('catches up a missed day, and never sends a new gap the reminders of days before it', async () => {
    const due = '2030-07-26';
    const tenant = await tenantWithoutDigest(`Missed ${kind}`);
    const gapName = `Missed gap ${kind}`;
    await addGap(app.db, tenant, gapName, `${due}T00:00:00Z`);
    expect(await scanAt(at(due, -16), gapName)).toEqual([]);
    // Days -15 and -14 had no scan (no process ran); day -13 sends the reminder of day -14.
    const caughtUp = await scanAt(at(due, -13), gapName);
    expect(new Set(caughtUp.map((m) => m.subject))).toEqual(
      new Set([`Due in 13 days: ${gapName} (Verity)`]),
    );
    expect(recipientsOf(caughtUp)).toEqual(workers(tenant));
    // A gap created today, due in 10 days: its 14-day reminder's day passed before it existed.
    const newName = `New gap ${kind}`;
    await addGap(app.db, tenant, newName, `${shiftDay(due, -3)}T00:00:00Z`);
    expect(await scanAt(at(due, -12), newName)).toEqual([]);
    expect(new Set((await scanAt(at(due, -10), newName)).map((m) => m.subject))).toEqual(
      new Set([`Due in 7 days: ${newName} (Verity)`]),
    );
  });

  it("counts days in the company's time zone, from its scan hour", async () => {
    const auckland = await tenantWithoutDigest(`Auckland ${kind}`, 'Pacific/Auckland');
    const utc = await tenantWithoutDigest(`Greenwich ${kind}`);
    const aucklandGap = `Kauri gap ${kind}`;
    const utcGap = `Thames gap ${kind}`;
    // Both picked 15 August 2030: midnight in each company's own zone (NZST is UTC+12).
    await addGap(app.db, auckland, aucklandGap, '2030-08-14T12:00:00Z');
    await addGap(app.db, utc, utcGap, '2030-08-15T00:00:00Z');
    // 06:30 on 14 August in Auckland: before the scan hour (7).
    expect(await scanAt(new Date('2030-08-13T18:30:00Z'), aucklandGap)).toEqual([]);
    // 07:30 in Auckland, 19:30 on the 13th in London: the day before the due date in Auckland only.
    const aucklandReminder = await scanAt(new Date('2030-08-13T19:30:00Z'), aucklandGap);
    expect(new Set(aucklandReminder.map((m) => m.subject))).toEqual(
      new Set([`Due in 1 day: ${aucklandGap} (Verity)`]),
    );
    expect(await scanAt(new Date('2030-08-13T19:45:00Z'), utcGap)).toEqual([]);
    expect(
      new Set((await scanAt(new Date('2030-08-14T08:00:00Z'), utcGap)).map((m) => m.subject)),
    ).toEqual(new Set([`Due in 1 day: ${utcGap} (Verity)`]));
    // 07:30 on 16 August in Auckland: overdue there; still the due day (15th) in London.
    expect(
      new Set((await scanAt(new Date('2030-08-15T19:30:00Z'), aucklandGap)).map((m) => m.subject)),
    ).toEqual(new Set([`Overdue: ${aucklandGap} (Verity)`]));
    expect(await scanAt(new Date('2030-08-15T19:45:00Z'), utcGap)).toEqual([]);
    expect(
      new Set((await scanAt(new Date('2030-08-16T08:00:00Z'), utcGap)).map((m) => m.subject)),
    ).toEqual(new Set([`Overdue: ${utcGap} (Verity)`]));
  });

  it('sends nothing to a user removed from the organisation, before or after the notice was queued', async () => {
    const due = '2030-09-18';
    const tenant = await tenantWithoutDigest(`Removed ${kind}`);
    const gapName = `Removed gap ${kind}`;
    await addGap(app.db, tenant, gapName, `${due}T00:00:00Z`);
    const editor = tenant.users.targetCompany.editor;
    const admin = tenant.users.auditor.admin;
    await app.db.query('DELETE FROM users WHERE id = $1', [editor.id]);
    const first = await scanAt(at(due, -14), gapName);
    expect(recipientsOf(first)).toEqual(workers(tenant).filter((to) => to !== editor.email));

    await app.notifications.queue.offWork(EMAIL_QUEUE);
    await app.notifications.scan(at(due, -7));
    await app.db.query('DELETE FROM users WHERE id = $1', [admin.id]);
    await app.notifications.startWorkers({ scan: false, email: true, pollingIntervalSeconds: 0.5 });
    await emailsSettled(app);
    const second = mailAbout(mail, gapName).filter((m) => m.subject.startsWith('Due in 7 days'));
    expect(recipientsOf(second)).toEqual(
      workers(tenant).filter((to) => to !== editor.email && to !== admin.email),
    );
  });

  it("never names another tenant's data", async () => {
    const due = '2030-10-16';
    const first = await tenantWithoutDigest(`Osprey ${kind}`);
    const second = await tenantWithoutDigest(`Pelican ${kind}`);
    await addGap(app.db, first, `Osprey gap ${kind}`, `${due}T00:00:00Z`);
    await addGap(app.db, second, `Pelican gap ${kind}`, `${due}T00:00:00Z`);
    for (const day of [-7, 1, 7]) await app.notifications.scan(at(due, day));
    await emailsSettled(app);
    for (const [own, other] of [
      [first, second],
      [second, first],
    ] as const) {
      const addresses = Object.values(own.users).flatMap((roles) =>
        Object.values(roles).map((user) => user.email),
      );
      const received = addresses.flatMap((address) => mail.messagesTo(address));
      expect(received.length).toBeGreaterThan(0);
      for (const message of received) {
        expect(`${message.subject}\n${message.text}\n${message.html}`).not.toContain(other.name);
      }
    }
  });

  it('sends each joined user a Monday digest of their gaps due soon, overdue and awaiting review; none to a user with nothing or not joined yet', async () => {
    const monday = '2030-11-04';
    const tenant = await createTenant(app.db, `Digest ${kind}`);
    const empty = await createTenant(app.db, `Quiet ${kind}`);
    const late = await addGap(
      app.db,
      tenant,
      `Late digest gap ${kind}`,
      `${shiftDay(monday, -10)}T00:00:00Z`,
    );
    // An ESAP item: the digest names it by its number first, as the lender does.
    await app.db.query(`UPDATE gaps SET esap_item_number = '2.3a' WHERE id = $1`, [late]);
    await addGap(app.db, tenant, `Soon digest gap ${kind}`, `${shiftDay(monday, 5)}T00:00:00Z`);
    await addGap(
      app.db,
      tenant,
      `Waiting digest gap ${kind}`,
      `${shiftDay(monday, 3)}T00:00:00Z`,
      'pending',
    );
    await addGap(
      app.db,
      tenant,
      `Done digest gap ${kind}`,
      `${shiftDay(monday, -3)}T00:00:00Z`,
      'closed',
    );
    await addGap(app.db, tenant, `Far digest gap ${kind}`, `${shiftDay(monday, 40)}T00:00:00Z`);
    // The company owner wants no digest.
    await app.db.query(
      `INSERT INTO notification_preferences (user_id, kind, email, in_app) VALUES ($1, 'digest', false, false)`,
      [tenant.users.targetCompany.owner.id],
    );
    // Invited, not joined yet (no account bound to the membership): no digest.
    const invited = `invited.editor.${kind}@digest.test`;
    await app.db.query(
      `INSERT INTO users (email, fullname, user_type, role, target_company_id)
       VALUES ($1, 'Invited Editor', 'targetCompany', 'editor', $2)`,
      [invited, tenant.targetCompanyId],
    );
    const digestsTo = (address: string) =>
      mail.messagesTo(address).filter((m) => m.subject.startsWith('Your week on Verity'));

    // Sunday, and Monday before the scan hour: no digest yet.
    await app.notifications.scan(at(monday, -1));
    await app.notifications.scan(at(monday, 0, 6));
    await emailsSettled(app);
    expect(digestsTo(tenant.users.targetCompany.editor.email)).toEqual([]);

    await app.notifications.scan(at(monday, 0, 8));
    await app.notifications.scan(at(monday, 0, 9));
    await emailsSettled(app);
    const [digest, ...more] = digestsTo(tenant.users.targetCompany.editor.email);
    expect(more).toEqual([]);
    expect(digest!.subject).toBe('Your week on Verity: 4 November 2030');
    const overdueAt = digest!.text.indexOf('Overdue (1)');
    const soonAt = digest!.text.indexOf('Due in the next 14 days (1)');
    const waitingAt = digest!.text.indexOf('Awaiting closure review (1)');
    expect([overdueAt, soonAt, waitingAt].every((index) => index > 0)).toBe(true);
    expect(digest!.text.indexOf(`- 2.3a Late digest gap ${kind}: `)).toBeGreaterThan(overdueAt);
    expect(digest!.text.indexOf(`Soon digest gap ${kind}`)).toBeGreaterThan(soonAt);
    expect(digest!.text.indexOf(`Waiting digest gap ${kind}`)).toBeGreaterThan(waitingAt);
    expect(digest!.text).not.toContain('Done digest gap');
    expect(digest!.text).not.toContain('Far digest gap');
    expect(digest!.text).toContain(
      `${TEST_PUBLIC_URL}/target-company/auditors/${tenant.auditorId}/`,
    );
    expect(digest!.html).toMatch(new RegExp(`>2\\.3a Late digest gap ${kind}</a>: `));
    // Every user of the tenant's three organisations gets one, viewers too, but not who switched it off.
    for (const userType of ['client', 'auditor', 'targetCompany'] as const)
      for (const [role, user] of Object.entries(tenant.users[userType]))
        expect({ userType, role, digests: digestsTo(user.email).length }).toEqual({
          userType,
          role,
          digests: userType === 'targetCompany' && role === 'owner' ? 0 : 1,
        });
    expect(digestsTo(invited)).toEqual([]);
    // The quiet tenant has no gap: no digest for anyone.
    for (const roles of Object.values(empty.users))
      for (const user of Object.values(roles)) expect(digestsTo(user.email)).toEqual([]);
  });

  // The digest in each reader's language (decision 0109), English while they chose none; the names
  // of gaps, plans and companies as written, dates as e-mails always wrote them.
  it("writes each digest in its reader's language", async () => {
    const monday = '2030-11-18';
    const tenant = await createTenant(app.db, `Lingua ${kind}`);
    await addGap(app.db, tenant, `Lingua gap ${kind}`, `${shiftDay(monday, -4)}T00:00:00Z`);
    const readers = tenant.users.targetCompany;
    for (const [user, language] of [
      [readers.editor, 'tr'],
      [readers.admin, 'ar'],
    ] as const)
      await app.db.query('UPDATE users SET language = $2 WHERE id = $1', [user.id, language]);
    await app.notifications.scan(at(monday, 0, 8));
    await emailsSettled(app);
    const where = `Lingua ${kind} water plan, Lingua ${kind} Foods`;
    for (const expected of [
      {
        to: readers.editor.email,
        subject: 'Verity’de haftanız: 18 November 2030',
        lines: [
          `Merhaba Lingua ${kind} targetCompany editor,`,
          '18 November 2030 haftası için bulgularınız.',
          'Gecikmiş olanlar (1)',
          `- Lingua gap ${kind}: ${where}, son tarih 14 November 2030`,
          'Hangi bildirimleri alacağınızı seçin: ',
        ],
        html: '<html lang="tr"><body',
      },
      {
        to: readers.admin.email,
        subject: 'أسبوعك على Verity: 18 November 2030',
        lines: [
          `مرحبًا Lingua ${kind} targetCompany admin،`,
          'فجواتك لأسبوع 18 November 2030.',
          'متأخرة (1)',
          `- Lingua gap ${kind}: Lingua ${kind} water plan، Lingua ${kind} Foods، مستحقة في 14 November 2030`,
        ],
        html: '<html lang="ar" dir="rtl"><body',
      },
      {
        to: readers.viewer.email,
        subject: 'Your week on Verity: 18 November 2030',
        lines: [
          `Hello Lingua ${kind} targetCompany viewer,`,
          'Overdue (1)',
          `- Lingua gap ${kind}: ${where}, due 14 November 2030`,
        ],
        html: '<html lang="en"><body',
      },
    ]) {
      // (The gap's overdue notice came too, in the same language.)
      const digests = mail.messagesTo(expected.to).filter((m) => m.subject === expected.subject);
      expect(digests).toHaveLength(1);
      for (const line of expected.lines) expect(digests[0]!.text).toContain(line);
      expect(digests[0]!.html).toContain(expected.html);
    }
  });

  it("catches up a Monday without a scan on Tuesday, once, under that Monday's date", async () => {
    const monday = '2030-11-11';
    const tenant = await createTenant(app.db, `Missed Monday ${kind}`);
    await addGap(app.db, tenant, `Missed Monday gap ${kind}`, `${shiftDay(monday, -4)}T00:00:00Z`);
    const digestsTo = (address: string) =>
      mail.messagesTo(address).filter((m) => m.subject.startsWith('Your week on Verity'));

    // No scan ran on Monday: Tuesday's first scan sends the week's digest, later ones nothing more.
    await app.notifications.scan(at(monday, 1, 8));
    await app.notifications.scan(at(monday, 1, 12));
    await app.notifications.scan(at(monday, 2, 8));
    await emailsSettled(app);
    const digests = digestsTo(tenant.users.targetCompany.editor.email);
    expect(digests.map((digest) => digest.subject)).toEqual([
      'Your week on Verity: 11 November 2030',
    ]);
    expect(digests[0]!.text).toContain(`Missed Monday gap ${kind}`);
  });
});
