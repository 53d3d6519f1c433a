// The annual monitoring report's serious incidents and grievances
// (docs/decisions/0106-incidents-and-grievances-in-the-annual-report.md): those of the period only,
// its bounds the company's days (here Auckland's, its client's days UTC), lateness by the registers'
// own SQL functions, frozen with the version, in the accepted PDF under their sections, never a
// complainant's name; a version submitted before the report counted them still reads and prints.
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  type CompanyReports,
  type GrievanceRegister,
  type MonitoringReport,
} from '@verity/shared-api/src/server';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, type TestDatabase } from '../../support/databases';
import { pdfText } from '../../support/pdf-text';
import { injectAs, sessionOfMembership, type TestSession } from '../../support/session';
import { createTenant, shiftDay, type Tenant } from '../../notifications/world';

describe("annual monitoring report: the period's incidents and grievances", () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let tenant: Tenant;
  let other: Tenant;
  let period: { start: string; end: string };
  let report: MonitoringReport;

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
  const reportUrl = (id: string, tail = '') => `/api/v1/monitoring-report/${id}${tail}`;

  /** An incident as its register keeps it; the clocks' due days and the lender's moment as given. */
  async function incident(
    of: Tenant,
    row: {
      category: string;
      severity: string;
      occurredAt: string;
      notifiedAt: string;
      notifyDueOn: string;
      rootCauseDueOn: string;
      rootCauseAt?: string;
      closedAt?: string;
    },
  ) {
    await app.db.query(
      `INSERT INTO incidents (target_company_id, category, severity, occurred_at, location,
         description, people_affected, reported_by_name, lender_notified_at, notify_due_on,
         root_cause_due_on, root_cause, root_cause_submitted_at, closed_at)
       VALUES ($1, $2, $3, $4, 'Turbine T-07', 'What happened', 1, 'Mere Editor', $5, $6, $7,
         CASE WHEN $8::timestamptz IS NULL THEN NULL ELSE 'Why it happened' END, $8, $9)`,
      [
        of.targetCompanyId,
        row.category,
        row.severity,
        row.occurredAt,
        row.notifiedAt,
        row.notifyDueOn,
        row.rootCauseDueOn,
        row.rootCauseAt ?? null,
        row.closedAt ?? null,
      ],
    );
  }

  /** A grievance with its steps' days; named complainants unless `anonymous`. */
  async function grievance(
    of: Tenant,
    row: {
      category: string;
      receivedOn: string;
      acknowledgedOn?: string;
      resolvedOn?: string;
      closedOn?: string;
      response?: string;
    },
  ) {
    await app.db.query(
      `INSERT INTO grievances (target_company_id, channel, received_on, complainant_type, category,
         description, anonymous, complainant_name, complainant_contact, acknowledge_due_on,
         resolve_due_on, acknowledged_on, investigated_on, investigation, resolved_on, resolution,
         closed_on, complainant_response, recorded_by_name)
       VALUES ($1, 'hotline', $2::date, 'community', $3, 'Dust on the houses', false, 'Fatma Demir',
         'fatma@example.test', $2::date + 7, $2::date + 30, $4, $5, CASE WHEN $5::date IS NULL
         THEN NULL ELSE 'Found' END, $5, CASE WHEN $5::date IS NULL THEN NULL ELSE 'Done' END,
         $6, $7, 'Mere Editor')`,
      [
        of.targetCompanyId,
        row.receivedOn,
        row.category,
        row.acknowledgedOn ?? null,
        row.resolvedOn ?? null,
        row.closedOn ?? null,
        row.response ?? null,
      ],
    );
  }

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    app = await buildTestApp(database);
    // The company reports in Auckland's days (UTC+13 at the year's turn); its client counts in UTC.
    tenant = await createTenant(app.db, 'Tūroa Wind Farm', 'Pacific/Auckland', { digest: false });
    other = await createTenant(app.db, 'Waikato Pulp and Paper', 'Pacific/Auckland', {
      digest: false,
    });
    await app.db.query(`UPDATE clients SET time_zone = 'UTC' WHERE id = $1`, [tenant.clientId]);
    const { openPeriods } = await ok<CompanyReports>(
      as('targetCompany', 'editor', {
        method: 'GET',
        url: `/api/v1/target-company/${tenant.targetCompanyId}/monitoring-reports`,
      }),
    );
    // The default rule: the calendar year, 1 January to 31 December.
    period = openPeriods[0]!;
    const { start, end } = period;
    const dayBefore = shiftDay(start, -1);
    const middle = `${start.slice(0, 4)}-06-15`;
    const farOff = shiftDay(end, 400);

    // 00:01 on the period's first day in Auckland (the year before in UTC): in the period.
    await incident(tenant, {
      category: 'fatality',
      severity: 'critical',
      occurredAt: `${dayBefore}T11:01:00Z`,
      notifiedAt: `${start}T02:00:00Z`,
      notifyDueOn: shiftDay(dayBefore, 3),
      rootCauseDueOn: shiftDay(dayBefore, 30),
    });
    // Mid-year: the lender told late, the root cause sent, closed within the period.
    await incident(tenant, {
      category: 'spillOrRelease',
      severity: 'high',
      occurredAt: `${middle}T03:00:00Z`,
      notifiedAt: `${shiftDay(middle, 10)}T03:00:00Z`,
      notifyDueOn: shiftDay(middle, 3),
      rootCauseDueOn: shiftDay(middle, 30),
      rootCauseAt: `${shiftDay(middle, 40)}T03:00:00Z`,
      closedAt: `${shiftDay(middle, 60)}T03:00:00Z`,
    });
    // 23:59 on the period's last day in Auckland: in the period; closed after its end, so open at it.
    await incident(tenant, {
      category: 'spillOrRelease',
      severity: 'medium',
      occurredAt: `${end}T10:59:00Z`,
      notifiedAt: `${end}T11:30:00Z`,
      notifyDueOn: shiftDay(end, 3),
      rootCauseDueOn: farOff,
      closedAt: `${end}T12:00:00Z`,
    });
    // 23:59 the day before the period and 00:01 the day after it, in Auckland: out of it.
    await incident(tenant, {
      category: 'fatality',
      severity: 'critical',
      occurredAt: `${dayBefore}T10:59:00Z`,
      notifiedAt: `${dayBefore}T11:00:00Z`,
      notifyDueOn: shiftDay(dayBefore, 3),
      rootCauseDueOn: shiftDay(dayBefore, 30),
    });
    await incident(tenant, {
      category: 'seriousInjury',
      severity: 'high',
      occurredAt: `${end}T11:01:00Z`,
      notifiedAt: `${end}T11:30:00Z`,
      notifyDueOn: shiftDay(end, 3),
      rootCauseDueOn: farOff,
    });
    // Another company's, in the period.
    await incident(other, {
      category: 'labourUnrest',
      severity: 'low',
      occurredAt: `${middle}T03:00:00Z`,
      notifiedAt: `${middle}T04:00:00Z`,
      notifyDueOn: shiftDay(middle, 3),
      rootCauseDueOn: shiftDay(middle, 30),
    });

    // Acknowledged three days after its target, then closed, the complainant satisfied.
    await grievance(tenant, {
      category: 'healthAndSafety',
      receivedOn: start,
      acknowledgedOn: shiftDay(start, 10),
      resolvedOn: shiftDay(start, 20),
      closedOn: shiftDay(start, 25),
      response: 'satisfied',
    });
    // Never acknowledged: late, open.
    await grievance(tenant, { category: 'land', receivedOn: shiftDay(start, 14) });
    // The period's last day, each step in time, closed after the period, not satisfied.
    await grievance(tenant, {
      category: 'healthAndSafety',
      receivedOn: end,
      acknowledgedOn: shiftDay(end, 1),
      resolvedOn: shiftDay(end, 5),
      closedOn: shiftDay(end, 6),
      response: 'notSatisfied',
    });
    // The days either side of the period, and another company's.
    await grievance(tenant, { category: 'environment', receivedOn: dayBefore });
    await grievance(tenant, { category: 'environment', receivedOn: shiftDay(end, 1) });
    await grievance(other, { category: 'land', receivedOn: shiftDay(start, 14) });

    report = (
      await ok<{ report: MonitoringReport }>(
        as('targetCompany', 'editor', {
          method: 'POST',
          url: `/api/v1/target-company/${tenant.targetCompanyId}/monitoring-reports`,
          payload: { periodEnd: end },
        }),
        201,
      )
    ).report;
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const periodIncidents = {
    total: 3,
    bySeverity: { critical: 1, high: 1, medium: 1 },
    notifiedInTime: 2,
    rootCauseLate: 1,
    openAtPeriodEnd: 2,
    byCategory: [
      {
        category: 'fatality',
        total: 1,
        bySeverity: { critical: 1 },
        notifiedInTime: 1,
        rootCauseLate: 1,
        openAtPeriodEnd: 1,
      },
      {
        category: 'spillOrRelease',
        total: 2,
        bySeverity: { high: 1, medium: 1 },
        notifiedInTime: 1,
        rootCauseLate: 0,
        openAtPeriodEnd: 1,
      },
    ],
  };

  it("counts the incidents whose event fell in the company's days of the period, by category and severity", () => {
    expect(report.figures.incidents).toEqual(periodIncidents);
  });

  it('counts the grievances received in the period as the register counts them, month by month', async () => {
    const year = period.start.slice(0, 4);
    expect(report.figures.grievances).toEqual({
      total: 3,
      open: 1,
      late: 2,
      closed: 2,
      byCategory: { healthAndSafety: 2, land: 1 },
      byMonth: [
        {
          month: `${year}-01`,
          received: 2,
          late: 2,
          byCategory: { healthAndSafety: 1, land: 1 },
        },
        { month: `${year}-12`, received: 1, late: 0, byCategory: { healthAndSafety: 1 } },
      ],
      byResponse: { satisfied: 1, notSatisfied: 1 },
    });
    // The register's own months, whose grievances all fall in the period, say the same.
    const register = await ok<GrievanceRegister>(
      as('client', 'viewer', {
        method: 'GET',
        url: `/api/v1/target-company/${tenant.targetCompanyId}/grievances`,
      }),
    );
    expect(
      register.counts.byMonth.filter((month) => [`${year}-01`, `${year}-12`].includes(month.month)),
    ).toEqual(report.figures.grievances!.byMonth);
  });

  it('names no complainant anywhere in the report', async () => {
    const read = await as('client', 'owner', { method: 'GET', url: reportUrl(report.id) });
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain('Fatma');
    expect(read.body).not.toContain('fatma@');
  });

  it('freezes them with the version: a later incident changes the draft, not what was submitted', async () => {
    await ok(
      as('targetCompany', 'editor', {
        method: 'PUT',
        url: reportUrl(report.id),
        payload: {
          revision: report.revision,
          sections: {
            incidents: 'One fatality at T-07: the root-cause analysis is with the lender.',
            grievances: 'Three grievances from Tūroa village, two closed.',
          },
        },
      }),
    );
    const submitted = (
      await ok<{ report: MonitoringReport }>(
        as('targetCompany', 'editor', {
          method: 'POST',
          url: reportUrl(report.id, '/submit'),
          payload: {},
        }),
      )
    ).report;
    expect(submitted.history[0]!.figures.incidents).toEqual(periodIncidents);
    await incident(tenant, {
      category: 'pressAttention',
      severity: 'low',
      occurredAt: `${period.start.slice(0, 4)}-08-01T03:00:00Z`,
      notifiedAt: `${period.start.slice(0, 4)}-08-01T04:00:00Z`,
      notifyDueOn: `${period.start.slice(0, 4)}-08-04`,
      rootCauseDueOn: shiftDay(period.end, 400),
    });
    const read = (
      await ok<{ report: MonitoringReport }>(
        as('client', 'viewer', { method: 'GET', url: reportUrl(report.id) }),
      )
    ).report;
    expect(read.figures.incidents).toEqual(periodIncidents);
    report = (
      await ok<{ report: MonitoringReport }>(
        as('client', 'owner', {
          method: 'POST',
          url: reportUrl(report.id, '/review'),
          payload: { decision: 'accept' },
        }),
      )
    ).report;
    expect(report.status).toBe('accepted');
  });

  it('prints them as tables under the Incidents and Grievances sections of the accepted PDF', async () => {
    const response = await as('targetCompany', 'viewer', {
      method: 'GET',
      url: reportUrl(report.id, '/pdf'),
    });
    expect(response.statusCode).toBe(200);
    const text = (await pdfText(response.rawPayload)).text.replace(/\s+/g, ' ');
    const year = period.start.slice(0, 4);
    for (const expected of [
      'Incidents One fatality at T-07',
      'Serious incidents in the period',
      'Fatality 0 0 0 1 1 1 1 1',
      'Spill or release 0 1 1 0 2 1 0 1',
      'All categories 0 1 1 1 3 2 1 2',
      'Grievances Three grievances from Tūroa village',
      'Grievances received in the period',
      `Jan ${year} 1 1 2 2`,
      `Dec ${year} 1 0 1 0`,
      'All months 2 1 3 2',
      "Open and closed, with the complainant's response",
      '1 2 1 1 0',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Press or public attention');
    expect(text).not.toContain('Fatma');
  });

  it('prints them in French and English side by side when asked', async () => {
    const response = await as('client', 'viewer', {
      method: 'GET',
      url: reportUrl(report.id, '/pdf'),
      query: { language: 'fr', bilingual: 'true' },
    });
    expect(response.statusCode).toBe(200);
    const text = (await pdfText(response.rawPayload)).text.replace(/\s+/g, ' ');
    for (const expected of [
      'Avancement de l’ESAP tel que soumis / ESAP progress as submitted',
      'Incidents graves de la période / Serious incidents in the period',
      'Réclamations / Grievances Three grievances from Tūroa village',
      'Tous les mois / All months 2 1 3 2',
      'Accepté / Accepted',
    ])
      expect(text).toContain(expected);
  });

  it('says so under each section when the period had neither', async () => {
    await app.db.query(
      `UPDATE monitoring_report_versions
       SET figures = jsonb_set(jsonb_set(figures, '{incidents,total}', '0'), '{grievances,total}', '0')
       WHERE report_id = $1`,
      [report.id],
    );
    const response = await as('client', 'viewer', {
      method: 'GET',
      url: reportUrl(report.id, '/pdf'),
    });
    expect(response.statusCode).toBe(200);
    const text = (await pdfText(response.rawPayload)).text.replace(/\s+/g, ' ');
    expect(text).toContain('No serious incident in the period.');
    expect(text).toContain('No grievance received in the period.');
    expect(text).not.toContain('Serious incidents in the period');
  });

  it('reads and prints a version submitted before the report counted them', async () => {
    await app.db.query(
      `UPDATE monitoring_report_versions SET figures = figures - 'incidents' - 'grievances'
       WHERE report_id = $1`,
      [report.id],
    );
    const read = (
      await ok<{ report: MonitoringReport }>(
        as('client', 'viewer', { method: 'GET', url: reportUrl(report.id) }),
      )
    ).report;
    expect(read.figures).not.toHaveProperty('incidents');
    expect(read.figures).not.toHaveProperty('grievances');
    expect(read.figures.totalItems).toBe(0);
    const response = await as('client', 'viewer', {
      method: 'GET',
      url: reportUrl(report.id, '/pdf'),
    });
    expect(response.statusCode).toBe(200);
    const text = (await pdfText(response.rawPayload)).text.replace(/\s+/g, ' ');
    expect(text).toContain('Incidents One fatality at T-07');
    expect(text).not.toContain('Serious incidents in the period');
  });
});
