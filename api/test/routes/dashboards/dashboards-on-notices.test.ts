// The company and client dashboards invalidated by the figure notices
// (docs/decisions/0064-dashboards-kept-on-the-databases-word.md): served from the cache with no
// statement at all while nothing they show has changed, and never showing what has: a write through
// the routes shows at the next read, a write made in the database by anything else as soon as its
// notice is received, a
// plan's timeline or a gap's due date passing with no write at all. Who may read them is decided as
// before, whatever is cached.
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../src/db';
import type { ClientDashboard } from '@verity/shared-api/src/server';
import {
  actionPlanFigures,
  companyGapStats,
  type ActionPlanFigures,
} from '../../../src/dashboards/figures';
import { clientScope, companyScope } from '../../../src/dashboards/scopes';
import { FENCE_COOKIE, FENCE_COOKIE_SECONDS } from '../../../src/live/figure-notices';
import { waitFor } from '../../support/api-process';
import { expectCompressedCopies } from '../../support/cached-answers';
import { countingApp, type counting } from '../../support/counting';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { buildWorld, createPlan, gapsOf, type World } from '../action-plans/fixtures';

type Reader = keyof World['as'];

describe.each(databaseKinds)('dashboards cached on the figure notices on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let count: ReturnType<typeof counting>;
  let world: World;
  let planId: string;
  let gapId: string;
  let southbankId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app, db, count } = await countingApp(database, { SEED_DEMO: '0' }));
    world = await buildWorld(app);
    // A plan of one open gap: the gap provisionally closed makes the plan provisionally closed.
    planId = await createPlan(world);
    southbankId = (
      await app.db.query<{ id: string }>(
        'SELECT client_id AS id FROM target_companies WHERE id = $1',
        [world.acmeId],
      )
    ).rows[0]!.id;
    gapId = (await gapsOf(world, planId))[0]!.id;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await database?.dispose();
  });

  /** A dashboard: where it is read, and its figures computed afresh as the database has them now. */
  interface View<T> {
    url: () => string;
    fresh: () => Promise<T>;
  }
  const company: View<ActionPlanFigures> = {
    url: () => `/api/v1/dashboard/target-company?targetCompanyId=${world.acmeId}`,
    fresh: () => actionPlanFigures(app.db, companyScope(world.acmeId)),
  };
  const client: View<ClientDashboard> = {
    url: () => '/api/v1/dashboard/client',
    fresh: async () => {
      const scope = clientScope(southbankId);
      const [figures, stats] = await Promise.all([
        actionPlanFigures(app.db, scope),
        companyGapStats(app.db, scope),
      ]);
      return { ...figures, targetCompanyActionPlanStats: stats.companies };
    },
  };
  const fresh = company.fresh;
  const ask = (
    reader: Reader,
    headers: Record<string, string> = {},
    cookies = {},
    view = company,
  ) => world.as[reader]({ method: 'GET', url: view.url(), headers, cookies });
  /** The dashboard as `reader` reads it, and the statements that read cost. */
  async function readView<T>(view: View<T>, reader: Reader, cookies = {}) {
    count.reset();
    const response = await world.as[reader]({ method: 'GET', url: view.url(), cookies });
    const statements = [...count.seen.statements];
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return { figures: response.json<{ data: T }>().data, statements };
  }
  /** Reads until the dashboard shows the figures as they are now (a change received by its notice). */
  async function untilCurrentView<T>(view: View<T>, reader: Reader) {
    let shown: T | undefined;
    await waitFor(async () => {
      shown = (await readView(view, reader)).figures;
      return JSON.stringify(shown) === JSON.stringify(await view.fresh());
    }, 'the dashboard to show the figures as they are');
    return shown!;
  }
  const read = (reader: Reader = 'clientOwner', cookies = {}) => readView(company, reader, cookies);
  const untilCurrent = (reader: Reader = 'clientOwner') => untilCurrentView(company, reader);
  const cachedView = <T>(view: View<T>, reader: Reader) =>
    waitFor(
      async () => (await readView(view, reader)).statements.length === 0,
      'the figures cached',
    );
  const provClosed = (figures: ActionPlanFigures) => figures.actionPlans.statusOverview.provClosed;

  it("is read once, then sent with no statement to the company's client and to the company", async () => {
    for (const reader of ['clientOwner', 'companyOwner'] as const) {
      await read(reader);
      const again = await read(reader);
      expect(again.figures).toEqual(await fresh());
      expect(again.statements).toEqual([]);
    }
    // Another user of the same client: the same bytes, cached.
    await read('clientViewer');
    const viewer = await read('clientViewer');
    expect(viewer.statements).toEqual([]);
    expect(viewer.figures).toEqual((await read('clientOwner')).figures);
  });

  it('is sent compressed to a client that accepts it', async () => {
    await expectCompressedCopies((acceptEncoding) =>
      ask('companyViewer', acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    );
  });

  it("stays refused to another client and another company while it is cached, and an auditor's is read afresh", async () => {
    await read('clientOwner');
    for (const reader of ['otherClient', 'betaOwner'] as const) {
      const refused = await ask(reader);
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain('actionPlans');
    }
    // The firm sees only its own audits' plans, read with a statement every time.
    const firm = await read('auditorOwner');
    expect(firm.statements).toHaveLength(1);
    expect((await read('auditorOwner')).statements).toHaveLength(1);
    const other = await read('otherFirmOwner');
    expect(other.figures.actionPlans.statusOverview.total).toBeLessThan(
      firm.figures.actionPlans.statusOverview.total,
    );
  });

  it('shows a write through the routes at the very next read, its notice not received yet', async () => {
    const before = await untilCurrent();
    await cachedView(company, 'clientOwner');
    // The notices held back, as when they are slow to come: the write's and its fence.
    const notices = app.figureNotices;
    const held: string[] = [];
    const receive = notices.notice.bind(notices);
    notices.notice = (payload) => void held.push(payload);
    let fence: { name: string; value: string } | undefined;
    try {
      const written = await world.as.auditorOwner({
        method: 'PATCH',
        url: `/api/v1/gap/${gapId}/status`,
        query: { targetCompanyId: world.acmeId },
        payload: { status: 'provClosed' },
      });
      expect(written.statusCode).toBe(200);
      fence = (written.cookies as { name: string; value: string }[]).find(
        (cookie) => cookie.name === FENCE_COOKIE,
      );
      expect(fence).toMatchObject({
        path: '/api/v1',
        httpOnly: true,
        sameSite: 'Lax',
        maxAge: FENCE_COOKIE_SECONDS,
      });
      // Until this process receives its fence, every reader's dashboard is read afresh.
      await waitFor(() => held.includes(`f:${fence!.value}`), 'the fence sent');
      for (const reader of ['clientOwner', 'companyViewer'] as const) {
        const after = await read(reader);
        expect(after.statements).toHaveLength(1);
        expect(provClosed(after.figures)).toBe(provClosed(before) + 1);
      }
    } finally {
      notices.notice = receive;
      for (const payload of held) receive(payload);
    }
    expect((await read()).figures).toEqual(await fresh());
    // Once the fence is received, the new figures are cached in turn, for the writer's browser too.
    await waitFor(async () => (await read()).statements.length === 0, 'the new figures cached');
    expect((await read('clientOwner', { [FENCE_COOKIE]: fence!.value })).statements).toEqual([]);
  });

  it('shows a count moved in the database by anything else once its notice is received', async () => {
    const before = await untilCurrent();
    await app.db.query(`UPDATE gaps SET status = 'open' WHERE id = $1`, [gapId]);
    const after = await untilCurrent();
    expect(provClosed(after)).toBe(provClosed(before) - 1);
  });

  it('counts a plan as overdue once its timeline passes, with no write in between', async () => {
    // A few seconds ahead: enough for the first reads to come before it even on a busy machine.
    await app.db.query(
      `UPDATE action_plans SET timeline = now() + interval '5 seconds' WHERE id = $1`,
      [planId],
    );
    const overdue = (figures: ActionPlanFigures) =>
      figures.actionPlans.timelineAnalysis.find((slice) => slice.name === 'Overdue')!.value;
    const before = await untilCurrent();
    // Cached, though it moves by the clock in a few seconds.
    await cachedView(company, 'clientOwner');
    await waitFor(
      async () => overdue((await read()).figures) === overdue(before) + 1,
      'the plan overdue',
    );
    expect((await read()).figures).toEqual(await fresh());
  }, 45_000);

  it("counts a second plan overdue at its own timeline, after the company's summary moment has passed", async () => {
    // Two plans passing a few seconds apart: once the first has passed, the company's summary row
    // still names that moment (until the hourly roll), and the cached answer must end at the second.
    const second = await createPlan(world);
    await app.db.query(
      `UPDATE action_plans SET timeline = now() + CASE WHEN id = $1 THEN interval '4 seconds'
         ELSE interval '14 seconds' END WHERE id = ANY ($2)`,
      [planId, [planId, second]],
    );
    const overdue = (figures: ActionPlanFigures) =>
      figures.actionPlans.timelineAnalysis.find((slice) => slice.name === 'Overdue')!.value;
    const before = await untilCurrent();
    await waitFor(
      async () => overdue((await read()).figures) === overdue(before) + 1,
      'the first plan overdue',
    );
    // Cached again in between, though the summary's moment has passed.
    await cachedView(company, 'clientOwner');
    expect(overdue((await read()).figures)).toBe(overdue(before) + 1);
    await waitFor(
      async () => overdue((await read()).figures) === overdue(before) + 2,
      'the second plan overdue',
    );
    expect((await read()).figures).toEqual(await fresh());
  }, 45_000);

  it('serves nothing cached while not listening to the notices, to a browser whose fence is not received, or to a read asking afresh', async () => {
    await untilCurrent();
    await cachedView(company, 'clientOwner');
    // A fence no process has received (sent a moment ago through another process, say).
    const unreceived = await read('clientOwner', {
      [FENCE_COOKIE]: '6f1c1d2e-0b7a-4c55-9e53-3f0f8a2b9c41',
    });
    expect(unreceived.statements).toHaveLength(1);
    // A read that asks for figures computed afresh: a screen after a live change, a hard reload.
    // Whatever a browser sends as its fence or its cache directives: read afresh or cached, never refused.
    for (const fence of ['x'.repeat(4000), 'f:../../%00;', '-1']) {
      expect((await read('clientOwner', { [FENCE_COOKIE]: fence })).statements).toHaveLength(1);
    }
    expect((await ask('clientOwner', { 'cache-control': 'max-age=-1, ,,' })).statusCode).toBe(200);
    const afresh: Record<string, string>[] = [
      { 'cache-control': 'no-cache' },
      { pragma: 'no-cache' },
    ];
    for (const headers of afresh) {
      count.reset();
      const asked = await ask('clientOwner', headers);
      expect(asked.statusCode).toBe(200);
      expect(count.seen.statements).toHaveLength(1);
      count.reset();
      await ask('clientOwner', headers, {}, client);
      expect(count.seen.statements).toHaveLength(2);
    }
    expect((await read()).statements).toEqual([]);
    app.figureNotices.notListening();
    try {
      expect((await read()).statements).toHaveLength(1);
      expect((await read()).statements).toHaveLength(1);
    } finally {
      app.figureNotices.listening();
    }
    await read();
    expect((await read()).statements).toEqual([]);
  });

  const acmeIn = (dashboard: ClientDashboard) =>
    dashboard.targetCompanyActionPlanStats.find((stats) => stats.targetCompanyId === world.acmeId)!;

  it("caches the client's dashboard for each of its users, and tells no other client of it", async () => {
    await untilCurrentView(client, 'clientOwner');
    await cachedView(client, 'clientOwner');
    const viewer = await readView(client, 'clientViewer');
    expect(viewer.statements).toEqual([]);
    expect(viewer.figures).toEqual(await client.fresh());
    const other = await readView(client, 'otherClient');
    expect(
      other.figures.targetCompanyActionPlanStats.map((stats) => stats.targetCompanyId),
    ).not.toContain(world.acmeId);
    const compressed = await ask('clientViewer', { 'accept-encoding': 'br' }, {}, client);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual({
      success: true,
      data: viewer.figures,
    });
  });

  it("shows a write through the routes in the client's dashboard at the very next read", async () => {
    const before = acmeIn(await untilCurrentView(client, 'clientOwner'));
    await cachedView(client, 'clientOwner');
    const notices = app.figureNotices;
    const held: string[] = [];
    const receive = notices.notice.bind(notices);
    notices.notice = (payload) => void held.push(payload);
    try {
      const written = await world.as.clientOwner({
        method: 'PATCH',
        url: `/api/v1/gap/${gapId}/status`,
        query: { targetCompanyId: world.acmeId },
        payload: { status: 'closed' },
      });
      expect(written.statusCode).toBe(200);
      const after = acmeIn((await readView(client, 'clientViewer')).figures);
      expect(after.closed).toBe(before.closed + 1);
    } finally {
      notices.notice = receive;
      for (const payload of held) receive(payload);
    }
    await untilCurrentView(client, 'clientOwner');
  });

  it('shows a company renamed and a company added once their notices are received', async () => {
    await untilCurrentView(client, 'clientOwner');
    await cachedView(client, 'clientOwner');
    await app.db.query('UPDATE target_companies SET target_company_name = $2 WHERE id = $1', [
      world.acmeId,
      'Acme Steel Holdings Ltd',
    ]);
    const renamed = await untilCurrentView(client, 'clientOwner');
    expect(acmeIn(renamed).targetCompanyName).toBe('Acme Steel Holdings Ltd');
    await app.db.query(
      `INSERT INTO target_companies (client_id, target_company_name, email_id)
       VALUES ($1, 'Delta Cement plc', 'delta@verity.test')`,
      [southbankId],
    );
    const added = await untilCurrentView(client, 'clientOwner');
    expect(added.targetCompanyActionPlanStats.map((stats) => stats.targetCompanyName)).toContain(
      'Delta Cement plc',
    );
  });

  it("counts a gap overdue in the client's dashboard once its due date passes, with no write in between", async () => {
    await app.db.query(
      `UPDATE gaps SET status = 'open', due_date = now() + interval '5 seconds' WHERE id = $1`,
      [gapId],
    );
    const before = acmeIn(await untilCurrentView(client, 'clientOwner'));
    await cachedView(client, 'clientOwner');
    await waitFor(
      async () =>
        acmeIn((await readView(client, 'clientOwner')).figures).overdue === before.overdue + 1,
      'the gap overdue',
    );
    expect((await readView(client, 'clientOwner')).figures).toEqual(await client.fresh());
  }, 45_000);
});
