// Every cached route (api/src/answer-cache.ts) in one table: for each, every table its answer reads
// must invalidate its cached answer when written, so a field added to a cached answer cannot go stale
// without this failing. The tables an answer reads are taken from the database's own plans of its
// statements (EXPLAIN), so a join added to an answer fails here until it is covered:
//   - a route checked by a token: its token's statement reads the table too (it digests its rows'
//     versions; a table the token reads only for its tenancy check counts as read: a field shown
//     from one must also be digested, which this check cannot tell);
//   - a route invalidated by the figure notices: the table carries a trigger that notifies
//     `verity_figures` (migration 0035), so a write to it invalidates the answer in every process;
//   - otherwise, the row names why the table cannot make the answer stale.
// And every cache a route serves from must have its row: a route added to a cache fails here until
// it is listed.
import type { Database, Queryable } from '../src/db';
import { openDatabase } from '../src/db';
import {
  planDetailToken,
  planListToken,
  readActionPlanDetail,
  readActionPlanPage,
} from '../src/action-plans/action-plan-queries';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { companyGapStats, readableFiguresUntil } from '../src/dashboards/figures';
import { auditorScope, clientScope, visibleCompanyScope } from '../src/dashboards/scopes';
import { nextDueDate, portfolioToken, readPortfolio } from '../src/portfolio/portfolio-figures';
import { listPortfolioGaps } from '../src/portfolio/portfolio-gaps';
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

/** What invalidates a cached route's answer, as its cache declares (`validity` in answer-cache.ts). */
type Validity = { token: (db: Queryable) => Promise<unknown> } | 'figure-notices';

interface CachedRoute {
  route: string;
  /** The variable of the route plugin's `answerCache(...)` the route is served from. */
  cache: string;
  /** One case per kind of reader the answer is cached for: its statements, and what checks them. */
  cases: {
    reader: string;
    answer: (db: Queryable) => Promise<unknown>;
    validity: Validity;
  }[];
  /** Tables the answer reads that cannot make it stale, and why. */
  coveredOtherwise?: Record<string, string>;
}

/** What a gap write changes is also written to the summary rows it moves (their triggers). */
const GAPS_BY_THE_CLOCK =
  'read for what falls due by the clock alone (the answer expires then); a gap written moves its summary rows';

const CACHED_ROUTES: CachedRoute[] = [
  {
    route: 'GET /dashboard/auditor',
    cache: 'auditorDashboards',
    cases: [
      {
        reader: 'auditor',
        answer: (q) => companyGapStats(q, auditorScope(FIRM), { nextDue: true }),
        validity: { token: (q) => portfolioToken(q, auditorScope(FIRM)) },
      },
    ],
    coveredOtherwise: { gaps: GAPS_BY_THE_CLOCK },
  },
  {
    route: 'GET /dashboard/target-company',
    cache: 'figureDashboards',
    // An auditor's is not cached (its key is undefined): computed for each request.
    cases: (['client', 'company'] as const).map((reader) => ({
      reader,
      answer: (q: Queryable) =>
        readableFiguresUntil(q, visibleCompanyScope(readers[reader], COMPANY)),
      validity: 'figure-notices' as const,
    })),
  },
  {
    route: 'GET /dashboard/client',
    cache: 'figureDashboards',
    cases: [
      {
        reader: 'client',
        answer: (q) =>
          Promise.all([
            readableFiguresUntil(q, clientScope(CLIENT)),
            companyGapStats(q, clientScope(CLIENT), { nextDue: true }),
          ]),
        validity: 'figure-notices',
      },
    ],
    coveredOtherwise: { gaps: GAPS_BY_THE_CLOCK },
  },
  {
    route: 'GET /portfolio',
    cache: 'portfolios',
    cases: (['client', 'auditor'] as const).map((reader) => {
      const scope = reader === 'client' ? clientScope(CLIENT) : auditorScope(FIRM);
      return {
        reader,
        answer: (q: Queryable) => readPortfolio(q as Database, scope),
        validity: { token: (q: Queryable) => portfolioToken(q, scope) },
      };
    }),
    // Written by the gap writes that also write the company summaries the token digests or append
    // to the change history whose newest entry it reads (the lists' texts, a gap's requirement).
    coveredOtherwise: Object.fromEntries(
      [
        'gaps',
        'action_plans',
        'company_requirement_summaries',
        'company_sdg_summaries',
        'company_closure_summaries',
      ].map((table) => [table, 'written with the summaries or the change history the token reads']),
    ),
  },
  {
    route: 'GET /portfolio/gaps',
    cache: 'portfolios',
    cases: (['client', 'auditor'] as const).map((reader) => {
      const scope = reader === 'client' ? clientScope(CLIENT) : auditorScope(FIRM);
      return {
        reader,
        // A page of every join the filters and the sort may add, and its count.
        answer: (q: Queryable) =>
          Promise.all([
            listPortfolioGaps(q, scope, {
              requirement: 'IFC PS3',
              sdg: 'SDG6',
              overdueAge: '1-30',
              risk: ['high'],
              status: ['open', 'overdue'],
              sort: 'company',
            }),
            nextDueDate(q, scope),
          ]),
        validity: { token: (q: Queryable) => portfolioToken(q, scope) },
      };
    }),
    coveredOtherwise: Object.fromEntries(
      ['gaps', 'action_plans'].map((table) => [
        table,
        'written with the summaries or the change history the token reads',
      ]),
    ),
  },
  {
    route: 'GET /action-plan/:auditId/action-plans',
    cache: 'planLists',
    cases: [
      {
        reader: 'client',
        answer: (q) =>
          readActionPlanPage(
            q as Database,
            AUDIT,
            {},
            { reader: readers.client, targetCompanyId: COMPANY, nextDue: true },
          ),
        validity: { token: (q) => planListToken(q, AUDIT, readers.client, COMPANY) },
      },
    ],
    // Every write to a gap through the routes appends to change_history, which the token reads.
    coveredOtherwise: {
      gaps: 'every gap write appends to the change history whose newest entry the token reads',
      action_plan_summaries: 'written with the change history whose newest entry the token reads',
    },
  },
  {
    route: 'GET /action-plan/:id',
    cache: 'planDetails',
    cases: (['client', 'auditor', 'company'] as const).map((reader) => ({
      reader,
      answer: (q: Queryable) => readActionPlanDetail(q, PLAN, readers[reader], COMPANY),
      validity: { token: (q: Queryable) => planDetailToken(q, PLAN, readers[reader], COMPANY) },
    })),
    // A user's name is not shown in the detail: users is read for the reader's own access only.
    coveredOtherwise: { users: "read for the reader's own access only" },
  },
];

/** The caches the route plugins serve from, one entry per route that sends from one. */
async function cachesServed(): Promise<string[]> {
  const served: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(file);
      else if (entry.name.endsWith('.ts')) {
        const source = await readFile(file, 'utf8');
        for (const [, cache] of source.matchAll(/const (\w+) = answerCache\(/g)) {
          const sends = source.match(new RegExp(`\\b${cache}\\.send\\(`, 'g')) ?? [];
          served.push(...sends.map(() => cache!));
        }
      }
    }
  };
  await walk(path.join(__dirname, '../src/routes'));
  return served.sort();
}

it('lists every route served from a cache', async () => {
  expect(await cachesServed()).toEqual(CACHED_ROUTES.map(({ cache }) => cache).sort());
});

describe.each(databaseKinds)(
  'every cached route is invalidated by what its answer reads, on %s',
  (kind) => {
    let database: TestDatabase;
    let db: Database;
    /** The tables a write to which sends a figure notice (migration 0035's triggers). */
    let notifying: Set<string>;

    beforeAll(async () => {
      database = await createTestDatabase(kind, { template: 'migrated' });
      db = await openDatabase({
        databaseUrl: database.env.DATABASE_URL,
        dataDir: database.env.DATA_DIR,
      });
      const { rows } = await db.query<{ relname: string }>(
        `SELECT DISTINCT c.relname FROM pg_trigger t
       JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
       WHERE NOT t.tgisinternal AND p.prosrc LIKE '%verity_figures%'`,
      );
      notifying = new Set(rows.map((row) => row.relname));
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

    const cases = CACHED_ROUTES.flatMap(({ route, cases, coveredOtherwise = {} }) =>
      cases.map((item) => ({ ...item, route, coveredOtherwise })),
    );

    it.each(cases)(
      '$route as its $reader reads it',
      async ({ answer, validity, coveredOtherwise }) => {
        const read = await tablesRead(answer);
        expect(read.size).toBeGreaterThan(0);
        const invalidating =
          validity === 'figure-notices' ? notifying : await tablesRead(validity.token);
        const accessOnly = validity === 'figure-notices' ? new Set<string>() : ACCESS_TABLES;
        const stale = [...read].filter(
          (table) =>
            !invalidating.has(table) && !accessOnly.has(table) && !(table in coveredOtherwise),
        );
        expect(stale).toEqual([]);
      },
    );
  },
);
