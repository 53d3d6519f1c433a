// The company's grievance log through the API (docs/decisions/0104-grievances.md): recording, the
// steps with their days and the time each took, the company's targets and the one rule of
// lateness, the complainant's identity seen only by the company users its owner names, the
// registers' counts by month and category, the CSV files, and another tenancy's ids.
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  GRIEVANCE_ANONYMOUS_NAMELESS,
  GRIEVANCE_DAY_INVALID,
  GRIEVANCE_IDENTITY_VIEWERS_INVALID,
  GRIEVANCE_STALE,
  GRIEVANCE_STEP_OUT_OF_ORDER,
  GRIEVANCE_TARGETS_INVALID,
  type Grievance,
  type GrievanceRegister,
  type GrievanceSettings,
} from '@verity/shared-api/src/server';
import { buildTestApp } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/databases';
import { injectAs, sessionOfMembership, type TestSession } from '../support/session';
import { createTenant, type Tenant } from '../notifications/world';

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
const plus = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const received = (overrides: object = {}) => ({
  channel: 'communityMeeting',
  receivedOn: daysAgo(2),
  complainantType: 'community',
  category: 'environment',
  description: 'Dust from the haul road settles on the houses of Kibuye village.',
  anonymous: false,
  complainantName: 'Amina Uwase',
  complainantContact: '+250 788 000 111',
  ...overrides,
});

describe('grievances', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let tenant: Tenant;
  let other: Tenant;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    app = await buildTestApp(database);
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
  const record = async (of: Tenant, body: object = received()) =>
    (
      await ok<{ grievance: Grievance }>(
        as(
          'targetCompany',
          'editor',
          {
            method: 'POST',
            url: `/api/v1/target-company/${of.targetCompanyId}/grievances`,
            payload: body,
          },
          of,
        ),
        201,
      )
    ).grievance;
  const read = async (userType: UserType, role: Role, id: string, of = tenant) =>
    (
      await ok<{ grievance: Grievance }>(
        as(userType, role, { method: 'GET', url: `/api/v1/grievance/${id}` }, of),
      )
    ).grievance;
  const step = (id: string, body: object, of = tenant) =>
    as(
      'targetCompany',
      'editor',
      {
        method: 'POST',
        url: `/api/v1/grievance/${id}/steps`,
        payload: body,
      },
      of,
    );
  const nameViewers = (userIds: string[], of = tenant) =>
    as(
      'targetCompany',
      'owner',
      {
        method: 'PUT',
        url: `/api/v1/target-company/${of.targetCompanyId}/grievance-identity-viewers`,
        payload: { userIds },
      },
      of,
    );

  it('records a grievance with its due days from the default targets, and moves it through its steps', async () => {
    const receivedOn = daysAgo(10);
    const grievance = await record(tenant, received({ receivedOn }));
    expect(grievance).toMatchObject({
      channel: 'communityMeeting',
      receivedOn,
      complainantType: 'community',
      category: 'environment',
      targetCompanyName: tenant.companyName,
      recordedByName: `${tenant.name} targetCompany editor`,
      acknowledgeDueOn: plus(receivedOn, 7),
      resolveDueOn: plus(receivedOn, 30),
      acknowledgedOn: null,
      closedOn: null,
      late: true,
      revision: 1,
    });

    expect(
      await refusal(step(grievance.id, { step: 'resolved', on: daysAgo(1), text: 'x' })),
    ).toEqual([409, GRIEVANCE_STEP_OUT_OF_ORDER]);
    expect(await refusal(step(grievance.id, { step: 'acknowledged', on: daysAgo(11) }))).toEqual([
      400,
      GRIEVANCE_DAY_INVALID,
    ]);
    expect(
      await refusal(step(grievance.id, { step: 'acknowledged', on: daysAgo(8), revision: 7 })),
    ).toEqual([409, GRIEVANCE_STALE]);

    const acknowledged = (
      await ok<{ grievance: Grievance }>(
        step(grievance.id, { step: 'acknowledged', on: daysAgo(8), revision: 1 }),
      )
    ).grievance;
    expect(acknowledged).toMatchObject({
      acknowledgedOn: daysAgo(8),
      daysToAcknowledge: 2,
      late: false,
    });
    expect(await refusal(step(grievance.id, { step: 'acknowledged', on: daysAgo(7) }))).toEqual([
      409,
      GRIEVANCE_STEP_OUT_OF_ORDER,
    ]);

    await ok(
      step(grievance.id, { step: 'investigated', on: daysAgo(5), text: 'Trucks run unwatered.' }),
    );
    await ok(
      step(grievance.id, {
        step: 'resolved',
        on: daysAgo(3),
        text: 'The road is watered twice a day.',
      }),
    );
    const closed = (
      await ok<{ grievance: Grievance }>(
        step(grievance.id, { step: 'closed', on: daysAgo(1), response: 'satisfied' }),
      )
    ).grievance;
    expect(closed).toMatchObject({
      investigatedOn: daysAgo(5),
      investigation: 'Trucks run unwatered.',
      resolvedOn: daysAgo(3),
      resolution: 'The road is watered twice a day.',
      daysToResolve: 7,
      closedOn: daysAgo(1),
      complainantResponse: 'satisfied',
      late: false,
      revision: 5,
    });
    expect(
      await refusal(step(grievance.id, { step: 'closed', on: daysAgo(0), response: 'satisfied' })),
    ).toEqual([409, GRIEVANCE_STEP_OUT_OF_ORDER]);
  });

  it("keeps the complainant's identity for the company users its owner names, and withholds it from everyone else", async () => {
    const named = await record(tenant);
    const anonymous = await record(
      tenant,
      received({ anonymous: true, complainantName: undefined, complainantContact: undefined }),
    );
    const withheld = { complainantName: null, complainantContact: null, identityWithheld: true };
    // Nobody is named yet: not even the company's owner, nor the editor who recorded it.
    expect(named).toMatchObject({ anonymous: false, ...withheld });
    expect(await read('targetCompany', 'owner', named.id)).toMatchObject(withheld);

    const settings = await ok<{ settings: GrievanceSettings }>(
      nameViewers([tenant.users.targetCompany.editor.id]),
    );
    expect(settings.settings.identityViewerIds).toEqual([tenant.users.targetCompany.editor.id]);

    expect(await read('targetCompany', 'editor', named.id)).toMatchObject({
      complainantName: 'Amina Uwase',
      complainantContact: '+250 788 000 111',
      identityWithheld: false,
    });
    for (const [userType, role] of [
      ['targetCompany', 'owner'],
      ['targetCompany', 'admin'],
      ['targetCompany', 'viewer'],
      ['client', 'owner'],
      ['auditor', 'owner'],
    ] as const) {
      expect(await read(userType, role, named.id)).toMatchObject(withheld);
      const register = await ok<GrievanceRegister>(
        userType === 'client'
          ? as(userType, role, { method: 'GET', url: '/api/v1/client/grievances' })
          : as(userType, role, {
              method: 'GET',
              url: `/api/v1/target-company/${tenant.targetCompanyId}/grievances`,
            }),
      );
      expect(register.grievances.find((row) => row.id === named.id)).toMatchObject(withheld);
      expect(JSON.stringify(register)).not.toContain('Amina Uwase');
    }
    // An anonymous complainant has no identity to withhold.
    expect(await read('targetCompany', 'editor', anonymous.id)).toMatchObject({
      anonymous: true,
      complainantName: null,
      complainantContact: null,
      identityWithheld: false,
    });
    // The list names users of the company only; only its owner sets it.
    expect(await refusal(nameViewers([other.users.targetCompany.editor.id]))).toEqual([
      400,
      GRIEVANCE_IDENTITY_VIEWERS_INVALID,
    ]);
    expect(await refusal(nameViewers([tenant.users.client.owner.id]))).toEqual([
      400,
      GRIEVANCE_IDENTITY_VIEWERS_INVALID,
    ]);
    expect(
      (
        await as('targetCompany', 'admin', {
          method: 'PUT',
          url: `/api/v1/target-company/${tenant.targetCompanyId}/grievance-identity-viewers`,
          payload: { userIds: [] },
        })
      ).statusCode,
    ).toBe(403);
    await ok(nameViewers([]));
    expect(await read('targetCompany', 'editor', named.id)).toMatchObject(withheld);
    // An anonymous grievance keeps no name.
    expect(
      await refusal(
        as('targetCompany', 'editor', {
          method: 'POST',
          url: `/api/v1/target-company/${tenant.targetCompanyId}/grievances`,
          payload: received({ anonymous: true }),
        }),
      ),
    ).toEqual([400, GRIEVANCE_ANONYMOUS_NAMELESS]);
  });

  it("counts lateness against the company's targets, set by its owner and admins", async () => {
    const company = await createTenant(app.db, 'Lake Victoria Fisheries', 'UTC', { digest: false });
    const targetsUrl = `/api/v1/target-company/${company.targetCompanyId}/grievance-targets`;
    expect(
      (
        await ok<{ settings: GrievanceSettings }>(
          as('client', 'viewer', { method: 'GET', url: targetsUrl }, company),
        )
      ).settings,
    ).toMatchObject({ acknowledgeWithinDays: 7, resolveWithinDays: 30, isDefault: true });
    expect(
      await refusal(
        as(
          'targetCompany',
          'admin',
          {
            method: 'PUT',
            url: targetsUrl,
            payload: { acknowledgeWithinDays: 0, resolveWithinDays: 30 },
          },
          company,
        ),
      ),
    ).toEqual([400, GRIEVANCE_TARGETS_INVALID]);
    expect(
      (
        await ok<{ settings: GrievanceSettings }>(
          as(
            'targetCompany',
            'admin',
            {
              method: 'PUT',
              url: targetsUrl,
              payload: { acknowledgeWithinDays: 2, resolveWithinDays: 10 },
            },
            company,
          ),
        )
      ).settings,
    ).toMatchObject({ acknowledgeWithinDays: 2, resolveWithinDays: 10, isDefault: false });

    // Received 5 days ago, not acknowledged: late against 2 days.
    const unacknowledged = await record(
      company,
      received({ receivedOn: daysAgo(5), category: 'land' }),
    );
    expect(unacknowledged).toMatchObject({
      acknowledgeDueOn: plus(daysAgo(5), 2),
      acknowledgeDaysLeft: -3,
      resolveDaysLeft: 5,
      late: true,
    });
    // Acknowledged in time, not resolved within 10 days.
    const unresolved = await record(
      company,
      received({ receivedOn: daysAgo(12), category: 'land' }),
    );
    await ok(step(unresolved.id, { step: 'acknowledged', on: daysAgo(11) }, company));
    expect(await read('client', 'viewer', unresolved.id, company)).toMatchObject({
      acknowledgeDaysLeft: 1,
      resolveDaysLeft: -2,
      late: true,
    });
    // On time so far.
    const fresh = await record(
      company,
      received({ receivedOn: daysAgo(0), category: 'healthAndSafety' }),
    );
    expect(fresh.late).toBe(false);

    const register = await ok<GrievanceRegister>(
      as(
        'client',
        'viewer',
        {
          method: 'GET',
          url: `/api/v1/target-company/${company.targetCompanyId}/grievances`,
          query: { late: 'true' },
        },
        company,
      ),
    );
    expect(register.grievances.map((row) => row.id).sort()).toEqual(
      [unacknowledged.id, unresolved.id].sort(),
    );
    expect(register.counts).toMatchObject({
      total: 3,
      open: 3,
      late: 2,
      byCategory: { land: 2, healthAndSafety: 1 },
    });
  });

  it('gives the registers with their counts by month and category, for the company and across the portfolio', async () => {
    const company = await createTenant(app.db, 'Zambezi Sugar Estates', 'UTC', { digest: false });
    const march = '2026-03-14';
    const april = '2026-04-02';
    await record(
      company,
      received({ receivedOn: march, category: 'wagesAndBenefits', complainantType: 'worker' }),
    );
    await record(
      company,
      received({
        receivedOn: march,
        category: 'healthAndSafety',
        complainantType: 'contractorWorker',
      }),
    );
    await record(company, received({ receivedOn: april, category: 'healthAndSafety' }));
    const companyUrl = `/api/v1/target-company/${company.targetCompanyId}/grievances`;
    for (const [url, userType] of [
      [companyUrl, 'auditor'],
      [companyUrl, 'targetCompany'],
      ['/api/v1/client/grievances', 'client'],
    ] as const) {
      const register = await ok<GrievanceRegister>(
        as(userType, 'viewer', { method: 'GET', url }, company),
      );
      expect(register.grievances.map((row) => row.receivedOn)).toEqual([april, march, march]);
      expect(register.counts).toEqual({
        total: 3,
        open: 3,
        late: 3,
        byCategory: { wagesAndBenefits: 1, healthAndSafety: 2 },
        byMonth: [
          {
            month: '2026-03',
            received: 2,
            late: 2,
            byCategory: { healthAndSafety: 1, wagesAndBenefits: 1 },
          },
          { month: '2026-04', received: 1, late: 1, byCategory: { healthAndSafety: 1 } },
        ],
      });
    }
    const filtered = await ok<GrievanceRegister>(
      as(
        'client',
        'viewer',
        { method: 'GET', url: companyUrl, query: { category: 'healthAndSafety' } },
        company,
      ),
    );
    expect(filtered.grievances).toHaveLength(2);
    expect(filtered.counts.total).toBe(3);
    expect(
      (
        await as(
          'client',
          'viewer',
          { method: 'GET', url: companyUrl, query: { category: 'noise' } },
          company,
        )
      ).statusCode,
    ).toBe(400);
  });

  it("exports the registers as CSV without complainants' identities, formulas neutralised", async () => {
    const company = await createTenant(app.db, 'Volta Cocoa Processing', 'UTC', { digest: false });
    await record(company, received({ receivedOn: '2026-05-04', description: '=HYPERLINK("x")' }));
    await record(
      company,
      received({
        receivedOn: '2026-06-01',
        anonymous: true,
        complainantName: null,
        complainantContact: null,
        channel: 'hotline',
        category: 'other',
      }),
    );
    for (const url of [
      `/api/v1/target-company/${company.targetCompanyId}/grievances/export/csv`,
      '/api/v1/client/grievances/export/csv',
    ]) {
      const response = await as('client', 'viewer', { method: 'GET', url }, company);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n');
      expect(lines[0]).toBe(
        'Company,Received on,Channel,From,Category,Anonymous,Description,Acknowledgement due,Acknowledged on,Investigated on,Investigation,Resolution due,Resolved on,Resolution,Days to acknowledge,Days to resolve,Late,Closed on,Complainant response,Recorded by',
      );
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain(`${company.companyName},2026-06-01,Hotline,Community,Other,Yes,`);
      expect(lines[2]).toContain(
        `2026-05-04,Community meeting,Community,"Environment (noise, dust, water)",No,"'=HYPERLINK(""x"")",2026-05-11`,
      );
      expect(response.body).not.toContain('Amina Uwase');
      expect(response.body).not.toContain('+250');
    }
  });

  it("answers another tenancy's ids with 404", async () => {
    const grievance = await record(other);
    expect(
      (await as('client', 'owner', { method: 'GET', url: `/api/v1/grievance/${grievance.id}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await as('targetCompany', 'editor', {
          method: 'POST',
          url: `/api/v1/grievance/${grievance.id}/steps`,
          payload: { step: 'acknowledged', on: daysAgo(0) },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await as('targetCompany', 'owner', {
          method: 'PUT',
          url: `/api/v1/target-company/${other.targetCompanyId}/grievance-targets`,
          payload: { acknowledgeWithinDays: 3, resolveWithinDays: 9 },
        })
      ).statusCode,
    ).toBe(404);
    expect(await read('targetCompany', 'viewer', grievance.id, other)).toMatchObject({
      id: grievance.id,
    });
  });

  it("counts late in the company's days, in its time zone, not the client's", async () => {
    const far = await createTenant(app.db, 'Waikato Dairy Cooperative', 'Pacific/Auckland', {
      digest: false,
    });
    await app.db.query(`UPDATE clients SET time_zone = 'Europe/London' WHERE id = $1`, [
      far.clientId,
    ]);
    const grievance = await record(far, received({ receivedOn: '2026-01-05' }));
    expect(grievance.acknowledgeDueOn).toBe('2026-01-12');
    const lateAt = async (moment: string) =>
      (
        await app.db.query<{ late: boolean }>(
          'SELECT grievance_late(g, $2) AS late FROM grievances g WHERE g.id = $1',
          [grievance.id, moment],
        )
      ).rows[0]!.late;
    // The 12th ends in Auckland at 11:00 UTC; in London it would run on until midnight.
    expect([await lateAt('2026-01-12T10:59:00Z'), await lateAt('2026-01-12T11:01:00Z')]).toEqual([
      false,
      true,
    ]);
    const daysLeftAt = async (moment: string) =>
      (
        await app.db.query<{ left: number }>(
          `SELECT grievance_days_left(g.acknowledge_due_on, g.acknowledged_on, g.target_company_id, $2)
             AS left FROM grievances g WHERE g.id = $1`,
          [grievance.id, moment],
        )
      ).rows[0]!.left;
    expect([
      await daysLeftAt('2026-01-12T10:59:00Z'),
      await daysLeftAt('2026-01-12T11:01:00Z'),
    ]).toEqual([0, -1]);
  });
});
