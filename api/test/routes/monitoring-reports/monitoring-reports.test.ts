// The annual monitoring report cycle through the API (docs/decisions/0094-annual-monitoring-reports.md):
// the client's reporting rule, the company's draft with the ESAP figures pre-filled, submission as a
// frozen version, a request for changes with per-section comments, the second version accepted, the
// PDF with its review trail, the bell and e-mail of each step, and the portfolio's report states.
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  REPORT_ALREADY_STARTED,
  REPORT_CHANGES_NEED_COMMENT,
  REPORT_NOT_ACCEPTED,
  REPORT_NOT_EDITABLE,
  REPORT_SECTIONS_EMPTY,
  REPORT_STALE,
  type CompanyReports,
  type MonitoringReport,
} from '@verity/shared-api/src/server';
import { startMailCatcher, type MailCatcher } from '../../../../tooling/mail/mail-catcher';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, type TestDatabase } from '../../support/databases';
import { pdfText } from '../../support/pdf-text';
import { injectAs, sessionOfMembership } from '../../support/session';
import {
  addGap,
  createTenant,
  emailsSettled,
  recipientsOf,
  shiftDay,
  type Tenant,
} from '../../notifications/world';

let mail: MailCatcher;
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(() => mail?.stop());

describe('annual monitoring reports', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let tenant: Tenant;
  let other: Tenant;
  let tokenUserId: string;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    app = await buildTestApp(database, { SMTP_URL: mail.smtpUrl });
    await app.notifications.startWorkers({ scan: false, email: true, pollingIntervalSeconds: 0.5 });
    tenant = await createTenant(app.db, 'Anadolu Rüzgâr Enerji Üretim');
    other = await createTenant(app.db, 'Société Générale des Eaux du Sahel');
    // Another system acting as the client's admin (an API token): it is told of nothing.
    const { rows } = await app.db.query<{ id: string }>(
      `INSERT INTO users (email, fullname, user_type, role, client_id, kind)
       VALUES ('lender-sync@token.test', 'Lender sync', 'client', 'admin', $1, 'token') RETURNING id`,
      [tenant.clientId],
    );
    tokenUserId = rows[0]!.id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  type UserType = keyof Tenant['users'];
  type Role = keyof Tenant['users']['client'];
  async function as(userType: UserType, role: Role, options: InjectOptions, of = tenant) {
    const session = await sessionOfMembership(app, of.users[userType][role].id);
    return injectAs(app, session, options);
  }
  const listUrl = (companyId = tenant.targetCompanyId) =>
    `/api/v1/target-company/${companyId}/monitoring-reports`;
  const reportUrl = (id: string, tail = '') => `/api/v1/monitoring-report/${id}${tail}`;
  async function ok<T>(answer: Promise<{ statusCode: number; json(): unknown }>, status = 200) {
    const response = await answer;
    expect({ status: response.statusCode, body: response.json() }).toMatchObject({ status });
    return (response.json() as { data: T }).data;
  }
  const refusal = async (
    answer: Promise<{ statusCode: number; json(): unknown }>,
  ): Promise<[number, string]> => {
    const response = await answer;
    return [response.statusCode, (response.json() as { message: string }).message];
  };
  const bell = async (userId: string) =>
    (
      await app.db.query<{ kind: string; title: string; link: string }>(
        `SELECT kind, title, link FROM notifications WHERE user_id = $1 AND kind LIKE 'report%'
         ORDER BY created_at, id`,
        [userId],
      )
    ).rows;
  const mailAbout = (companyName: string) =>
    mail.messages().filter((message) => message.subject.includes(companyName));

  let report: MonitoringReport;

  it('answers the default rule until the client sets one, and the rule as set after', async () => {
    const before = await ok<CompanyReports>(
      as('targetCompany', 'viewer', { method: 'GET', url: listUrl() }),
    );
    expect(before.rule).toEqual({
      frequency: 'annual',
      yearEnd: '12-31',
      dueDays: 60,
      isDefault: true,
    });
    expect(before).toMatchObject({ canManageRule: false, canPrepare: false, reports: [] });
    expect(before.openPeriods[0]!.end.slice(5)).toBe('12-31');

    const saved = await ok<{ rule: unknown }>(
      as('client', 'editor', {
        method: 'PUT',
        url: `/api/v1/target-company/${tenant.targetCompanyId}/report-rule`,
        payload: { frequency: 'semiAnnual', yearEnd: '12-31', dueDays: 365 },
      }),
    );
    expect(saved.rule).toEqual({
      frequency: 'semiAnnual',
      yearEnd: '12-31',
      dueDays: 365,
      isDefault: false,
    });
    const after = await ok<CompanyReports>(
      as('targetCompany', 'editor', { method: 'GET', url: listUrl() }),
    );
    expect(after).toMatchObject({ canPrepare: true, canManageRule: false });
    // Semi-annual: the periods end on 30 June and 31 December, newest first, each due a year after.
    expect(after.openPeriods.map((period) => period.end.slice(5))).toEqual(
      after.openPeriods[0]!.end.endsWith('06-30')
        ? ['06-30', '12-31', '06-30', '12-31']
        : ['12-31', '06-30', '12-31', '06-30'],
    );
    expect(after.openPeriods[0]!.dueOn).toBe(shiftDay(after.openPeriods[0]!.end, 365));
  });

  it('starts a draft with the ESAP figures of its period pre-filled, once per period', async () => {
    const { openPeriods } = await ok<CompanyReports>(
      as('targetCompany', 'editor', { method: 'GET', url: listUrl() }),
    );
    const period = openPeriods[0]!;
    const inPeriod = `${shiftDay(period.start, 10)}T09:00:00Z`;
    // Two items closed in the period (one before it), one overdue, one open and due later.
    const closedIn = await addGap(app.db, tenant, '1.1 Grievance mechanism', inPeriod, 'closed');
    const closedIn2 = await addGap(app.db, tenant, '1.2 Emergency plan', inPeriod, 'closed');
    const closedBefore = await addGap(app.db, tenant, '1.3 ESMS manual', inPeriod, 'closed');
    await addGap(app.db, tenant, '2.1 Bird monitoring', '2020-01-01T00:00:00Z');
    await addGap(app.db, tenant, '2.2 Noise survey', '2099-01-01T00:00:00Z');
    for (const [gapId, at] of [
      [closedIn, inPeriod],
      [closedIn2, inPeriod],
      [closedBefore, `${shiftDay(period.start, -3)}T09:00:00Z`],
    ])
      await app.db.query(
        `INSERT INTO gap_status_history (gap_id, status, changed_at) VALUES ($1, 'closed', $2)`,
        [gapId, at],
      );

    report = (
      await ok<{ report: MonitoringReport }>(
        as('targetCompany', 'editor', {
          method: 'POST',
          url: listUrl(),
          payload: { periodEnd: period.end },
        }),
        201,
      )
    ).report;
    expect(report).toMatchObject({
      status: 'draft',
      state: 'due',
      period,
      versions: 0,
      sections: {},
      canEdit: true,
      canReview: false,
      figures: {
        totalItems: 5,
        openItems: 1,
        overdueItems: 1,
        closedItems: 3,
        completionPercentage: 60,
        closuresInPeriod: 2,
        evidenceInPeriod: 0,
      },
    });
    expect(
      await refusal(
        as('targetCompany', 'owner', {
          method: 'POST',
          url: listUrl(),
          payload: { periodEnd: period.end },
        }),
      ),
    ).toEqual([409, REPORT_ALREADY_STARTED]);
  });

  it('saves the sections in any language and refuses a stale revision', async () => {
    const saved = await ok<{ report: MonitoringReport }>(
      as('targetCompany', 'editor', {
        method: 'PUT',
        url: reportUrl(report.id),
        payload: {
          revision: report.revision,
          sections: {
            managementSystem:
              'ISO 14001 sertifikası Mart ayında yenilendi; ÇED izleme planı güncel.',
            grievances: '  Trois plaintes reçues, toutes clôturées en moins de 30 jours.  ',
          },
        },
      }),
    );
    expect(saved.report.sections).toEqual({
      managementSystem: 'ISO 14001 sertifikası Mart ayında yenilendi; ÇED izleme planı güncel.',
      grievances: 'Trois plaintes reçues, toutes clôturées en moins de 30 jours.',
    });
    expect(
      await refusal(
        as('targetCompany', 'owner', {
          method: 'PUT',
          url: reportUrl(report.id),
          payload: { revision: report.revision, sections: { staffing: 'Late write' } },
        }),
      ),
    ).toEqual([409, REPORT_STALE]);
    report = saved.report;
  });

  it('submits version 1: frozen, told to the client, no longer the company’s to change', async () => {
    const submitted = (
      await ok<{ report: MonitoringReport }>(
        as('targetCompany', 'editor', {
          method: 'POST',
          url: reportUrl(report.id, '/submit'),
          payload: { revision: report.revision },
        }),
      )
    ).report;
    expect(submitted).toMatchObject({
      status: 'submitted',
      state: 'underReview',
      versions: 1,
      canEdit: false,
    });
    expect(submitted.history).toEqual([
      expect.objectContaining({
        version: 1,
        submittedByName: `${tenant.name} targetCompany editor`,
        sections: report.sections,
        figures: expect.objectContaining({ closuresInPeriod: 2, totalItems: 5 }),
      }),
    ]);
    // A gap added after submission changes the live figures, not the submitted ones.
    await addGap(app.db, tenant, '3.1 Late addition', '2099-01-01T00:00:00Z');
    const read = await ok<{ report: MonitoringReport }>(
      as('client', 'viewer', { method: 'GET', url: reportUrl(report.id) }),
    );
    expect(read.report).toMatchObject({ canReview: false, figures: { totalItems: 5 } });
    expect(
      await refusal(
        as('targetCompany', 'editor', {
          method: 'PUT',
          url: reportUrl(report.id),
          payload: { sections: { staffing: 'More' } },
        }),
      ),
    ).toEqual([409, REPORT_NOT_EDITABLE]);
    expect(await bell(tenant.users.client.admin.id)).toEqual([
      {
        kind: 'reportSubmitted',
        title: `Monitoring report submitted: ${tenant.companyName}`,
        link: `/client/target-companies/${tenant.targetCompanyId}/monitoring-reports/${report.id}`,
      },
    ]);
    // The row is about the report: its company and the report, no gap or plan.
    const about = await app.db.query(
      `SELECT target_company_id, monitoring_report_id, gap_id, action_plan_id FROM notifications
       WHERE user_id = $1 AND kind = 'reportSubmitted'`,
      [tenant.users.client.admin.id],
    );
    expect(about.rows).toEqual([
      {
        target_company_id: tenant.targetCompanyId,
        monitoring_report_id: report.id,
        gap_id: null,
        action_plan_id: null,
      },
    ]);
    expect(await bell(tenant.users.client.viewer.id)).toEqual([]);
    expect(await bell(tokenUserId)).toEqual([]);
    expect(await bell(tenant.users.targetCompany.editor.id)).toEqual([]);
    report = read.report;
  });

  it('takes a request for changes only with a comment, and sends the report back', async () => {
    expect(
      await refusal(
        as('client', 'editor', {
          method: 'POST',
          url: reportUrl(report.id, '/review'),
          payload: { decision: 'requestChanges', comment: '   ' },
        }),
      ),
    ).toEqual([400, REPORT_CHANGES_NEED_COMMENT]);
    const returned = (
      await ok<{ report: MonitoringReport }>(
        as('client', 'editor', {
          method: 'POST',
          url: reportUrl(report.id, '/review'),
          payload: {
            decision: 'requestChanges',
            comment: 'Please complete the staffing section.',
            sectionComments: {
              staffing: 'Give the E&S officer’s name and the contractors’ headcount.',
            },
          },
        }),
      )
    ).report;
    expect(returned).toMatchObject({ status: 'changesRequested', state: 'due', versions: 1 });
    expect(returned.reviews).toEqual([
      expect.objectContaining({
        version: 1,
        decision: 'requestChanges',
        comment: 'Please complete the staffing section.',
        sectionComments: {
          staffing: 'Give the E&S officer’s name and the contractors’ headcount.',
        },
        reviewedByName: `${tenant.name} client editor`,
      }),
    ]);
    expect((await bell(tenant.users.targetCompany.owner.id)).map((row) => row.kind)).toEqual([
      'reportChangesRequested',
    ]);
    expect(await bell(tenant.users.targetCompany.viewer.id)).toEqual([]);
    report = returned;
  });

  it('accepts version 2, and refuses a second answer', async () => {
    const saved = (
      await ok<{ report: MonitoringReport }>(
        as('targetCompany', 'owner', {
          method: 'PUT',
          url: reportUrl(report.id),
          payload: {
            revision: report.revision,
            sections: { staffing: 'E&S officer: Ayşe Yılmaz. Contractors: 212 workers on site.' },
          },
        }),
      )
    ).report;
    await ok(
      as('targetCompany', 'owner', {
        method: 'POST',
        url: reportUrl(report.id, '/submit'),
        payload: { revision: saved.revision },
      }),
    );
    const accepted = (
      await ok<{ report: MonitoringReport }>(
        as('client', 'owner', {
          method: 'POST',
          url: reportUrl(report.id, '/review'),
          payload: { decision: 'accept', comment: 'Thank you: accepted for the lender file.' },
        }),
      )
    ).report;
    expect(accepted).toMatchObject({ status: 'accepted', state: 'accepted', versions: 2 });
    expect(accepted.history.map((version) => version.sections.staffing ?? null)).toEqual([
      null,
      'E&S officer: Ayşe Yılmaz. Contractors: 212 workers on site.',
    ]);
    // Version 2 was frozen with the gap added after version 1.
    expect(accepted.history.map((version) => version.figures.totalItems)).toEqual([5, 6]);
    expect(accepted.reviews.map((review) => review.decision)).toEqual(['requestChanges', 'accept']);
    expect(
      await refusal(
        as('client', 'owner', {
          method: 'POST',
          url: reportUrl(report.id, '/review'),
          payload: { decision: 'accept' },
        }),
      ),
    ).toEqual([409, 'Only a submitted report can be reviewed.']);
    report = accepted;
  });

  it('tells each step by e-mail once, to the other side only', async () => {
    await emailsSettled(app);
    const messages = mailAbout(tenant.companyName);
    const bySubject = (start: string) =>
      recipientsOf(messages.filter((message) => message.subject.startsWith(start)));
    const client = tenant.users.client;
    const company = tenant.users.targetCompany;
    // Two submissions, each to the client's owner, admin and editor (not its viewer).
    const twice = [client.owner, client.admin, client.editor].flatMap((user) => [
      user.email,
      user.email,
    ]);
    expect(bySubject('Monitoring report submitted')).toEqual(twice.sort());
    expect(bySubject('Changes requested')).toEqual(
      [company.owner.email, company.admin.email, company.editor.email].sort(),
    );
    expect(bySubject('Monitoring report accepted')).toEqual(
      [company.owner.email, company.admin.email, company.editor.email].sort(),
    );
    const accepted = messages.find((message) =>
      message.subject.startsWith('Monitoring report accepted'),
    )!;
    expect(accepted.text).toContain('Thank you: accepted for the lender file.');
    expect(accepted.text).toContain(`/target-company/monitoring-reports/${report.id}`);
  });

  it('gives the accepted report as a PDF: the monitoring report, then narrative, sign-off and review trail', async () => {
    const response = await as('targetCompany', 'viewer', {
      method: 'GET',
      url: reportUrl(report.id, '/pdf'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(response.rawPayload);
    const squeezed = text.replace(/\s+/g, ' ');
    for (const expected of [
      'ESAP progress as submitted',
      'ESAP items 6: 2 open, 1 overdue, 3 closed (50% complete).',
      'E&S management system',
      'ISO 14001 sertifikası Mart ayında yenilendi',
      'E&S officer: Ayşe Yılmaz',
      'Nothing reported.',
      `${tenant.name} targetCompany owner`,
      `${tenant.name} client owner`,
      'Review trail',
      'Submitted version 1',
      'Requested changes — "Please complete the staffing section."',
      'Accepted — "Thank you: accepted for the lender file."',
    ])
      expect(squeezed).toContain(expected);
  });

  it('refuses the PDF before acceptance and a submission with nothing written', async () => {
    const { openPeriods } = await ok<CompanyReports>(
      as('targetCompany', 'owner', { method: 'GET', url: listUrl() }),
    );
    const draft = (
      await ok<{ report: MonitoringReport }>(
        as('targetCompany', 'owner', {
          method: 'POST',
          url: listUrl(),
          payload: { periodEnd: openPeriods[0]!.end },
        }),
        201,
      )
    ).report;
    expect(
      await refusal(as('client', 'owner', { method: 'GET', url: reportUrl(draft.id, '/pdf') })),
    ).toEqual([409, REPORT_NOT_ACCEPTED]);
    expect(
      await refusal(
        as('targetCompany', 'owner', {
          method: 'POST',
          url: reportUrl(draft.id, '/submit'),
          payload: {},
        }),
      ),
    ).toEqual([400, REPORT_SECTIONS_EMPTY]);
  });

  it('keeps reports within their tenancy: another client or company is answered 404', async () => {
    for (const [userType, role] of [
      ['client', 'owner'],
      ['targetCompany', 'owner'],
    ] as const) {
      for (const options of [
        { method: 'GET', url: reportUrl(report.id) },
        { method: 'GET', url: reportUrl(report.id, '/pdf') },
        { method: 'GET', url: listUrl() },
      ] as const)
        expect([
          userType,
          options.url,
          (await as(userType, role, options, other)).statusCode,
        ]).toEqual([userType, options.url, 404]);
    }
    // Auditors have no part in the lender's report.
    expect(
      (await as('auditor', 'owner', { method: 'GET', url: reportUrl(report.id) })).statusCode,
    ).toBe(403);
  });

  it("shows each of the client's companies' report of its latest ended period", async () => {
    const { companies } = await ok<{
      companies: { targetCompanyName: string; state: string; status: string | null }[];
    }>(as('client', 'viewer', { method: 'GET', url: '/api/v1/client/monitoring-reports' }));
    expect(companies).toEqual([
      expect.objectContaining({
        targetCompanyName: tenant.companyName,
        state: 'accepted',
        status: 'accepted',
        reportId: report.id,
      }),
    ]);
    const { companies: others } = await ok<{ companies: object[] }>(
      as('client', 'viewer', { method: 'GET', url: '/api/v1/client/monitoring-reports' }, other),
    );
    // The default rule's last period ended on 31 December; its report, due 60 days later, was never started.
    const today = new Date().toISOString().slice(0, 10);
    const lastEnd = `${Number(today.slice(0, 4)) - 1}-12-31`;
    expect(others).toEqual([
      expect.objectContaining({
        period: {
          start: `${lastEnd.slice(0, 4)}-01-01`,
          end: lastEnd,
          dueOn: shiftDay(lastEnd, 60),
        },
        state: today > shiftDay(lastEnd, 60) ? 'late' : 'due',
        status: null,
        reportId: null,
      }),
    ]);
  });
});
