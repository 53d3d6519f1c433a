// The action plan list one page at a time, each plan with its newest gaps, and a plan's gaps by page.
import type { FastifyInstance } from 'fastify';
import { LIST_MAX_PAGE_SIZE, PLAN_LIST_GAP_PREVIEW } from '@verity/shared-api/src/server';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { buildWorld, createPlan, validGap, validPlan, type World } from './fixtures';

interface ListedPlan {
  id: string;
  actionPlanHeading: string;
  statistics: { totalGaps: number };
  gaps: { id: string; gapName: string }[];
}

const PLANS = 23;
const heading = (n: number) => `Plan ${String(n).padStart(2, '0')}`;

describe.each(databaseKinds)('action plan list pages on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  /** Plan ids by number, 1 the oldest. */
  const planIds: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database);
    world = await buildWorld(app);
    for (let n = 1; n <= PLANS; n += 1) {
      planIds[n] = await createPlan(world, { ...validPlan(), actionPlanHeading: heading(n) });
    }
    // The oldest plan has seven gaps: its first and six more.
    for (let n = 2; n <= 7; n += 1) await addGap(planIds[1] as string, `Gap ${n}`);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  async function addGap(planId: string, gapName: string) {
    const response = await world.as.auditorOwner({
      method: 'POST',
      url: `/api/v1/action-plan/${planId}/gaps`,
      query: { auditId: world.audits.ap },
      payload: { ...validGap(), gapName },
    });
    expect(response.statusCode).toBe(201);
  }

  const list = (query: Record<string, string> = {}) =>
    world.as.companyViewer({
      method: 'GET',
      url: `/api/v1/action-plan/${world.audits.ap}/action-plans`,
      query: { targetCompanyId: world.acmeId, ...query },
    });
  const planGaps = (planId: string, query: Record<string, string> = {}, companyId = world.acmeId) =>
    world.as.clientViewer({
      method: 'GET',
      url: `/api/v1/action-plan/${planId}/gaps`,
      query: { targetCompanyId: companyId, ...query },
    });
  const headings = (plans: ListedPlan[]) => plans.map((plan) => plan.actionPlanHeading);

  it('gives 20 plans a page, newest first, and the whole list across the pages', async () => {
    const first = (await list()).json().data;
    const second = (await list({ page: '2' })).json().data;
    expect(first).toMatchObject({ total: PLANS, page: 1, pageSize: 20 });
    expect(second).toMatchObject({ total: PLANS, page: 2, pageSize: 20 });
    const newestFirst = Array.from({ length: PLANS }, (_, i) => heading(PLANS - i));
    expect(headings(first.actionPlans)).toEqual(newestFirst.slice(0, 20));
    expect(headings(second.actionPlans)).toEqual(newestFirst.slice(20));
  });

  it('takes another page size up to the most, and answers a page past the end with no plans', async () => {
    const small = (await list({ pageSize: '5', page: '5' })).json().data;
    expect(headings(small.actionPlans)).toEqual([heading(3), heading(2), heading(1)]);
    const all = (await list({ pageSize: String(LIST_MAX_PAGE_SIZE) })).json().data;
    expect(all.actionPlans).toHaveLength(PLANS);
    const past = (await list({ page: '9' })).json().data;
    expect(past).toEqual({ actionPlans: [], total: PLANS, page: 9, pageSize: 20 });
  });

  it('counts and pages only the plans that pass the filters', async () => {
    const filtered = (await list({ search: 'Plan 1', pageSize: '4' })).json().data;
    // Plan 10 to Plan 19 match.
    expect(filtered.total).toBe(10);
    expect(headings(filtered.actionPlans)).toEqual([
      heading(19),
      heading(18),
      heading(17),
      heading(16),
    ]);
    const none = (await list({ search: 'no such plan', page: '2' })).json().data;
    expect(none).toMatchObject({ actionPlans: [], total: 0 });
  });

  it('pages the plans of one overall status, counts them, and answers past their end', async () => {
    // Every plan's gaps are open and not yet due: every plan is open, none closed.
    const open = (await list({ status: 'open', pageSize: '5', page: '5' })).json().data;
    expect(open.total).toBe(PLANS);
    expect(headings(open.actionPlans)).toEqual([heading(3), heading(2), heading(1)]);
    expect(open.actionPlans[2].statistics.totalGaps).toBe(7);
    const past = (await list({ status: 'open', page: '9' })).json().data;
    expect(past).toEqual({ actionPlans: [], total: PLANS, page: 9, pageSize: 20 });
    const closed = (await list({ status: 'closed' })).json().data;
    expect(closed).toMatchObject({ actionPlans: [], total: 0 });
  });

  it.each([
    [{ pageSize: String(LIST_MAX_PAGE_SIZE + 1) }, 'pageSize'],
    [{ pageSize: '0' }, 'pageSize'],
    [{ page: '0' }, 'page'],
    [{ page: 'two' }, 'page'],
  ])('refuses %j with a 400 naming the parameter', async (query, name) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(name);
  });

  it('carries each plan’s newest gaps and counts all of them', async () => {
    const page = (await list({ page: '2' })).json().data;
    const oldest = page.actionPlans.find((plan: ListedPlan) => plan.id === planIds[1]);
    expect(oldest.statistics.totalGaps).toBe(7);
    expect(oldest.gaps.map((gap: { gapName: string }) => gap.gapName)).toEqual(
      ['Gap 7', 'Gap 6', 'Gap 5', 'Gap 4', 'Gap 3'].slice(0, PLAN_LIST_GAP_PREVIEW),
    );
    const single = page.actionPlans.find((plan: ListedPlan) => plan.id === planIds[2]);
    expect(single.gaps).toHaveLength(1);
    expect(single.statistics.totalGaps).toBe(1);
  });

  it('gives a plan’s gaps by page in the order of the plan’s own page', async () => {
    const detail = await world.as.clientViewer({
      method: 'GET',
      url: `/api/v1/action-plan/${planIds[1]}`,
      query: { targetCompanyId: world.acmeId },
    });
    const detailIds = detail.json().data.gaps.map((gap: { id: string }) => gap.id);
    const all = (await planGaps(planIds[1] as string)).json().data;
    expect(all).toMatchObject({ total: 7, page: 1, pageSize: 20 });
    expect(all.gaps.map((gap: { id: string }) => gap.id)).toEqual(detailIds);
    const third = (await planGaps(planIds[1] as string, { pageSize: '3', page: '3' })).json().data;
    expect(third).toMatchObject({ total: 7, page: 3, pageSize: 3 });
    expect(third.gaps.map((gap: { id: string }) => gap.id)).toEqual(detailIds.slice(6));
  });

  it('keeps the list answer the same size however many gaps a plan gathers', async () => {
    const before = (await list({ page: '2' })).json().data;
    for (let n = 8; n <= 14; n += 1) await addGap(planIds[1] as string, `Gap ${n}`);
    const after = (await list({ page: '2' })).json().data;
    const oldest = (data: { actionPlans: ListedPlan[] }) =>
      data.actionPlans.find((plan) => plan.id === planIds[1]) as ListedPlan;
    expect(oldest(after).statistics.totalGaps).toBe(14);
    expect(oldest(after).gaps).toHaveLength(PLAN_LIST_GAP_PREVIEW);
    expect(oldest(before).gaps).toHaveLength(PLAN_LIST_GAP_PREVIEW);
    expect(oldest(after).gaps[0]?.gapName).toBe('Gap 14');
  });

  it('hides a plan’s gaps from other companies, and a plan asked for under the wrong company', async () => {
    expect((await planGaps(planIds[1] as string, {}, world.betaId)).statusCode).toBe(404);
    const foreign = await world.as.otherClient({
      method: 'GET',
      url: `/api/v1/action-plan/${planIds[1]}/gaps`,
      query: { targetCompanyId: world.acmeId },
    });
    expect(foreign.statusCode).toBe(404);
    const company = await world.as.betaOwner({
      method: 'GET',
      url: `/api/v1/action-plan/${planIds[1]}/gaps`,
      query: { targetCompanyId: world.acmeId },
    });
    expect(company.statusCode).toBe(404);
  });
});
