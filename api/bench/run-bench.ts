// npm run bench:api — the API against a generated 200-company portfolio in PostgreSQL (see docs/performance.md).
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findActionPlanDetail, listActionPlans } from '../src/action-plans/action-plan-queries';
import { exportSelect } from '../src/action-plans/csv-export';
import { auditorScope, clientScope } from '../src/dashboards/scopes';
import { openDatabase, runMigrations, type Database } from '../src/db';
import { listAudits } from '../src/organisations/audits';
import { listTargetCompanies } from '../src/organisations/target-companies';
import { listUsersWithCounts } from '../src/organisations/users';
import { portfolioFigures } from '../src/portfolio/portfolio-figures';
import { listPortfolioGaps } from '../src/portfolio/portfolio-gaps';
import type { SessionUser } from '@verity/shared-api/src/server';
import type { ServerMessage, ServerQuestion } from './api-server';
import {
  auditOf,
  BENCH,
  generatePortfolio,
  largeCompanyId,
  planOf,
  smallCompanyId,
} from './generate';
import { CONNECTIONS, measureCalls, measureHttp, type Figures } from './measure';
import {
  benchAuditorUser,
  benchClientUser,
  routeStatements,
  type RouteStatement,
} from './route-statements';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Measures only the routes whose name contains one of these comma-separated words (and skips the CSV
 * export), e.g. 'page' or 'portfolio,explorer'.
 */
const ONLY = process.env.BENCH_ONLY?.toLowerCase()
  .split(',')
  .map((word) => word.trim())
  .filter(Boolean);
// `--keep` leaves the generated database for EXPLAIN; `--reuse <name>` measures a kept one again.
const KEEP = process.argv.includes('--keep');
const reuseAt = process.argv.indexOf('--reuse');
const REUSE = reuseAt >= 0 ? process.argv[reuseAt + 1] : undefined;
// `--gaps 2000`: the same companies and plans with 2,000 gaps; only the auditor and client dashboards
// are measured.
const gapsArgument = process.argv.includes('--gaps')
  ? process.argv[process.argv.indexOf('--gaps') + 1]
  : undefined;
const SMALL = gapsArgument === '2000';
// `--gaps 30000`: 300 companies, 30,000 plans, 30,400 gaps (one a plan; company 1's first plan 500):
// the read routes only.
const MEDIUM = gapsArgument === '30000';
const GAPS = SMALL ? 2_000 : MEDIUM ? 30_000 : 200_000;
const COMPANIES = MEDIUM ? 300 : BENCH.companies;
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The API (api-server.ts) or the floor (bare-server.ts), each in a process of its own. */
function startServer(
  script: 'api-server.ts' | 'bare-server.ts',
  databaseUrl: string,
  dataDir: string,
) {
  const child = fork(path.join(__dirname, script), {
    // BENCH_PROF=<folder>: the API's CPU profile of the whole run, written there when it ends.
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_PROF && script === 'api-server.ts'
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`]
        : []),
    ],
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  });
  let nextId = 0;
  const ask = (request: ServerQuestion) =>
    new Promise<string | number>((resolve) => {
      const id = ++nextId;
      const onMessage = (message: ServerMessage) => {
        if (message.type === 'answer' && message.id === id) {
          child.off('message', onMessage);
          resolve(message.value);
        }
      };
      child.on('message', onMessage);
      child.send({ ...request, id });
    });
  const listening = new Promise<string>((resolve, reject) => {
    child.on('message', (message: ServerMessage) => {
      if (message.type === 'listening') resolve(message.url);
    });
    child.once('exit', (code) => reject(new Error(`${script} exited (${code})`)));
  });
  return { child, ask, listening };
}

/** One CSV download: rows per second and the API's RSS growth while it streamed. */
async function measureCsv(url: string, cookie: string, rss: () => Promise<number>) {
  const before = await rss();
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await rss());
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  if (response.status !== 200 || !response.body) throw new Error(`CSV answered ${response.status}`);
  let lines = 0;
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  const rows = lines - 1;
  return { rows, bytes, rowsPerSecond: rows / seconds, rssGrowthMb: (peak - before) / 2 ** 20 };
}

async function sqlCsvRowsPerSecond(db: Database, user: SessionUser) {
  const { sql, params } = exportSelect(user, largeCompanyId);
  const started = performance.now();
  let lines = 0;
  for await (const chunk of db.copyOut(sql, params) as AsyncIterable<Buffer>)
    for (const byte of chunk) if (byte === 10) lines++;
  return lines / ((performance.now() - started) / 1000);
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);

/**
 * Changes the status of one gap of the small company back and forth, `perSecond` times a second,
 * until stopped (an even number of times, so the portfolio ends as it began): every change moves the
 * portfolio's counts, so no answer kept holds for long.
 */
function writeGapStatuses(db: Database, perSecond: number) {
  let running = true;
  const done = (async () => {
    let changes = 0;
    while (running || changes % 2 === 1) {
      await db.query(
        `UPDATE gaps SET status = CASE status WHEN 'open' THEN 'provClosed' ELSE 'open' END
         WHERE id = (SELECT id FROM gaps WHERE action_plan_id = $1 AND status IN ('open', 'provClosed')
           ORDER BY id LIMIT 1)`,
        [planOf(2, 1)],
      );
      changes++;
      await new Promise((resolve) => setTimeout(resolve, 1000 / perSecond));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
    },
  };
}

async function main() {
  const name = REUSE ?? `verity_bench_${randomBytes(4).toString('hex')}`;
  if (!/^verity_bench_[0-9a-f]{8}$/.test(name)) throw new Error(`Not a bench database: ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'verity-bench-'));
  if (!REUSE) await admin(`CREATE DATABASE ${name}`);
  let api: ReturnType<typeof startServer> | undefined;
  let bare: ReturnType<typeof startServer> | undefined;
  let db: Database | undefined;
  try {
    db = await openDatabase({ databaseUrl: url.toString(), dataDir, requestLimits: false });
    const migrated = await runMigrations(db);
    // A kept database may just have been migrated: fresh statistics and visibility map first.
    if (REUSE && migrated.length > 0) await db.query('VACUUM ANALYZE');
    if (!REUSE) {
      const started = performance.now();
      await generatePortfolio(db, COMPANIES, GAPS);
      const { rows } = await db.query<{ gaps: number }>('SELECT count(*)::int AS gaps FROM gaps');
      console.log(
        `Generated ${COMPANIES} companies, ${(COMPANIES * BENCH.plansPerCompany).toLocaleString('en')} plans, ${rows[0]!.gaps.toLocaleString('en')} gaps in ${fmt((performance.now() - started) / 1000)} s`,
      );
    }

    api = startServer('api-server.ts', url.toString(), dataDir);
    bare = startServer('bare-server.ts', url.toString(), dataDir);
    const base = `${await api.listening}/api/v1`;
    const bareBase = await bare.listening;
    const ask = api.ask;
    const clientCookie = String(await ask({ type: 'cookie', userId: BENCH.clientUserId }));
    const auditorCookie = String(await ask({ type: 'cookie', userId: BENCH.auditorUserId }));
    const database = db;
    const statements = routeStatements(database);

    const cases: {
      name: string;
      path: string;
      cookie: string;
      sql: () => Promise<unknown>;
      aim?: number;
      /** Issue 16's route overhead: the API's req/s at least this share of its SQL alone. */
      ratioAim?: number;
      /** The same statements answered by the bare HTTP server: the floor of any route. */
      floor?: RouteStatement;
      /** Status changes per second to a gap of the portfolio while the route is measured. */
      writes?: number;
    }[] = [
      {
        name: 'Target-company dashboard, 1,000 gaps',
        path: `/dashboard/target-company?targetCompanyId=${smallCompanyId}`,
        cookie: clientCookie,
        sql: statements['target-company-dashboard-small'],
        floor: 'target-company-dashboard-small' as const,
        aim: 25,
        ratioAim: 0.7,
      },
      {
        name: 'Target-company dashboard, 100,000 gaps',
        path: `/dashboard/target-company?targetCompanyId=${largeCompanyId}`,
        cookie: clientCookie,
        sql: statements['target-company-dashboard-large'],
        floor: 'target-company-dashboard-large' as const,
        aim: 50,
        ratioAim: 0.7,
      },
      {
        name: 'Auditor dashboard, 200 companies / 200,000 gaps',
        path: `/dashboard/auditor?auditorId=${BENCH.auditorId}`,
        cookie: auditorCookie,
        sql: statements['auditor-dashboard'],
        floor: 'auditor-dashboard' as const,
        aim: 100,
        ratioAim: 0.7,
      },
      {
        name: 'Client dashboard, 200 companies / 20,000 plans / 200,000 gaps',
        path: '/dashboard/client',
        cookie: clientCookie,
        sql: statements['client-dashboard'],
        floor: 'client-dashboard' as const,
        aim: 100,
        ratioAim: 0.7,
      },
      {
        name: 'Target-company dashboard, 1,000 gaps, with 20 gap status changes a second beside',
        path: `/dashboard/target-company?targetCompanyId=${smallCompanyId}`,
        cookie: clientCookie,
        sql: statements['target-company-dashboard-small'],
        aim: 25,
        writes: 20,
      },
      {
        name: 'Client dashboard, with 20 gap status changes a second beside',
        path: '/dashboard/client',
        cookie: clientCookie,
        sql: statements['client-dashboard'],
        aim: 100,
        writes: 20,
      },
      {
        name: 'Action plan detail (10 gaps)',
        path: `/action-plan/${planOf(2, 1)}?targetCompanyId=${smallCompanyId}`,
        cookie: clientCookie,
        sql: statements['action-plan-detail'],
        floor: 'action-plan-detail' as const,
        aim: 25,
        ratioAim: 0.7,
      },
      {
        // The writes change a gap of this very plan: the read after each works the detail out again.
        name: 'Action plan detail (10 gaps), with 20 status changes a second to its gaps beside',
        path: `/action-plan/${planOf(2, 1)}?targetCompanyId=${smallCompanyId}`,
        cookie: clientCookie,
        sql: statements['action-plan-detail'],
        aim: 25,
        writes: 20,
      },
      {
        name: 'Action plan detail (1,000 gaps)',
        path: `/action-plan/${planOf(1, 1)}?targetCompanyId=${largeCompanyId}`,
        cookie: clientCookie,
        sql: () => findActionPlanDetail(database, planOf(1, 1), benchClientUser, largeCompanyId),
      },
      {
        name: 'Action plan list, a page of 20 of an audit of 50 plans (500 gaps)',
        path: `/action-plan/${auditOf(2, 1)}/action-plans?targetCompanyId=${smallCompanyId}`,
        cookie: clientCookie,
        sql: () => listActionPlans(database, auditOf(2, 1), {}, benchClientUser, smallCompanyId),
        // Issue 16: a page of any growing list, p99 <= 50 ms at 20 connections.
        aim: 50,
      },
      {
        name: 'Action plan list, a page of 20 of an audit of 50 plans of 1,000 gaps (50,000 gaps)',
        path: `/action-plan/${auditOf(1, 1)}/action-plans?targetCompanyId=${largeCompanyId}`,
        cookie: clientCookie,
        sql: () => listActionPlans(database, auditOf(1, 1), {}, benchClientUser, largeCompanyId),
        // The same page as above: its cost follows the page, not the plans' gaps.
        aim: 50,
      },
      {
        name: 'Client users, a page of 20 of 2,001 with the counts',
        path: '/client/users?page=3',
        cookie: clientCookie,
        sql: async () => {
          const organisation = { userType: 'client' as const, id: BENCH.clientId };
          await listUsersWithCounts(database, organisation, { page: 3 });
        },
        aim: 50,
      },
      {
        name: 'Client users, a search, its second page',
        path: '/client/users?search=user%201&page=2',
        cookie: clientCookie,
        sql: async () => {
          const organisation = { userType: 'client' as const, id: BENCH.clientId };
          await listUsersWithCounts(database, organisation, { search: 'user 1', page: 2 });
        },
        aim: 50,
      },
      {
        name: 'Target companies (client), a page of 20 of 200',
        path: '/target-company?page=5',
        cookie: clientCookie,
        sql: () => listTargetCompanies(database, benchClientUser, { page: 5 }),
        aim: 50,
      },
      {
        name: 'Target companies (auditor firm), a page of 20 of 200',
        path: `/auditor/target-company?page=10`,
        cookie: auditorCookie,
        sql: () => listTargetCompanies(database, benchAuditorUser, { page: 10 }),
        aim: 50,
      },
      {
        name: 'Audits of a company by a firm, a page',
        path: `/target-company/${BENCH.auditorId}/audits?targetCompanyId=${smallCompanyId}`,
        cookie: clientCookie,
        sql: () => listAudits(database, benchClientUser, smallCompanyId, BENCH.auditorId),
        aim: 50,
      },
      {
        name: 'Portfolio (client), every figure, 200 companies / 200,000 gaps',
        path: '/portfolio',
        cookie: clientCookie,
        sql: () => portfolioFigures(database, clientScope(BENCH.clientId)),
        aim: 300,
      },
      {
        name: 'Portfolio (client), every figure, with 20 gap status changes a second beside',
        path: '/portfolio',
        cookie: clientCookie,
        sql: () => portfolioFigures(database, clientScope(BENCH.clientId)),
        aim: 300,
        writes: 20,
      },
      {
        name: 'Portfolio (auditor firm), every figure, 200 companies / 200,000 gaps',
        path: '/portfolio',
        cookie: auditorCookie,
        sql: () => portfolioFigures(database, auditorScope(BENCH.auditorId)),
        aim: 300,
      },
      {
        name: 'Gap explorer (client), overdue high-risk gaps, a page by due date',
        path: '/portfolio/gaps?status=overdue&risk=high&page=3',
        cookie: clientCookie,
        sql: () =>
          listPortfolioGaps(database, clientScope(BENCH.clientId), {
            status: ['overdue'],
            risk: ['high'],
            page: 3,
          }),
        aim: 300,
      },
      {
        name: 'Gap explorer (client), a requirement of the largest company, a page by risk',
        path: `/portfolio/gaps?targetCompanyId=${largeCompanyId}&requirement=IFC%20PS3&sort=risk&order=desc`,
        cookie: clientCookie,
        sql: () =>
          listPortfolioGaps(database, clientScope(BENCH.clientId), {
            targetCompanyId: largeCompanyId,
            requirement: 'IFC PS3',
            sort: 'risk',
            order: 'desc',
          }),
        aim: 300,
      },
    ].filter((item) => !ONLY || ONLY.some((word) => item.name.toLowerCase().includes(word)));
    const results: {
      name: string;
      http: Figures;
      sql: Figures;
      aim?: number;
      ratioAim?: number;
      floor?: Figures;
    }[] = [];
    // With 2,000 gaps, the two dashboards that read every company's summaries.
    // The first of each: the ones measured without writes beside.
    const auditorCase = cases.find((item) => item.path.startsWith('/dashboard/auditor'))!;
    const clientCase = cases.find((item) => item.path.startsWith('/dashboard/client'))!;
    if (SMALL) {
      auditorCase.name = 'Auditor dashboard, 200 companies / 2,000 gaps';
      clientCase.name = 'Client dashboard, 200 companies / 20,000 plans / 2,000 gaps';
    }
    // With 30,400 gaps: every dashboard, the portfolio, the explorer, a plan list, a 500-gap detail.
    const mediumCases: typeof cases = [
      {
        name: 'Client dashboard, 300 companies / 30,000 plans / 30,400 gaps',
        path: '/dashboard/client',
        cookie: clientCookie,
        sql: statements['client-dashboard'],
      },
      {
        name: 'Client dashboard, with 20 gap status changes a second beside',
        path: '/dashboard/client',
        cookie: clientCookie,
        sql: statements['client-dashboard'],
        writes: 20,
      },
      {
        name: 'Auditor dashboard, 300 companies',
        path: `/dashboard/auditor?auditorId=${BENCH.auditorId}`,
        cookie: auditorCookie,
        sql: statements['auditor-dashboard'],
      },
      {
        name: 'Target-company dashboard, 100 gaps',
        path: `/dashboard/target-company?targetCompanyId=${smallCompanyId}`,
        cookie: clientCookie,
        sql: statements['target-company-dashboard-small'],
      },
      {
        name: 'Portfolio (client), every figure',
        path: '/portfolio',
        cookie: clientCookie,
        sql: () => portfolioFigures(database, clientScope(BENCH.clientId)),
      },
      {
        name: 'Gap explorer (client), overdue high-risk gaps, a page by due date',
        path: '/portfolio/gaps?status=overdue&risk=high&page=3',
        cookie: clientCookie,
        sql: () =>
          listPortfolioGaps(database, clientScope(BENCH.clientId), {
            status: ['overdue'],
            risk: ['high'],
            page: 3,
          }),
      },
      {
        name: 'Action plan list, a page of 20 of an audit of 50 plans',
        path: `/action-plan/${auditOf(2, 1)}/action-plans?targetCompanyId=${smallCompanyId}`,
        cookie: clientCookie,
        sql: () => listActionPlans(database, auditOf(2, 1), {}, benchClientUser, smallCompanyId),
      },
      {
        name: 'Action plan detail (500 gaps)',
        path: `/action-plan/${planOf(1, 1)}?targetCompanyId=${largeCompanyId}`,
        cookie: clientCookie,
        sql: () => findActionPlanDetail(database, planOf(1, 1), benchClientUser, largeCompanyId),
      },
    ].filter((item) => !ONLY || ONLY.some((word) => item.name.toLowerCase().includes(word)));
    for (const item of SMALL ? [auditorCase, clientCase] : MEDIUM ? mediumCases : cases) {
      const writer = item.writes ? writeGapStatuses(database, item.writes) : undefined;
      await measureHttp(`${base}${item.path}`, item.cookie, 2);
      const http = await measureHttp(`${base}${item.path}`, item.cookie, SECONDS);
      await writer?.stop();
      const sql = await measureCalls(item.sql, Math.max(3, SECONDS / 2));
      let floor: Figures | undefined;
      if (item.floor) {
        await measureHttp(`${bareBase}/${item.floor}`, '', 2);
        floor = await measureHttp(`${bareBase}/${item.floor}`, '', SECONDS);
      }
      results.push({ name: item.name, http, sql, aim: item.aim, ratioAim: item.ratioAim, floor });
      console.log(
        `${item.name}: ${fmt(http.requestsPerSecond, 0)} req/s, p50 ${http.p50} ms, p99 ${http.p99} ms, ${http.failed} failed (SQL ${fmt(sql.requestsPerSecond, 0)}/s, p50 ${fmt(sql.p50)} ms, p99 ${fmt(sql.p99)} ms${floor ? `; bare HTTP ${fmt(floor.requestsPerSecond, 0)}/s, ${floor.failed} failed` : ''})`,
      );
    }

    console.log(
      `\n| Route (${CONNECTIONS} connections) | req/s | p50 ms | p99 ms | aim p99 | failed | SQL alone req/s | SQL p50 ms | SQL p99 ms | API / SQL req/s | aim API / SQL | bare HTTP req/s | bare HTTP / SQL | API / bare HTTP |`,
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const r of results) {
      const floor = r.floor?.requestsPerSecond;
      console.log(
        `| ${r.name} | ${fmt(r.http.requestsPerSecond, 0)} | ${r.http.p50} | ${r.http.p99} | ${r.aim ? `< ${r.aim}` : ''} | ${r.http.failed} | ${fmt(r.sql.requestsPerSecond, 0)} | ${fmt(r.sql.p50)} | ${fmt(r.sql.p99)} | ${fmt(r.http.requestsPerSecond / r.sql.requestsPerSecond, 2)} | ${r.ratioAim ? `>= ${r.ratioAim}` : ''} | ${floor ? fmt(floor, 0) : ''} | ${floor ? fmt(floor / r.sql.requestsPerSecond, 2) : ''} | ${floor ? fmt(r.http.requestsPerSecond / floor, 2) : ''} |`,
      );
    }
    if (SMALL || MEDIUM) return;

    const rss = async () => Number(await ask({ type: 'rss' }));
    const csvUrl = `${base}/action-plan/export/csv?targetCompanyId=${largeCompanyId}`;
    const csvRuns = [];
    let sqlCsv = 0;
    if (!ONLY) {
      await measureCsv(csvUrl, clientCookie, rss);
      for (let run = 0; run < 3; run++) csvRuns.push(await measureCsv(csvUrl, clientCookie, rss));
      sqlCsv = await sqlCsvRowsPerSecond(database, benchClientUser);
    }

    console.log(
      '\n| CSV export, 100,000-gap company | rows | MB | rows/s | API RSS growth MB | SQL (COPY alone) rows/s |',
    );
    console.log('|---|---|---|---|---|---|');
    for (const [index, run] of csvRuns.entries())
      console.log(
        `| run ${index + 1} | ${run.rows} | ${fmt(run.bytes / 2 ** 20)} | ${fmt(run.rowsPerSecond, 0)} | ${fmt(run.rssGrowthMb)} | ${index === 0 ? fmt(sqlCsv, 0) : ''} |`,
      );
  } finally {
    for (const server of [api, bare]) {
      if (!server?.child.connected) continue;
      server.child.disconnect();
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
    await db?.close();
    if (KEEP || REUSE) console.log(`Kept database ${name}`);
    else await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
