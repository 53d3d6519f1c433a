import { randomUUID } from 'node:crypto';
import { listActionPlans } from '../../src/action-plans/action-plan-queries';
import { readableFigures } from '../../src/dashboards/figures';
import { clientScope } from '../../src/dashboards/scopes';
import type { Database, Queryable } from '../../src/db';
import { listPortfolioGaps } from '../../src/portfolio/portfolio-gaps';
import { openMigrated, statementsPreparedOn } from '../routes/dashboards/summary-world';

// Which routes' statements are prepared on a PostgreSQL connection
// (docs/decisions/0059-statements-planned-once.md): those whose plan does not follow their owner's
// size, and not a filter of one company's gaps, whose generic plan was made for the average
// company.
describe('statements the routes prepare on PostgreSQL', () => {
  let opened: Awaited<ReturnType<typeof openMigrated>>;
  let db: Database;

  beforeAll(async () => {
    opened = await openMigrated('postgres');
    db = opened.db;
  });
  afterAll(() => opened?.dispose());

  /** The statements `read` prepared on one connection. */
  const preparedBy = (read: (tx: Queryable) => Promise<unknown>) =>
    db.transaction(async (tx) => {
      const before = new Set(await statementsPreparedOn(tx));
      await read(tx);
      await read(tx);
      return (await statementsPreparedOn(tx)).filter((statement) => !before.has(statement));
    });

  const clientId = randomUUID();
  const companyId = randomUUID();

  it("prepares a dashboard's figures and a page of the plan list", async () => {
    const figures = await preparedBy((tx) => readableFigures(tx, clientScope(clientId)));
    expect(figures).toHaveLength(1);
    expect(figures[0]).toContain('FROM counts');
    const plans = await preparedBy((tx) => listActionPlans(tx, randomUUID(), {}));
    expect(plans).toHaveLength(1);
    expect(plans[0]).toContain('WITH visible AS');
  });

  it("leaves the gap explorer's filter of one company's gaps planned each time", async () => {
    const explorer = await preparedBy((tx) =>
      listPortfolioGaps(tx, clientScope(clientId), {
        targetCompanyId: companyId,
        requirement: 'IFC PS3',
        sort: 'risk',
        order: 'desc',
      }),
    );
    expect(explorer).toEqual([]);
  });
});
