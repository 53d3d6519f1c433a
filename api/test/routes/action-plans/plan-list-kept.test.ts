// An audit's plan list cached by the API (docs/decisions/0062-plan-list-answers-kept.md) never shows
// what has changed: after each kind of write a reader could otherwise miss (a gap's text edited
// through the routes, a count moved in the database with no notice, a plan added or edited, a gap
// falling due), the next read shows it, every answer equals the list computed afresh, and a cached
// answer is never given to a reader who may not see the audit.
import type { FastifyInstance } from 'fastify';
import type { ActionPlanPage } from '@verity/shared-api/src/server';
import { listActionPlans } from '../../../src/action-plans/action-plan-queries';
import { buildTestApp } from '../../support/app';
import { expectCompressedCopies, readAsOfNow } from '../../support/cached-answers';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import {
  buildWorld,
  addGap,
  createPlan,
  editGap,
  editPlan,
  expectRefused,
  gapsOf,
  validGap,
  validPlan,
  type World,
} from './fixtures';

type Reader = 'clientOwner' | 'auditorViewer' | 'companyOwner';

describe.each(databaseKinds)('the plan lists cached on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let planId: string;
  let gapId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database, { SEED_DEMO: '0' });
    world = await buildWorld(app);
    planId = await createPlan(world, {
      ...validPlan(),
      actionPlanHeading: 'Wastewater treatment',
      gap: { ...validGap(), gapName: 'Untreated wastewater' },
    });
    gapId = (await gapsOf(world, planId))[0]!.id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const url = () => `/api/v1/action-plan/${world.audits.ap}/action-plans`;
  // Whatever was cached, the list as it is at the moment of the read.
  const read = (as: Reader = 'clientOwner', query: Record<string, string> = {}) =>
    readAsOfNow(
      async () => {
        const response = await world.as[as]({
          method: 'GET',
          url: url(),
          query: { targetCompanyId: world.acmeId, ...query },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        return response.json<{ success: true; data: ActionPlanPage }>().data;
      },
      async () =>
        (await listActionPlans(app.db, world.audits.ap, {
          page: query.page ? Number(query.page) : undefined,
          search: query.search,
        }))!,
    );
  const ours = (list: ActionPlanPage) => list.actionPlans.find((plan) => plan.id === planId)!;

  it('is the same answer for every reader who may see the audit, sent compressed to a client that accepts it', async () => {
    const plain = await expectCompressedCopies((acceptEncoding) =>
      world.as.clientOwner({
        method: 'GET',
        url: url(),
        query: { targetCompanyId: world.acmeId },
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      }),
    );
    for (const as of ['auditorViewer', 'companyOwner'] as const) {
      const other = await world.as[as]({
        method: 'GET',
        url: url(),
        query: { targetCompanyId: world.acmeId },
      });
      expect(other.body).toBe(plain.body);
    }
  });

  it('refuses a reader who may not see the audit, or names another company, while an answer is cached', async () => {
    await read();
    await expectRefused(
      world,
      url(),
      [
        ['otherClient', world.acmeId],
        ['otherFirmOwner', world.acmeId],
        ['betaOwner', world.acmeId],
        ['clientOwner', world.betaId],
      ],
      planId,
    );
  });

  it("shows a gap's text edited through the routes at the next read, searched or not", async () => {
    expect(ours(await read()).gaps[0]).toMatchObject({
      id: gapId,
      gapName: 'Untreated wastewater',
    });
    expect((await read('clientOwner', { search: 'river' })).total).toBe(0);
    await editGap(app, world, gapId, { gapName: 'Untreated wastewater to the river' });
    expect(ours(await read()).gaps[0]).toMatchObject({
      id: gapId,
      gapName: 'Untreated wastewater to the river',
    });
    expect((await read('clientOwner', { search: 'river' })).actionPlans.map((p) => p.id)).toEqual([
      planId,
    ]);
  });

  it('shows a count moved in the database with no notice (a repair, another tool)', async () => {
    const before = ours(await read());
    await app.db.query(`UPDATE gaps SET status = 'closed' WHERE id = $1`, [gapId]);
    const after = ours(await read());
    expect(after.statistics.closedGaps).toBe(before.statistics.closedGaps + 1);
    expect(after.gaps[0]!.status).toBe('closed');
    await app.db.query(`UPDATE gaps SET status = 'open' WHERE id = $1`, [gapId]);
    expect(ours(await read()).statistics).toEqual(before.statistics);
  });

  it('shows a plan edited, a gap added and a plan added at the next read', async () => {
    const before = await read();
    await editPlan(app, world, planId, { actionPlanHeading: 'Wastewater and effluent treatment' });
    expect(ours(await read()).actionPlanHeading).toBe('Wastewater and effluent treatment');

    await addGap(world, planId, { ...validGap(), gapName: 'No effluent sampling' });
    const withGap = ours(await read());
    expect(withGap.statistics.totalGaps).toBe(ours(before).statistics.totalGaps + 1);
    expect(withGap.gaps[0]!.gapName).toBe('No effluent sampling');

    await createPlan(world, { ...validPlan(), actionPlanHeading: 'Noise at the boundary' });
    const withPlan = await read();
    expect(withPlan.total).toBe(before.total + 1);
    expect(withPlan.actionPlans[0]!.actionPlanHeading).toBe('Noise at the boundary');
  });

  it('counts a gap as overdue once its due date passes, with no write in between', async () => {
    // Due in a few seconds: enough for the first read to come before it even on a busy machine.
    await app.db.query(`UPDATE gaps SET due_date = now() + interval '5 seconds' WHERE id = $1`, [
      gapId,
    ]);
    const before = ours(await read());
    expect(before.gaps.find((gap) => gap.id === gapId)!.displayStatus).toBe('open');
    const overdueBefore = before.statistics.overdueGaps;
    // Read again until the gap shows overdue: the cached answer ends at its due date.
    const deadline = Date.now() + 30_000;
    let after = before;
    while (after.statistics.overdueGaps === overdueBefore && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = ours(await read());
    }
    expect(after.statistics.overdueGaps).toBe(overdueBefore + 1);
    expect(after.overallStatus).toBe('overdue');
    expect(after.gaps.find((gap) => gap.id === gapId)!.displayStatus).toBe('overdue');
  }, 45_000);

  it("refuses a firm's reader at the next read once the firm is unassigned from the company", async () => {
    expect((await read('auditorViewer')).total).toBeGreaterThan(0);
    await app.db.query(
      'DELETE FROM company_auditors WHERE target_company_id = $1 AND auditor_id = $2',
      [world.acmeId, world.greenAuditId],
    );
    await expectRefused(world, url(), [['auditorViewer', world.acmeId]], planId);
  });
});
