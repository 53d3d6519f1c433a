// A company's financing milestones (docs/decisions/0084-financing-milestones.md): who reads and sets
// them, and the gaps due relative to one, which get their due dates when the milestone is reached.
import type { FastifyInstance } from 'fastify';
import { MILESTONE_MESSAGES, milestoneDueDate } from '@verity/shared-api/src/server';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, type TestDatabase } from '../../support/databases';
import { buildWorld, createPlan, validGap, type World } from '../action-plans/fixtures';

/** A day `days` from today, as 'YYYY-MM-DD'. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('financing milestones', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let planId: string;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    app = await buildTestApp(database);
    world = await buildWorld(app);
    planId = await createPlan(world);
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const url = (companyId: string) => `/api/v1/target-company/${companyId}/milestones`;
  const put = (milestones: object[], as: keyof World['as'] = 'clientOwner', id = world.acmeId) =>
    world.as[as]({ method: 'PUT', url: url(id), payload: { milestones } });
  const addGap = async (body: object) => {
    const response = await world.as.auditorAdmin({
      method: 'POST',
      url: `/api/v1/action-plan/${planId}/gaps`,
      query: { auditId: world.audits.ap },
      payload: { ...validGap(), ...body },
    });
    expect(response.statusCode).toBe(201);
  };
  const plan = async () => {
    const response = await world.as.companyOwner({
      method: 'GET',
      url: `/api/v1/action-plan/${planId}`,
      query: { targetCompanyId: world.acmeId },
    });
    expect(response.statusCode).toBe(200);
    const { gaps, statistics } = response.json().data as {
      gaps: Record<string, unknown>[];
      statistics: { overdueGaps: number };
    };
    return { gaps, statistics };
  };
  /** The company's kept overdue count beside the count of its gaps overdue by the rule, per firm. */
  const keptOverdue = async () =>
    (
      await app.db.query<{ kept: number; counted: number }>(
        `SELECT s.overdue_open AS kept,
           (SELECT count(*)::int FROM gaps g WHERE g.target_company_id = s.target_company_id
             AND g.auditor_id = s.auditor_id AND g.status = 'open'
             AND gap_is_overdue(g.status, g.due_date, s.overdue_as_of)) AS counted
         FROM company_summaries s WHERE s.target_company_id = $1 AND s.auditor_id = $2`,
        [world.acmeId, world.greenAuditId],
      )
    ).rows[0]!;
  const gapNamed = async (gapName: string) =>
    (await plan()).gaps.find((gap) => gap.gapName === gapName)!;

  it('answers financial close and first disbursement, not yet reached, to whoever sees the company', async () => {
    for (const [reader, canManage] of [
      ['clientOwner', true],
      ['clientViewer', false],
      ['auditorOwner', false],
      ['otherFirmOwner', false],
      ['companyOwner', false],
    ] as const) {
      const response = await world.as[reader]({ method: 'GET', url: url(world.acmeId) });
      expect({ reader, status: response.statusCode, data: response.json().data }).toEqual({
        reader,
        status: 200,
        data: {
          milestones: [
            { name: 'Financial close', reachedOn: null, standard: true },
            { name: 'First disbursement', reachedOn: null, standard: true },
          ],
          canManage,
        },
      });
    }
  });

  it('refuses readers and writers outside the company, and those who may not set them', async () => {
    for (const reader of ['otherClient', 'betaOwner'] as const) {
      expect((await world.as[reader]({ method: 'GET', url: url(world.acmeId) })).statusCode).toBe(
        404,
      );
    }
    const milestones = [{ name: 'Financial close', reachedOn: day(-10) }];
    expect((await put(milestones, 'otherClient')).statusCode).toBe(404);
    for (const writer of ['clientViewer', 'auditorOwner', 'companyOwner'] as const) {
      expect((await put(milestones, writer)).statusCode).toBe(403);
    }
    const { rows } = await app.db.query('SELECT 1 FROM target_company_milestones');
    expect(rows).toHaveLength(0);
  });

  it('keeps an item due relative to financial close waiting, never overdue, until the close is reached', async () => {
    await addGap({
      gapName: 'ESMS in place',
      dueDate: null,
      dueMilestone: 'financial close',
      dueOffsetMonths: 6,
      conditionType: 'subsequent',
      loanClause: 'Clause 21.3(b)',
    });
    expect(await gapNamed('ESMS in place')).toMatchObject({
      dueDate: null,
      dueMilestone: 'Financial close',
      dueOffsetMonths: 6,
      dueOffsetDays: 0,
      loanClause: 'Clause 21.3(b)',
      displayStatus: 'open',
    });

    // Reached eight months ago: due two months ago, overdue at once, in the plan's figures too.
    const reached = day(-243);
    const response = await put([
      { name: 'First disbursement', reachedOn: null },
      { name: 'Financial close', reachedOn: reached },
      { name: 'Commercial operation date', reachedOn: '' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.milestones).toEqual([
      { name: 'Financial close', reachedOn: reached, standard: true },
      { name: 'First disbursement', reachedOn: null, standard: true },
      { name: 'Commercial operation date', reachedOn: null, standard: false },
    ]);
    const due = milestoneDueDate(reached, 6, 0)!.toISOString();
    expect(await gapNamed('ESMS in place')).toMatchObject({
      dueDate: due,
      displayStatus: 'overdue',
    });
    expect((await plan()).statistics.overdueGaps).toBe(1);
    const kept = await keptOverdue();
    expect(kept.kept).toBe(kept.counted);
    expect(kept.kept).toBeGreaterThan(0);

    // Cleared (the date was wrong): waiting again, and no longer counted overdue.
    expect((await put([{ name: 'Financial close', reachedOn: null }])).statusCode).toBe(200);
    expect(await gapNamed('ESMS in place')).toMatchObject({ dueDate: null, displayStatus: 'open' });
    expect((await plan()).statistics.overdueGaps).toBe(0);
    const cleared = await keptOverdue();
    expect(cleared.kept).toBe(cleared.counted);
    expect(cleared.kept).toBe(kept.kept - 1);
  });

  it('gives an item saved after its milestone was reached its due date at once', async () => {
    const reached = day(-5);
    expect(
      (await put([{ name: 'First disbursement', reachedOn: reached }, { name: 'COD' }])).statusCode,
    ).toBe(200);
    await addGap({ gapName: 'Before disbursement', dueMilestone: 'First disbursement' });
    await addGap({ gapName: 'After COD', dueMilestone: 'COD', dueOffsetDays: 90 });
    expect(await gapNamed('Before disbursement')).toMatchObject({
      dueDate: milestoneDueDate(reached, 0, 0)!.toISOString(),
      displayStatus: 'overdue',
    });
    expect(await gapNamed('After COD')).toMatchObject({ dueDate: null, dueOffsetDays: 90 });
  });

  it('refuses to remove a milestone items are due relative to, and changes nothing', async () => {
    const before = (await world.as.clientOwner({ method: 'GET', url: url(world.acmeId) })).json();
    const response = await put([{ name: 'Financial close', reachedOn: null }]);
    expect({ status: response.statusCode, message: response.json().message }).toEqual({
      status: 409,
      message: MILESTONE_MESSAGES.inUse('COD', 1),
    });
    const after = (await world.as.clientOwner({ method: 'GET', url: url(world.acmeId) })).json();
    expect(after).toEqual(before);
  });
});
