// The daily scan's monitoring report notices (docs/decisions/0094-annual-monitoring-reports.md) over
// a fake clock: reminders 14, 7 and 1 days before the due date to the company, the overdue notice
// the day after to the company and the client, each once however often the day is scanned; nothing
// for a report handed in, nor for a company whose client has not set its rule.
import type { FastifyInstance } from 'fastify';
import { startMailCatcher, type MailCatcher } from '../../../tooling/mail/mail-catcher';
import { buildTestApp } from '../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import { at, createTenant, emailsSettled, recipientsOf, type Tenant } from './world';

let mail: MailCatcher;
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(() => mail?.stop());

/** The company's users who are not viewers; with the client's, those told of an overdue report. */
const companyPeople = (tenant: Tenant) =>
  (['owner', 'admin', 'editor'] as const).map((role) => tenant.users.targetCompany[role].email);
const clientPeople = (tenant: Tenant) =>
  (['owner', 'admin', 'editor'] as const).map((role) => tenant.users.client[role].email);

describe.each(databaseKinds)('monitoring report notices of the daily scan on %s', (kind) => {
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

  /** A tenant whose client reports annually to 31 December, due 60 days after (1 March). */
  async function reportingTenant(name: string, timeZone?: string) {
    const tenant = await createTenant(app.db, name, timeZone, { digest: false });
    await app.db.query(
      `INSERT INTO monitoring_report_rules (target_company_id, frequency, year_end_month, year_end_day, due_days)
       VALUES ($1, 'annual', 12, 31, 60)`,
      [tenant.targetCompanyId],
    );
    return tenant;
  }

  /** Scans each day (twice), and answers each day's new messages about the tenant: subject and recipients. */
  async function scanDays(tenant: Tenant, days: string[]) {
    const seen = new Set<string>();
    const byDay: Record<string, [string, string[]][]> = {};
    for (const day of days) {
      await app.notifications.scan(at(day, 0));
      await app.notifications.scan(at(day, 0, 20));
      await emailsSettled(app);
      const fresh = mail
        .messages()
        .filter((message) => message.subject.includes(tenant.companyName) && !seen.has(message.id));
      for (const message of fresh) seen.add(message.id);
      const subjects = [...new Set(fresh.map((message) => message.subject))];
      byDay[day] = subjects.map((subject) => [
        subject.replace(' (Verity)', ''),
        recipientsOf(fresh.filter((message) => message.subject === subject)),
      ]);
    }
    return byDay;
  }

  it('reminds the company 14, 7 and 1 days before, and tells company and client the day after, once each', async () => {
    const tenant = await reportingTenant(`Kayseri Tekstil ${kind}`, 'Europe/Istanbul');
    const name = tenant.companyName;
    const days = [
      '2030-02-14',
      '2030-02-15',
      '2030-02-22',
      '2030-02-28',
      '2030-03-01',
      '2030-03-02',
      '2030-03-03',
    ];
    expect(await scanDays(tenant, days)).toEqual({
      '2030-02-14': [],
      '2030-02-15': [[`Monitoring report due in 14 days: ${name}`, companyPeople(tenant).sort()]],
      '2030-02-22': [[`Monitoring report due in 7 days: ${name}`, companyPeople(tenant).sort()]],
      '2030-02-28': [[`Monitoring report due in 1 day: ${name}`, companyPeople(tenant).sort()]],
      '2030-03-01': [],
      '2030-03-02': [
        [
          `Monitoring report overdue: ${name}`,
          [...companyPeople(tenant), ...clientPeople(tenant)].sort(),
        ],
      ],
      '2030-03-03': [],
    });
    // Before the report is started, the row is about the company's reports.
    const { rows } = await app.db.query(
      `SELECT kind, link, target_company_id, monitoring_report_id, gap_id, action_plan_id
       FROM notifications WHERE user_id = $1 ORDER BY created_at`,
      [tenant.users.client.owner.id],
    );
    expect(rows).toEqual([
      {
        kind: 'reportOverdue',
        link: `/client/target-companies/${tenant.targetCompanyId}/monitoring-reports`,
        target_company_id: tenant.targetCompanyId,
        monitoring_report_id: null,
        gap_id: null,
        action_plan_id: null,
      },
    ]);
  });

  // Each reader's e-mail in the language they chose (decision 0109), English while they chose none;
  // the company's name as written, dates as e-mails always wrote them.
  it("writes the reminder in each reader's language", async () => {
    const tenant = await reportingTenant(`Lingua Reports ${kind}`);
    const company = tenant.users.targetCompany;
    const name = tenant.companyName;
    for (const [user, language] of [
      [company.owner, 'tr'],
      [company.admin, 'ar'],
    ] as const)
      await app.db.query('UPDATE users SET language = $2 WHERE id = $1', [user.id, language]);
    await app.notifications.scan(at('2030-02-28', 0));
    await emailsSettled(app);
    for (const expected of [
      {
        to: company.owner.email,
        subject: `İzleme raporunun son tarihine 1 gün kaldı: ${name} (Verity)`,
        body: `${name} şirketinin 31 December 2029 tarihinde sona eren döneme ait izleme raporunun son tarihi: 1 March 2030.`,
        open: 'Raporu aç: http',
        html: '<html lang="tr"><body',
      },
      {
        to: company.admin.email,
        subject: `تقرير الرصد مستحق خلال يوم واحد: ${name} (Verity)`,
        body: `تقرير الرصد الخاص بـ ${name} للفترة المنتهية في 31 December 2029 مستحق في 1 March 2030.`,
        open: 'فتح التقرير: http',
        html: '<html lang="ar" dir="rtl"><body',
      },
      {
        to: company.editor.email,
        subject: `Monitoring report due in 1 day: ${name} (Verity)`,
        body: `The monitoring report of ${name} for the period ending 31 December 2029 is due on 1 March 2030.`,
        open: 'Open the report: http',
        html: '<html lang="en"><body',
      },
    ]) {
      const [message, ...more] = mail.messagesTo(expected.to);
      expect(more).toEqual([]);
      expect(message!.subject).toBe(expected.subject);
      expect(message!.text).toContain(expected.body);
      expect(message!.text).toContain(expected.open);
      expect(message!.html).toContain(expected.html);
    }
  });

  it('sends nothing for a report submitted, nor for a company whose client has set no rule', async () => {
    const handedIn = await reportingTenant(`Handed In ${kind}`);
    await app.db.query(
      `INSERT INTO monitoring_reports (target_company_id, period_start, period_end, due_on, status)
       VALUES ($1, '2029-01-01', '2029-12-31', '2030-03-01', 'submitted')`,
      [handedIn.targetCompanyId],
    );
    const unruled = await createTenant(app.db, `No Rule ${kind}`, 'UTC', { digest: false });
    const days = ['2031-02-15', '2031-03-02'];
    // The handed-in tenant's next period (2030) is reminded as usual; 2029's is not.
    const handedInMail = await scanDays(handedIn, days);
    expect(
      Object.values(handedInMail)
        .flat()
        .map(([subject]) => subject),
    ).toEqual([
      `Monitoring report due in 14 days: ${handedIn.companyName}`,
      `Monitoring report overdue: ${handedIn.companyName}`,
    ]);
    expect(await scanDays(unruled, days)).toEqual({ '2031-02-15': [], '2031-03-02': [] });
  });
});
