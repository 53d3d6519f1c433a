// A kept answer is served while its token is unchanged (api/src/answer-cache.ts), so a token must
// read every table its answer reads: a field added to an answer from a table the token does not
// digest would go stale. Each pair below is checked by the database's own plans of the two
// statements (EXPLAIN), so a join added to an answer fails here until its token reads that table
// too. (A table the token reads only for its tenancy check counts as read: a field shown from one
// must also be digested, which this check cannot tell.) The company and client dashboards are kept
// on the figure notices, not on a token, and are not checked here.
import type { Database, Queryable } from '../src/db';
import { openDatabase } from '../src/db';
import {
  planDetailToken,
  planListToken,
  readActionPlanDetail,
  readActionPlanPage,
} from '../src/action-plans/action-plan-queries';
import { companyGapStats } from '../src/dashboards/figures';
import { auditorScope, clientScope } from '../src/dashboards/scopes';
import { portfolioToken, readPortfolio } from '../src/portfolio/portfolio-figures';
import type { SessionUser } from '@verity/shared-api/src/server';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases';

const PLAN = '30000000-0000-4000-8000-000000000001';
const AUDIT = '20000000-0000-4000-8000-000000000001';
const COMPANY = '10000000-0000-4000-8000-000000000001';
const CLIENT = '00000000-0000-4000-8000-00000000c000';
const FIRM = '00000000-0000-4000-8000-00000000a000';

const reader = (user: Partial<SessionUser>): SessionUser => ({
  fullname: 'Reader',
  emailId: 'reader@verity.test',
  organisationName: 'Reader',
  role: 'owner',
  ...(user as Pick<SessionUser, '_id' | 'userType'>),
});
const readers = {
  client: reader({ _id: CLIENT, userType: 'client', clientId: CLIENT }),
  auditor: reader({ _id: FIRM, userType: 'auditor', auditorId: FIRM }),
  company: reader({ _id: COMPANY, userType: 'targetCompany', targetCompanyId: COMPANY }),
};

/** Tables read only to decide who may see an answer: the token does the same check on every request. */
const ACCESS_TABLES = new Set([
  'audits',
  'company_auditors',
  'client_auditors',
  'target_companies',
]);

describe.each(databaseKinds)('the tokens of the kept answers on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { template: 'migrated' });
    db = await openDatabase({
      databaseUrl: database.env.DATABASE_URL,
      dataDir: database.env.DATA_DIR,
    });
  });
  afterAll(async () => {
    await db?.close();
    await database?.dispose();
  });

  /** The tables the statements `run` sends read, by the database's own plans of them. */
  async function tablesRead(run: (db: Queryable) => Promise<unknown>): Promise<Set<string>> {
    const statements: { sql: string; params?: unknown[] }[] = [];
    const recording = {
      query: ((sql: string, params?: unknown[]) => {
        statements.push({ sql, params });
        return db.query(sql, params);
      }) as Queryable['query'],
      // Its statements recorded one by one, outside any transaction.
      transaction: <T>(fn: (tx: Queryable) => Promise<T>) => fn(recording),
    };
    await run(recording);
    const tables = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== 'object') return;
      for (const [field, value] of Object.entries(node)) {
        if (field === 'Relation Name' && typeof value === 'string') tables.add(value);
        else walk(value);
      }
    };
    for (const { sql, params } of statements) {
      if (!/^\s*(WITH|SELECT)\b/i.test(sql)) continue;
      const { rows } = await db.query<Record<string, unknown>>(
        `EXPLAIN (FORMAT JSON) ${sql}`,
        params,
      );
      const plan = Object.values(rows[0]!)[0];
      walk(typeof plan === 'string' ? JSON.parse(plan) : plan);
    }
    return tables;
  }

  const expectCovered = async (
    answer: (db: Queryable) => Promise<unknown>,
    token: (db: Queryable) => Promise<unknown>,
    coveredOtherwise: string[] = [],
  ) => {
    const read = await tablesRead(answer);
    const digested = await tablesRead(token);
    expect(read.size).toBeGreaterThan(0);
    const missing = [...read].filter(
      (table) =>
        !digested.has(table) && !ACCESS_TABLES.has(table) && !coveredOtherwise.includes(table),
    );
    expect(missing).toEqual([]);
  };

  it.each(['client', 'auditor', 'company'] as const)(
    "covers a plan's detail as read by its %s",
    async (reader) => {
      await expectCovered(
        (q) => readActionPlanDetail(q, PLAN, readers[reader], COMPANY),
        (q) => planDetailToken(q, PLAN, readers[reader], COMPANY),
        // A user's name is not shown in the detail: users is read for the reader's own access only.
        ['users'],
      );
    },
  );

  it("covers the figures of a firm's dashboard", async () => {
    await expectCovered(
      (q) => companyGapStats(q, auditorScope(FIRM), { nextDue: true }),
      (q) => portfolioToken(q, auditorScope(FIRM)),
      // What moves by the clock alone (the next gap due) is the answer's expiry.
      ['gaps'],
    );
  });

  it("covers a client's portfolio", async () => {
    await expectCovered(
      (q) => readPortfolio(q as Database, clientScope(CLIENT)),
      (q) => portfolioToken(q, clientScope(CLIENT)),
      // Written by the gap writes that also write the company summaries the token digests or append
      // to the change history whose newest entry it reads (the lists' texts, a gap's requirement).
      [
        'gaps',
        'action_plans',
        'company_requirement_summaries',
        'company_sdg_summaries',
        'company_closure_summaries',
      ],
    );
  });

  it("covers an audit's plan list, with the change history's newest entry for the gaps' texts", async () => {
    await expectCovered(
      (q) =>
        readActionPlanPage(
          q as Database,
          AUDIT,
          {},
          { reader: readers.client, targetCompanyId: COMPANY, nextDue: true },
        ),
      (q) => planListToken(q, AUDIT, readers.client, COMPANY),
      // Every write to a gap through the routes appends to change_history, which the token reads.
      ['gaps', 'action_plan_summaries'],
    );
  });
});
