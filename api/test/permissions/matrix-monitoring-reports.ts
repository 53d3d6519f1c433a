// The matrix rows of the annual monitoring reports (docs/decisions/0094-annual-monitoring-reports.md):
// the company writes and submits, the client sets the rule and reviews, auditors have no part.
import { DEFAULT_REPORT_RULE, endedPeriods } from '@verity/shared-api/src/server';
import { json, type MatrixRow } from './matrix-types';
import { FOREIGN_MARKER } from './fixtures';
import type { RequestContext } from './requests';

type ReportStatus = 'draft' | 'submitted' | 'accepted';

/**
 * A new report of the company the call names (home or foreign), in `status`, on a period of its own
 * (a day per request in 2000), so each allowed call acts on a report of its own.
 */
async function freshReport(ctx: RequestContext, status: ReportStatus): Promise<string> {
  const { db } = ctx.app;
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO monitoring_reports (target_company_id, period_start, period_end, due_on, status, sections)
     VALUES ($1, date '2000-01-01' + $2::int - 180, date '2000-01-01' + $2::int,
       date '2000-01-01' + $2::int + 60, $3, '{"grievances": "Two grievances, both closed."}')
     RETURNING id`,
    [ctx.ids.targetCompanyId, ctx.serial, status],
  );
  const reportId = rows[0]!.id;
  // The names of the report's own tenant, so the tenancy reads find no other tenant's in it.
  const home = ctx.ids.targetCompanyId === ctx.fx.home.targetCompanyId;
  const [companyEditor, clientOwner] = home
    ? ['Carlos Company', 'Clara Owner']
    : [`Editor ${FOREIGN_MARKER}`, `Owner ${FOREIGN_MARKER}`];
  if (status !== 'draft')
    await db.query(
      `INSERT INTO monitoring_report_versions (report_id, version, sections, figures, submitted_by_name)
       VALUES ($1, 1, '{"grievances": "Two grievances, both closed."}', $2, $3)`,
      [
        reportId,
        JSON.stringify({
          asOf: new Date().toISOString(),
          totalItems: 1,
          openItems: 1,
          overdueItems: 0,
          closedItems: 0,
          completionPercentage: 0,
          closuresInPeriod: 0,
          evidenceInPeriod: 0,
        }),
        companyEditor,
      ],
    );
  if (status === 'accepted')
    await db.query(
      `INSERT INTO monitoring_report_reviews (report_id, version, decision, reviewed_by_name)
       VALUES ($1, 1, 'accept', $2)`,
      [reportId, clientOwner],
    );
  return reportId;
}

/** An ended period of the default rule that the named company has not started a report for. */
async function unstartedPeriodEnd(ctx: RequestContext): Promise<string> {
  const { rows } = await ctx.app.db.query<{ period_end: string }>(
    `SELECT to_char(period_end, 'YYYY-MM-DD') AS period_end FROM monitoring_reports
     WHERE target_company_id = $1`,
    [ctx.ids.targetCompanyId],
  );
  const started = new Set(rows.map((row) => row.period_end));
  const today = new Date().toISOString().slice(0, 10);
  return endedPeriods(DEFAULT_REPORT_RULE, today, 4).find((period) => !started.has(period.end))!
    .end;
}

const READERS_OWN = {
  client: [200, 200, 200, 200],
  auditor: [403, 403, 403, 403],
  targetCompany: [200, 200, 200, 200],
} as const;
const READERS_FOREIGN = {
  client: [404, 404, 404, 404],
  auditor: [403, 403, 403, 403],
  targetCompany: [404, 404, 404, 404],
} as const;
const COMPANY_WRITERS_OWN = {
  client: [403, 403, 403, 403],
  auditor: [403, 403, 403, 403],
  targetCompany: [200, 200, 200, 403],
} as const;
const COMPANY_WRITERS_FOREIGN = {
  client: [403, 403, 403, 403],
  auditor: [403, 403, 403, 403],
  targetCompany: [404, 404, 404, 403],
} as const;
const CLIENT_WRITERS_OWN = {
  client: [200, 200, 200, 403],
  auditor: [403, 403, 403, 403],
  targetCompany: [403, 403, 403, 403],
} as const;
const CLIENT_WRITERS_FOREIGN = {
  client: [404, 404, 404, 403],
  auditor: [403, 403, 403, 403],
  targetCompany: [403, 403, 403, 403],
} as const;

export const MONITORING_REPORT_ROWS: readonly MatrixRow[] = [
  {
    route: 'GET /target-company/{id}/monitoring-reports',
    write: false,
    own: READERS_OWN,
    foreign: READERS_FOREIGN,
    request: ({ ids }) => ({
      method: 'GET',
      url: `/target-company/${ids.targetCompanyId}/monitoring-reports`,
    }),
  },
  {
    // A due-days figure per request, so that every accepted call writes.
    route: 'PUT /target-company/{id}/report-rule',
    write: true,
    own: CLIENT_WRITERS_OWN,
    foreign: CLIENT_WRITERS_FOREIGN,
    request: ({ ids, serial }) =>
      json('PUT', `/target-company/${ids.targetCompanyId}/report-rule`, {
        frequency: 'annual',
        yearEnd: '12-31',
        dueDays: 30 + (serial % 300),
      }),
  },
  {
    route: 'POST /target-company/{id}/monitoring-reports',
    write: true,
    own: {
      client: [403, 403, 403, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [201, 201, 201, 403],
    },
    foreign: COMPANY_WRITERS_FOREIGN,
    request: async (ctx) =>
      json('POST', `/target-company/${ctx.ids.targetCompanyId}/monitoring-reports`, {
        periodEnd: await unstartedPeriodEnd(ctx),
      }),
  },
  {
    route: 'GET /monitoring-report/{id}',
    write: false,
    own: READERS_OWN,
    foreign: READERS_FOREIGN,
    request: async (ctx) => ({
      method: 'GET',
      url: `/monitoring-report/${await freshReport(ctx, 'submitted')}`,
    }),
  },
  {
    route: 'PUT /monitoring-report/{id}',
    write: true,
    own: COMPANY_WRITERS_OWN,
    foreign: COMPANY_WRITERS_FOREIGN,
    request: async (ctx) =>
      json('PUT', `/monitoring-report/${await freshReport(ctx, 'draft')}`, {
        sections: { staffing: 'E&S officer appointed in March.' },
      }),
  },
  {
    route: 'POST /monitoring-report/{id}/submit',
    write: true,
    own: COMPANY_WRITERS_OWN,
    foreign: COMPANY_WRITERS_FOREIGN,
    request: async (ctx) =>
      json('POST', `/monitoring-report/${await freshReport(ctx, 'draft')}/submit`, {}),
  },
  {
    route: 'POST /monitoring-report/{id}/review',
    write: true,
    own: CLIENT_WRITERS_OWN,
    foreign: CLIENT_WRITERS_FOREIGN,
    request: async (ctx) =>
      json('POST', `/monitoring-report/${await freshReport(ctx, 'submitted')}/review`, {
        decision: 'requestChanges',
        sectionComments: { grievances: 'Name the two grievances.' },
      }),
  },
  {
    route: 'GET /monitoring-report/{id}/pdf',
    write: false,
    file: true,
    own: READERS_OWN,
    foreign: READERS_FOREIGN,
    request: async (ctx) => ({
      method: 'GET',
      url: `/monitoring-report/${await freshReport(ctx, 'accepted')}/pdf`,
    }),
  },
  {
    route: 'GET /client/monitoring-reports',
    write: false,
    own: {
      client: [200, 200, 200, 200],
      auditor: [403, 403, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    request: () => ({ method: 'GET', url: '/client/monitoring-reports' }),
  },
];
