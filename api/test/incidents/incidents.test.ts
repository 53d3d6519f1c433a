// Serious incidents through the API (docs/decisions/0099-serious-incidents.md): the company's
// report, the client and the company's firms told at once (bell and e-mail), the clocks in the
// company's days, questions and answers, the root-cause analysis, corrective actions as gaps, the
// registers with their filters and counts, the client's clocks, closing, and another tenancy's ids.
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  INCIDENT_CATEGORY_UNKNOWN,
  INCIDENT_CLOCK_INVALID,
  INCIDENT_CLOSED,
  INCIDENT_OCCURRED_AT_INVALID,
  INCIDENT_QUESTION_ANSWERED,
  INCIDENT_STALE,
  type Incident,
  type IncidentRegister,
  type SessionUser,
} from '@verity/shared-api/src/server';
import { startMailCatcher, type MailCatcher } from '../../../tooling/mail/mail-catcher';
import { incidentRegister, readIncident } from '../../src/incidents/incidents';
import { buildTestApp } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/databases';
import { injectAs, sessionOfMembership, type TestSession } from '../support/session';
import { createTenant, emailsSettled, recipientsOf, type Tenant } from '../notifications/world';
import { validGap } from '../routes/action-plans/fixtures';
import { PNG_BYTES } from '../permissions/requests';

let mail: MailCatcher;
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(() => mail?.stop());

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

const report = (overrides: object = {}) => ({
  category: 'spillOrRelease',
  severity: 'high',
  occurredAt: daysAgo(2),
  location: 'Tank farm B',
  description: 'About 2,000 litres of diesel leaked from a cracked valve into the bund.',
  peopleAffected: 0,
  immediateActions: 'Valve isolated; spill absorbed; contractor called.',
  ...overrides,
});

describe('serious incidents', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let tenant: Tenant;
  let other: Tenant;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    app = await buildTestApp(database, { SMTP_URL: mail.smtpUrl });
    await app.notifications.startWorkers({ scan: false, email: true, pollingIntervalSeconds: 0.5 });
    tenant = await createTenant(app.db, 'Kivu Hydro Power', 'UTC', { digest: false });
    other = await createTenant(app.db, 'Tamar Copper Mines', 'UTC', { digest: false });
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  type UserType = keyof Tenant['users'];
  type Role = keyof Tenant['users']['client'];
  const sessions = new Map<string, TestSession>();
  async function as(userType: UserType, role: Role, options: InjectOptions, of = tenant) {
    const id = of.users[userType][role].id;
    if (!sessions.has(id)) sessions.set(id, await sessionOfMembership(app, id));
    return injectAs(app, sessions.get(id)!, options);
  }
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
  const reportAs = async (of: Tenant, body: object = report()) =>
    (
      await ok<{ incident: Incident }>(
        as(
          'targetCompany',
          'editor',
          {
            method: 'POST',
            url: `/api/v1/target-company/${of.targetCompanyId}/incidents`,
            payload: body,
          },
          of,
        ),
        201,
      )
    ).incident;
  const members = (of: Tenant, userType: UserType, roles: readonly Role[]) =>
    roles.map((role) => of.users[userType][role].email);
  const ALL = ['owner', 'admin', 'editor', 'viewer'] as const;
  const NOT_VIEWERS = ['owner', 'admin', 'editor'] as const;

  it('reports an incident with its clocks, and tells the client and the firms at once', async () => {
    const incident = await reportAs(tenant);
    const occurredDay = incident.occurredAt.slice(0, 10);
    const plus = (days: number) =>
      new Date(Date.parse(`${occurredDay}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
    expect(incident).toMatchObject({
      category: 'spillOrRelease',
      severity: 'high',
      targetCompanyName: tenant.companyName,
      reportedByName: `${tenant.name} targetCompany editor`,
      rootCause: null,
      closedAt: null,
      questions: [],
      correctiveActions: [],
      clocks: {
        notifyDueOn: plus(3),
        notifiedInTime: true,
        rootCauseDueOn: plus(30),
        rootCauseLate: false,
        rootCauseDaysLeft: 28,
      },
    });
    expect(incident.lenderNotifiedAt).toBe(incident.reportedAt);

    await emailsSettled(app);
    const told = mail
      .messages()
      .filter(
        (message) =>
          message.subject === `Serious incident reported: ${tenant.companyName} (Verity)`,
      );
    expect(recipientsOf(told)).toEqual(
      [...members(tenant, 'client', ALL), ...members(tenant, 'auditor', ALL)].sort(),
    );
    const { rows: bell } = await app.db.query<{ user_id: string; link: string }>(
      `SELECT user_id, link FROM notifications WHERE incident_id = $1 AND kind = 'incidentReported'`,
      [incident.id],
    );
    expect(bell).toHaveLength(8);
    expect(bell.map((row) => row.link)).toContain(
      `/client/target-companies/${tenant.targetCompanyId}/incidents/${incident.id}`,
    );
  });

  // Each reader's e-mail in the language they chose (decision 0109), English while they chose none;
  // the company's name and the place as written.
  it("writes the e-mail of a report in each reader's language", async () => {
    const lingua = await createTenant(app.db, 'Volta Lingua Energy', 'UTC', { digest: false });
    const client = lingua.users.client;
    for (const [user, language] of [
      [client.owner, 'tr'],
      [client.admin, 'ar'],
    ] as const)
      await app.db.query('UPDATE users SET language = $2 WHERE id = $1', [user.id, language]);
    const incident = await reportAs(lingua);
    const day = new Date(incident.occurredAt).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await emailsSettled(app);
    const reporter = `${lingua.name} targetCompany editor`;
    for (const expected of [
      {
        to: client.owner.email,
        subject: `Ciddi olay bildirildi: ${lingua.companyName} (Verity)`,
        body: `${reporter}, ${day} tarihinde Tank farm B konumunda yaşanan bir olay (dökülme veya salım, önem derecesi: yüksek) bildirdi.`,
        open: 'Olayı aç: http',
        html: '<html lang="tr"><body',
      },
      {
        to: client.admin.email,
        subject: `الإبلاغ عن حادث خطير: ${lingua.companyName} (Verity)`,
        body: `أبلغ ${reporter} عن حادث (انسكاب أو تسرب، الخطورة: مرتفعة) في Tank farm B بتاريخ ${day}.`,
        open: 'فتح الحادث: http',
        html: '<html lang="ar" dir="rtl"><body',
      },
      {
        to: client.editor.email,
        subject: `Serious incident reported: ${lingua.companyName} (Verity)`,
        body: `${reporter} reported a spill or release (high severity) at Tank farm B on ${day}.`,
        open: 'Open the incident: http',
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

  it.each([
    ['an unknown category', { category: 'flood' }, INCIDENT_CATEGORY_UNKNOWN],
    [
      'a moment in the future',
      { occurredAt: new Date(Date.now() + 2 * DAY_MS).toISOString() },
      INCIDENT_OCCURRED_AT_INVALID,
    ],
    ['no moment', { occurredAt: 'yesterday' }, INCIDENT_OCCURRED_AT_INVALID],
  ])('refuses %s', async (_name, change, message) => {
    expect(
      await refusal(
        as('targetCompany', 'owner', {
          method: 'POST',
          url: `/api/v1/target-company/${tenant.targetCompanyId}/incidents`,
          payload: report(change),
        }),
      ),
    ).toEqual([400, message]);
  });

  it('takes questions, answers, the root cause and corrective actions, then closes', async () => {
    const incident = await reportAs(
      tenant,
      report({ category: 'seriousInjury', peopleAffected: 2 }),
    );
    const url = `/api/v1/incident/${incident.id}`;
    const asked = await ok<{ incident: Incident }>(
      as('client', 'editor', {
        method: 'POST',
        url: `${url}/questions`,
        payload: { question: 'Were both workers taken to hospital?' },
      }),
      201,
    );
    const questionId = asked.incident.questions[0]!.id;
    const answerUrl = `/api/v1/incident-question/${questionId}/answer`;
    const answered = await ok<{ incident: Incident }>(
      as('targetCompany', 'admin', {
        method: 'POST',
        url: answerUrl,
        payload: { answer: 'Yes, both were discharged the next day.' },
      }),
    );
    expect(answered.incident.questions[0]).toMatchObject({
      answer: 'Yes, both were discharged the next day.',
      answeredByName: `${tenant.name} targetCompany admin`,
    });
    // The question went to the company's non-viewers, the answer to the client's.
    await emailsSettled(app);
    const about = (title: string) =>
      recipientsOf(
        mail
          .messages()
          .filter((message) => message.subject === `${title}: ${tenant.companyName} (Verity)`),
      );
    expect(about('Question on an incident')).toEqual(
      members(tenant, 'targetCompany', NOT_VIEWERS).sort(),
    );
    expect(about('Incident question answered')).toEqual(
      members(tenant, 'client', NOT_VIEWERS).sort(),
    );
    expect(
      await refusal(
        as('targetCompany', 'owner', {
          method: 'POST',
          url: answerUrl,
          payload: { answer: 'Again.' },
        }),
      ),
    ).toEqual([409, INCIDENT_QUESTION_ANSWERED]);

    expect(
      await refusal(
        as('targetCompany', 'editor', {
          method: 'PUT',
          url: `${url}/root-cause`,
          payload: { rootCause: 'Guard missing.', revision: answered.incident.revision + 5 },
        }),
      ),
    ).toEqual([409, INCIDENT_STALE]);
    const analysed = await ok<{ incident: Incident }>(
      as('targetCompany', 'editor', {
        method: 'PUT',
        url: `${url}/root-cause`,
        payload: { rootCause: 'The press guard was removed for maintenance and not refitted.' },
      }),
    );
    expect(analysed.incident.rootCauseSubmittedAt).not.toBeNull();

    // A corrective action goes through the gap rules, then joins the plan linked to the incident.
    const actionUrl = `${url}/corrective-actions`;
    const badGap = await as('targetCompany', 'editor', {
      method: 'POST',
      url: actionUrl,
      payload: { actionPlanId: tenant.actionPlanId, gap: { ...validGap(), gapName: '' } },
    });
    expect(badGap.statusCode).toBe(400);
    const acted = await ok<{ incident: Incident }>(
      as('targetCompany', 'editor', {
        method: 'POST',
        url: actionUrl,
        payload: {
          actionPlanId: tenant.actionPlanId,
          gap: { ...validGap(), gapName: 'Guard interlock on every press' },
        },
      }),
      201,
    );
    expect(acted.incident.correctiveActions).toEqual([
      expect.objectContaining({
        actionPlanId: tenant.actionPlanId,
        auditId: tenant.auditId,
        auditorId: tenant.auditorId,
        gapName: 'Guard interlock on every press',
        status: 'open',
      }),
    ]);
    const { rows: gaps } = await app.db.query(
      `SELECT 1 FROM gaps WHERE action_plan_id = $1 AND gap_name = 'Guard interlock on every press'`,
      [tenant.actionPlanId],
    );
    expect(gaps).toHaveLength(1);
    // The gap names its incident, to whoever sees the gap.
    const linked = await ok<{ incidents: { id: string }[] }>(
      as('auditor', 'viewer', {
        method: 'GET',
        url: `/api/v1/gap/${acted.incident.correctiveActions[0]!.gapId}/incidents`,
      }),
    );
    expect(linked.incidents.map((row) => row.id)).toEqual([incident.id]);
    // Another tenant's plan is not the incident's company's: 404, and nothing is added.
    expect(
      (
        await as('targetCompany', 'editor', {
          method: 'POST',
          url: actionUrl,
          payload: { actionPlanId: other.actionPlanId, gap: validGap() },
        })
      ).statusCode,
    ).toBe(404);

    const closed = await ok<{ incident: Incident }>(
      as('client', 'admin', { method: 'POST', url: `${url}/close`, payload: {} }),
    );
    expect(closed.incident.closedAt).not.toBeNull();
    expect(
      await refusal(as('targetCompany', 'editor', { method: 'PUT', url, payload: report() })),
    ).toEqual([409, INCIDENT_CLOSED]);
  });

  it('corrects the report and moves the due days with the event', async () => {
    const incident = await reportAs(tenant, report({ occurredAt: daysAgo(1) }));
    const corrected = await ok<{ incident: Incident }>(
      as('targetCompany', 'editor', {
        method: 'PUT',
        url: `/api/v1/incident/${incident.id}`,
        payload: { ...report({ occurredAt: daysAgo(11) }), revision: incident.revision },
      }),
    );
    const shift = (day: string, days: number) =>
      new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
    expect(corrected.incident.clocks.rootCauseDueOn).toBe(
      shift(incident.clocks.rootCauseDueOn, -10),
    );
    expect(corrected.incident.clocks.notifiedInTime).toBe(false);
  });

  it("counts the clocks in the company's days, under the client's settings", async () => {
    const far = await createTenant(app.db, 'Waikato Dairy Cooperative', 'Pacific/Auckland', {
      digest: false,
    });
    // The lender sits in London; the company's days are Auckland's, as for its reminders.
    await app.db.query(`UPDATE clients SET time_zone = 'Europe/London' WHERE id = $1`, [
      far.clientId,
    ]);
    expect(
      await refusal(
        as(
          'client',
          'owner',
          {
            method: 'PUT',
            url: '/api/v1/client/incident-clocks',
            payload: { notifyWithinDays: 0, rootCauseWithinDays: 5 },
          },
          far,
        ),
      ),
    ).toEqual([400, INCIDENT_CLOCK_INVALID]);
    const clocks = await ok<{ clocks: object }>(
      as(
        'client',
        'owner',
        {
          method: 'PUT',
          url: '/api/v1/client/incident-clocks',
          payload: { notifyWithinDays: 1, rootCauseWithinDays: 5 },
        },
        far,
      ),
    );
    expect(clocks).toEqual({
      clocks: { notifyWithinDays: 1, rootCauseWithinDays: 5, isDefault: false },
    });
    // 20:00 UTC on 10 January is 11 January in Auckland (UTC+13).
    const incident = await reportAs(far, report({ occurredAt: '2026-01-10T20:00:00Z' }));
    expect(incident.clocks).toMatchObject({
      notifyDueOn: '2026-01-12',
      notifiedInTime: false,
      rootCauseDueOn: '2026-01-16',
    });
    const client = { userType: 'client', clientId: far.clientId } as SessionUser;
    const fixed = (moment: string) => readIncident(app.db, client, incident.id, new Date(moment));
    // The due day's end in Auckland is 11:00 UTC on the 16th.
    expect((await fixed('2026-01-16T10:59:00Z')).clocks).toMatchObject({
      rootCauseLate: false,
      rootCauseDaysLeft: 0,
    });
    expect((await fixed('2026-01-16T11:01:00Z')).clocks).toMatchObject({
      rootCauseLate: true,
      rootCauseDaysLeft: -1,
    });
  });

  it('answers the registers with their filters and counts', async () => {
    const register = await createTenant(app.db, 'Lake Turkana Wind', 'UTC', { digest: false });
    const spill = await reportAs(
      register,
      report({ occurredAt: daysAgo(40), severity: 'critical' }),
    );
    await reportAs(register, report({ category: 'fatality', occurredAt: daysAgo(3) }));
    const strike = await reportAs(
      register,
      report({ category: 'labourUnrest', severity: 'low', occurredAt: daysAgo(50) }),
    );
    await ok(
      as(
        'client',
        'owner',
        { method: 'POST', url: `/api/v1/incident/${strike.id}/close`, payload: {} },
        register,
      ),
    );
    const read = (url: string, query: Record<string, string> = {}) =>
      ok<IncidentRegister>(as('client', 'viewer', { method: 'GET', url, query }, register));
    const companyUrl = `/api/v1/target-company/${register.targetCompanyId}/incidents`;
    const cases: [Record<string, string>, string[]][] = [
      [{}, ['fatality', 'spillOrRelease', 'labourUnrest']],
      [{ open: 'true' }, ['fatality', 'spillOrRelease']],
      [{ late: 'true' }, ['spillOrRelease']],
      [{ category: 'fatality' }, ['fatality']],
      [{ severity: 'critical' }, ['spillOrRelease']],
    ];
    for (const [query, categories] of cases) {
      for (const url of [companyUrl, '/api/v1/client/incidents']) {
        const answer = await read(url, query);
        expect([query, answer.incidents.map((incident) => incident.category)]).toEqual([
          query,
          categories,
        ]);
      }
    }
    const answer = await read(companyUrl);
    expect(answer.counts).toEqual({
      total: 3,
      open: 2,
      late: 1,
      byCategory: { fatality: 1, spillOrRelease: 1, labourUnrest: 1 },
      bySeverity: { high: 1, critical: 1, low: 1 },
    });
    expect(
      answer.incidents.find((incident) => incident.id === spill.id)?.clocks.rootCauseLate,
    ).toBe(true);
    // The register and the answers share the one SQL rule of lateness at any moment.
    const company = await incidentRegister(
      app.db,
      { targetCompanyId: register.targetCompanyId },
      { late: true },
      new Date(Date.now() - 20 * DAY_MS),
    );
    expect(company.incidents).toEqual([]);
    expect(
      (
        await as(
          'client',
          'viewer',
          { method: 'GET', url: companyUrl, query: { category: 'flood' } },
          register,
        )
      ).statusCode,
    ).toBe(400);
  });

  it('exports the registers as CSV, in the client days, formulas neutralised', async () => {
    const register = await createTenant(app.db, 'Volta Cocoa Processing', 'UTC', {
      digest: false,
    });
    await reportAs(register, report({ occurredAt: daysAgo(40), location: '=HYPERLINK("x")' }));
    await reportAs(register, report({ category: 'fatality', occurredAt: daysAgo(3) }));
    const download = (url: string) => as('client', 'viewer', { method: 'GET', url }, register);
    for (const url of [
      `/api/v1/target-company/${register.targetCompanyId}/incidents/export/csv`,
      '/api/v1/client/incidents/export/csv',
    ]) {
      const response = await download(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n');
      expect(lines[0]).toBe(
        'Company,Category,Severity,Occurred on,Location,People affected,Description,Immediate actions,Reported by,Lender notified on,Notification due,Notified in time,Root cause due,Root cause submitted on,Root cause late,Root cause,Closed on,Corrective actions,Open questions',
      );
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain(
        `${register.companyName},Fatality,high,${daysAgo(3).slice(0, 10)}`,
      );
      expect(lines[2]).toContain(
        `Spill or release,high,${daysAgo(40).slice(0, 10)},"'=HYPERLINK(""x"")"`,
      );
      expect(lines[2]).toMatch(/,No,\d{4}-\d{2}-\d{2},,Yes,,,0,0$/);
    }
    const foreign = await as('client', 'owner', {
      method: 'GET',
      url: `/api/v1/target-company/${register.targetCompanyId}/incidents/export/csv`,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('takes photos checked as remarks are, and serves them to whoever sees the incident', async () => {
    const incident = await reportAs(tenant);
    const url = `/api/v1/incident/${incident.id}/photos`;
    const form = (bytes: Buffer | string, name: string) => {
      const body = new FormData();
      body.append('documents', new Blob([bytes]), name);
      return body as unknown as InjectOptions['payload'];
    };
    expect(
      (
        await as('targetCompany', 'editor', {
          method: 'POST',
          url,
          payload: form('notes', 'a.txt'),
        })
      ).statusCode,
    ).toBe(400);
    const added = await ok<{ incident: Incident }>(
      as('targetCompany', 'editor', { method: 'POST', url, payload: form(PNG_BYTES, 'bund.png') }),
      201,
    );
    expect(added.incident.photos).toEqual([
      expect.objectContaining({
        fileName: 'bund.png',
        contentType: 'image/png',
        width: 1,
        height: 1,
      }),
    ]);
    const photoUrl = `/api/v1/incident-photo/${added.incident.photos[0]!.id}`;
    for (const userType of ['client', 'auditor', 'targetCompany'] as const) {
      const response = await as(userType, 'viewer', { method: 'GET', url: photoUrl });
      expect([userType, response.statusCode, response.headers['content-type']]).toEqual([
        userType,
        200,
        'image/png',
      ]);
      expect(response.rawPayload.equals(PNG_BYTES)).toBe(true);
    }
    expect((await as('client', 'owner', { method: 'GET', url: photoUrl }, other)).statusCode).toBe(
      404,
    );
    // The photos count in the company's stored bytes, as remarks' images do.
    const { rows } = await app.db.query<{ size: number }>(
      'SELECT sum(size)::int AS size FROM incident_photos WHERE target_company_id = $1',
      [tenant.targetCompanyId],
    );
    expect(rows[0]!.size).toBe(PNG_BYTES.length);
    // A photo without a capture time keeps the device's record, marked as the device's (decision 0102).
    const withDevice = new FormData();
    withDevice.append(
      'deviceCapture',
      JSON.stringify({
        capturedAt: '2026-01-10T07:30:00+05:30',
        gps: { latitude: 18.5, longitude: 73.8 },
      }),
    );
    withDevice.append('documents', new Blob([PNG_BYTES]), 'bund-2.png');
    const second = await as('targetCompany', 'editor', {
      method: 'POST',
      url,
      payload: withDevice as unknown as InjectOptions['payload'],
    });
    expect(second.statusCode).toBe(201);
    const device = await app.db.query(
      `SELECT to_char(captured_at, 'YYYY-MM-DD"T"HH24:MI:SS') AS captured_at, captured_utc_offset_minutes,
         gps_latitude, gps_longitude, device_recorded
       FROM incident_photos WHERE file_name = 'bund-2.png'`,
    );
    expect(device.rows).toEqual([
      {
        captured_at: '2026-01-10T07:30:00',
        captured_utc_offset_minutes: 330,
        gps_latitude: 18.5,
        gps_longitude: 73.8,
        device_recorded: ['capturedAt', 'gps'],
      },
    ]);
  });

  it("answers 404 for another tenancy's incident and question, and 403 to roles that may not act", async () => {
    const incident = await reportAs(other);
    const asked = await ok<{ incident: Incident }>(
      as(
        'client',
        'owner',
        {
          method: 'POST',
          url: `/api/v1/incident/${incident.id}/questions`,
          payload: { question: 'How big?' },
        },
        other,
      ),
      201,
    );
    const questionId = asked.incident.questions[0]!.id;
    const url = `/api/v1/incident/${incident.id}`;
    const calls: [UserType, Role, InjectOptions, number][] = [
      ['client', 'owner', { method: 'GET', url }, 404],
      ['auditor', 'viewer', { method: 'GET', url }, 404],
      ['targetCompany', 'viewer', { method: 'GET', url }, 404],
      ['targetCompany', 'editor', { method: 'PUT', url, payload: report() }, 404],
      [
        'targetCompany',
        'editor',
        { method: 'PUT', url: `${url}/root-cause`, payload: { rootCause: 'x' } },
        404,
      ],
      [
        'client',
        'editor',
        { method: 'POST', url: `${url}/questions`, payload: { question: 'x?' } },
        404,
      ],
      ['client', 'editor', { method: 'POST', url: `${url}/close`, payload: {} }, 404],
      [
        'targetCompany',
        'editor',
        {
          method: 'POST',
          url: `/api/v1/incident-question/${questionId}/answer`,
          payload: { answer: 'x' },
        },
        404,
      ],
      [
        'auditor',
        'owner',
        {
          method: 'POST',
          url: `${url}/corrective-actions`,
          payload: { actionPlanId: tenant.actionPlanId, gap: validGap() },
        },
        404,
      ],
      [
        'targetCompany',
        'owner',
        { method: 'GET', url: `/api/v1/target-company/${other.targetCompanyId}/incidents` },
        404,
      ],
      [
        'client',
        'owner',
        {
          method: 'POST',
          url: `/api/v1/target-company/${other.targetCompanyId}/incidents`,
          payload: report(),
        },
        403,
      ],
      [
        'targetCompany',
        'viewer',
        {
          method: 'POST',
          url: `/api/v1/target-company/${tenant.targetCompanyId}/incidents`,
          payload: report(),
        },
        403,
      ],
      [
        'client',
        'viewer',
        { method: 'POST', url: `${url}/questions`, payload: { question: 'x?' } },
        403,
      ],
      ['auditor', 'owner', { method: 'GET', url: '/api/v1/client/incidents' }, 403],
      [
        'client',
        'admin',
        {
          method: 'PUT',
          url: '/api/v1/client/incident-clocks',
          payload: { notifyWithinDays: 2, rootCauseWithinDays: 20 },
        },
        403,
      ],
    ];
    for (const [userType, role, options, status] of calls) {
      const response = await as(userType, role, options);
      expect([userType, role, options.method, options.url, response.statusCode]).toEqual([
        userType,
        role,
        options.method,
        options.url,
        status,
      ]);
    }
    // The home client's portfolio register holds none of the other tenant's incidents.
    const portfolio = await ok<IncidentRegister>(
      as('client', 'viewer', { method: 'GET', url: '/api/v1/client/incidents' }),
    );
    expect(portfolio.incidents.map((row) => row.targetCompanyId)).not.toContain(
      other.targetCompanyId,
    );
  });

  it('escalates at once, when asked, the root-cause analyses already late, and each only once', async () => {
    const asked = await createTenant(app.db, 'Limpopo Citrus Packers', 'UTC', { digest: false });
    const late = await reportAs(asked, report({ occurredAt: daysAgo(40), location: 'Packhouse' }));
    const onTime = await reportAs(
      asked,
      report({ occurredAt: daysAgo(2), location: 'Cold store' }),
    );
    const escalations = async () =>
      (
        await app.db.query<{ incident_id: string; n: number }>(
          `SELECT incident_id, count(*)::int AS n FROM notifications
           WHERE incident_id = ANY($1::uuid[]) AND kind = 'incidentRootCauseLate'
           GROUP BY incident_id`,
          [[late.id, onTime.id]],
        )
      ).rows;
    const told = [
      ...members(asked, 'targetCompany', NOT_VIEWERS),
      ...members(asked, 'client', NOT_VIEWERS),
    ];

    await app.notifications.escalateLateIncidents();
    expect(await escalations()).toEqual([{ incident_id: late.id, n: told.length }]);
    await app.notifications.escalateLateIncidents();
    expect(await escalations()).toEqual([{ incident_id: late.id, n: told.length }]);
  });

  it('escalates a late root-cause analysis once, on the day after its due day', async () => {
    const late = await createTenant(app.db, 'Zambezi Sugar Estates', 'UTC', { digest: false });
    const incident = await reportAs(late, report({ occurredAt: '2026-01-10T06:00:00Z' }));
    expect(incident.clocks.rootCauseDueOn).toBe('2026-02-09');
    const subject = `Incident root-cause analysis late: ${late.companyName} (Verity)`;
    const escalations = () => mail.messages().filter((message) => message.subject === subject);
    for (const day of ['2026-02-09', '2026-02-10', '2026-02-11']) {
      await app.notifications.scan(new Date(`${day}T08:00:00Z`));
      await app.notifications.scan(new Date(`${day}T09:00:00Z`));
      await emailsSettled(app);
      expect([day, recipientsOf(escalations())]).toEqual([
        day,
        day === '2026-02-09'
          ? []
          : [
              ...members(late, 'targetCompany', NOT_VIEWERS),
              ...members(late, 'client', NOT_VIEWERS),
            ].sort(),
      ]);
    }
    const { rows } = await app.db.query(
      `SELECT 1 FROM notifications WHERE incident_id = $1 AND kind = 'incidentRootCauseLate'`,
      [incident.id],
    );
    expect(rows).toHaveLength(6);
  });
});
