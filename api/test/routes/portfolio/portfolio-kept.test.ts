// The portfolio's answers and the gap explorer's pages cached by the API (api/src/answer-cache.ts)
// never show what has changed: after each kind of write a reader may not see otherwise (a text edit through the
// routes, a count moved with no notice, a company renamed, a firm unassigned, a gap falling due), the
// next read shows it, and every answer equals the figures computed afresh.
import type { FastifyInstance } from 'fastify';
import type { Portfolio, PortfolioGapPage } from '@verity/shared-api/src/server';
import { auditorScope, clientScope } from '../../../src/dashboards/scopes';
import type { FigureScope } from '../../../src/dashboards/figures';
import { portfolioFigures } from '../../../src/portfolio/portfolio-figures';
import { listPortfolioGaps } from '../../../src/portfolio/portfolio-gaps';
import { buildTestApp } from '../../support/app';
import { expectCompressedCopies, readAsOfNow } from '../../support/cached-answers';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import {
  addBetaGap,
  buildWorld,
  createPlan,
  gapsOf,
  validPlan,
  type World,
} from '../action-plans/fixtures';

describe.each(databaseKinds)('the portfolio answers cached on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let gapId: string;
  let southbank: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database, { SEED_DEMO: '0' });
    world = await buildWorld(app);
    const planId = await createPlan(world, {
      ...validPlan(),
      gap: { ...validPlan().gap, gapName: 'Untreated wastewater', riskSeverity: 'high' },
    });
    gapId = (await gapsOf(world, planId))[0]!.id;
    // Long overdue: the first of the most overdue high-risk gaps.
    await app.db.query(`UPDATE gaps SET due_date = now() - interval '4000 days' WHERE id = $1`, [
      gapId,
    ]);
    southbank = (
      await app.db.query<{ client_id: string }>(
        'SELECT client_id FROM target_companies WHERE id = $1',
        [world.acmeId],
      )
    ).rows[0]!.client_id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const read = async (as: 'clientOwner' | 'auditorOwner') => {
    const response = await world.as[as]({ method: 'GET', url: '/api/v1/portfolio' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return response.json<{ success: true; data: Portfolio }>().data;
  };
  const scopes = () =>
    [
      ['clientOwner', clientScope(southbank)],
      ['auditorOwner', auditorScope(world.greenAuditId)],
    ] as const satisfies readonly (readonly ['clientOwner' | 'auditorOwner', FigureScope])[];

  /** Both portfolios as the route answers them, each checked against the figures computed afresh. */
  const readBoth = async () => {
    const answers: Portfolio[] = [];
    for (const [as, scope] of scopes()) {
      // Whatever was cached, the figures as they are at the moment of the read.
      answers.push(
        await readAsOfNow(
          () => read(as),
          () => portfolioFigures(app.db, scope),
        ),
      );
    }
    return answers;
  };
  /** The explorer's page of high-risk gaps for both readers, each checked against a fresh read. */
  const explorerBoth = async () => {
    const pages: PortfolioGapPage[] = [];
    for (const [as, scope] of scopes()) {
      pages.push(
        await readAsOfNow(
          async () => {
            const response = await world.as[as]({
              method: 'GET',
              url: '/api/v1/portfolio/gaps?risk=high&pageSize=50',
            });
            expect(response.statusCode).toBe(200);
            return response.json<{ data: PortfolioGapPage }>().data;
          },
          () =>
            listPortfolioGaps(app.db, scope, { risk: ['high'], pageSize: 50 }).then((page) =>
              JSON.parse(JSON.stringify(page)),
            ),
        ),
      );
    }
    return pages;
  };
  const rowOf = (page: PortfolioGapPage) => page.gaps.find((gap) => gap.id === gapId);
  const acmeOf = (portfolio: Portfolio) =>
    portfolio.companies.find((company) => company.targetCompanyId === world.acmeId);

  it('is sent compressed to a client that accepts it (brotli first, else gzip), the same JSON', async () => {
    await expectCompressedCopies((acceptEncoding) =>
      world.as.clientOwner({
        method: 'GET',
        url: '/api/v1/portfolio',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      }),
    );
  });

  it("sends the gap explorer's page compressed too, the same JSON", async () => {
    const plain = await expectCompressedCopies((acceptEncoding) =>
      world.as.clientOwner({
        method: 'GET',
        url: '/api/v1/portfolio/gaps?pageSize=50',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      }),
    );
    expect(plain.json<{ data: { total: number } }>().data.total).toBeGreaterThan(0);
  });

  it('shows a text edit through the routes at the next read, for the client and the firm', async () => {
    for (const page of await explorerBoth())
      expect(rowOf(page)?.gapName).toBe('Untreated wastewater');
    for (const portfolio of await readBoth())
      expect(portfolio.mostOverdueHighRisk[0]).toMatchObject({
        id: gapId,
        gapName: 'Untreated wastewater',
      });
    const { rows } = await app.db.query<{ version: number }>(
      'SELECT version FROM gaps WHERE id = $1',
      [gapId],
    );
    const edit = await world.as.auditorOwner({
      method: 'PUT',
      url: `/api/v1/gap/${gapId}`,
      query: { auditId: world.audits.ap },
      payload: { gapName: 'Untreated wastewater to the river', version: rows[0]!.version },
    });
    expect(edit.statusCode).toBe(200);
    for (const portfolio of await readBoth())
      expect(portfolio.mostOverdueHighRisk[0]).toMatchObject({
        id: gapId,
        gapName: 'Untreated wastewater to the river',
      });
    for (const page of await explorerBoth())
      expect(rowOf(page)?.gapName).toBe('Untreated wastewater to the river');
  });

  it('shows a count moved in the database with no notice (a repair, another tool)', async () => {
    const [before] = await readBoth();
    await app.db.query(`UPDATE gaps SET status = 'closed' WHERE id = $1`, [gapId]);
    const [after] = await readBoth();
    await explorerBoth();
    expect(acmeOf(after!)!.open).toBe(acmeOf(before!)!.open - 1);
    expect(after!.mostOverdueHighRisk.map((gap) => gap.id)).not.toContain(gapId);
    await app.db.query(`UPDATE gaps SET status = 'open' WHERE id = $1`, [gapId]);
    const [reopened] = await readBoth();
    expect(acmeOf(reopened!)!.open).toBe(acmeOf(before!)!.open);
  });

  it('shows a company renamed', async () => {
    await readBoth();
    await app.db.query(`UPDATE target_companies SET target_company_name = $2 WHERE id = $1`, [
      world.acmeId,
      'Acme Steel Holdings Ltd',
    ]);
    for (const portfolio of await readBoth()) {
      expect(acmeOf(portfolio)!.targetCompanyName).toBe('Acme Steel Holdings Ltd');
      expect(portfolio.mostOverdueHighRisk[0]!.targetCompanyName).toBe('Acme Steel Holdings Ltd');
    }
    for (const page of await explorerBoth())
      expect(rowOf(page)?.targetCompanyName).toBe('Acme Steel Holdings Ltd');
  });

  it("drops a company from a firm's portfolio as soon as the firm is unassigned", async () => {
    // A gap at Beta Corp, which the firm audits for the same client.
    await addBetaGap(app, world);
    const firmBefore = await read('auditorOwner');
    expect(firmBefore.companies.map((company) => company.targetCompanyId)).toContain(world.betaId);

    await app.db.query(
      'DELETE FROM company_auditors WHERE target_company_id = $1 AND auditor_id = $2',
      [world.betaId, world.greenAuditId],
    );
    const firmAfter = await read('auditorOwner');
    expect(firmAfter.companies.map((company) => company.targetCompanyId)).not.toContain(
      world.betaId,
    );
    expect(firmAfter.matrix.map((cell) => cell.targetCompanyId)).not.toContain(world.betaId);
    expect(firmAfter).toEqual(await portfolioFigures(app.db, auditorScope(world.greenAuditId)));
  });

  it('counts a gap as overdue once its due date passes, with no write in between', async () => {
    // Due in a few seconds: enough for the first read to come before it even on a busy machine.
    await app.db.query(`UPDATE gaps SET due_date = now() + interval '5 seconds' WHERE id = $1`, [
      gapId,
    ]);
    const before = await read('clientOwner');
    expect(before.mostOverdueHighRisk.map((gap) => gap.id)).not.toContain(gapId);
    const overduePage = await world.as.clientOwner({
      method: 'GET',
      url: '/api/v1/portfolio/gaps?status=overdue&pageSize=50',
    });
    expect(
      overduePage.json<{ data: PortfolioGapPage }>().data.gaps.map((gap) => gap.id),
    ).not.toContain(gapId);
    const overdueBefore = acmeOf(before)!.overdue;
    // Read again until the gap shows overdue: the cached answer ends at its due date.
    const deadline = Date.now() + 30_000;
    let after = before;
    while (acmeOf(after)!.overdue === overdueBefore && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await read('clientOwner');
    }
    expect(acmeOf(after)!.overdue).toBe(overdueBefore + 1);
    expect(after.mostOverdueHighRisk.map((gap) => gap.id)).toContain(gapId);
    // The explorer's page of overdue gaps, asked before the due date too, shows it as well.
    const overdue = await world.as.clientOwner({
      method: 'GET',
      url: '/api/v1/portfolio/gaps?status=overdue&pageSize=50',
    });
    expect(overdue.json<{ data: PortfolioGapPage }>().data.gaps.map((gap) => gap.id)).toContain(
      gapId,
    );
  }, 45_000);
});
