// A firm's dashboard cached by the API (docs/decisions/0063-auditor-dashboards-kept.md) never shows
// what has changed: after each kind of write a reader could otherwise miss (a gap's status through
// the routes, a count moved in the database with no notice, a company renamed, the firm unassigned,
// a gap falling due), the next read shows it, and every answer equals the figures computed
// afresh.
import type { FastifyInstance } from 'fastify';
import type { AuditorDashboard } from '@verity/shared-api/src/server';
import { companyGapStats } from '../../../src/dashboards/figures';
import { auditorScope } from '../../../src/dashboards/scopes';
import { buildTestApp } from '../../support/app';
import { expectCompressedCopies, readAsOfNow } from '../../support/cached-answers';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { addBetaGap, buildWorld, createPlan, gapsOf, type World } from '../action-plans/fixtures';

describe.each(databaseKinds)('the auditor dashboards cached on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let gapId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database, { SEED_DEMO: '0' });
    world = await buildWorld(app);
    gapId = (await gapsOf(world, await createPlan(world)))[0]!.id;
    // A gap at Beta Corp too, which the firm audits for the same client.
    await addBetaGap(app, world);
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const url = () => `/api/v1/dashboard/auditor?auditorId=${world.greenAuditId}`;
  // Whatever was cached, the figures as they are at the moment of the read.
  const read = () =>
    readAsOfNow(
      async () => {
        const response = await world.as.auditorViewer({ method: 'GET', url: url() });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        return response.json<{ success: true; data: AuditorDashboard }>().data;
      },
      async () => {
        const { projectsOverview, companies } = await companyGapStats(
          app.db,
          auditorScope(world.greenAuditId),
        );
        return { projectsOverview, targetCompanyActionPlanStats: companies };
      },
    );
  const acmeOf = (dashboard: AuditorDashboard) =>
    dashboard.targetCompanyActionPlanStats.find(
      (company) => company.targetCompanyId === world.acmeId,
    )!;

  it("is the same answer for each of the firm's users, sent compressed to a client that accepts it", async () => {
    const plain = await expectCompressedCopies((acceptEncoding) =>
      world.as.auditorOwner({
        method: 'GET',
        url: url(),
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      }),
    );
    const again = await world.as.auditorViewer({ method: 'GET', url: url() });
    expect(again.body).toBe(plain.body);
    // Another firm's dashboard stays refused while this one is cached.
    const other = await world.as.otherFirmOwner({ method: 'GET', url: url() });
    expect(other.statusCode).toBe(404);
  });

  it("shows a gap's status changed through the routes at the next read", async () => {
    const before = acmeOf(await read());
    const changed = await world.as.auditorOwner({
      method: 'PATCH',
      url: `/api/v1/gap/${gapId}/status`,
      query: { targetCompanyId: world.acmeId },
      payload: { status: 'provClosed' },
    });
    expect(changed.statusCode).toBe(200);
    const after = acmeOf(await read());
    expect(after.provClosed).toBe(before.provClosed + 1);
    expect(after.open).toBe(before.open - 1);
  });

  it('shows a count moved in the database with no notice (a repair, another tool)', async () => {
    const before = acmeOf(await read());
    await app.db.query(`UPDATE gaps SET status = 'closed' WHERE id = $1`, [gapId]);
    expect(acmeOf(await read()).closed).toBe(before.closed + 1);
    await app.db.query(`UPDATE gaps SET status = 'open' WHERE id = $1`, [gapId]);
    await read();
  });

  it('shows a company renamed', async () => {
    await read();
    await app.db.query(`UPDATE target_companies SET target_company_name = $2 WHERE id = $1`, [
      world.acmeId,
      'Acme Steel Holdings Ltd',
    ]);
    expect(acmeOf(await read()).targetCompanyName).toBe('Acme Steel Holdings Ltd');
  });

  it('counts a gap as overdue once its due date passes, with no write in between', async () => {
    // Due in a few seconds: enough for the first read to come before it even on a busy machine.
    await app.db.query(`UPDATE gaps SET due_date = now() + interval '5 seconds' WHERE id = $1`, [
      gapId,
    ]);
    const before = acmeOf(await read());
    const deadline = Date.now() + 30_000;
    let after = before;
    while (after.overdue === before.overdue && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = acmeOf(await read());
    }
    expect(after.overdue).toBe(before.overdue + 1);
  }, 45_000);

  it('drops a company as soon as the firm is unassigned from it', async () => {
    const ids = (dashboard: AuditorDashboard) =>
      dashboard.targetCompanyActionPlanStats.map((company) => company.targetCompanyId);
    expect(ids(await read())).toContain(world.betaId);
    await app.db.query(
      'DELETE FROM company_auditors WHERE target_company_id = $1 AND auditor_id = $2',
      [world.betaId, world.greenAuditId],
    );
    expect(ids(await read())).not.toContain(world.betaId);
  });
});
