// Live updates across API processes: two built API processes (`node dist/server.js`) on one
// PostgreSQL database. A write through one reaches the streams open on the other, because each
// process hears the database's notifications, not its own writes; and 500 open streams cost a
// process far less than 100 MB.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  LIVE_CHANGE_EVENT,
  type ActionPlanDetail,
  type ActionPlanPage,
  type LiveChange,
  type Portfolio,
  type SessionUser,
} from '@verity/shared-api/src/server';
import { findActionPlanDetail, listActionPlans } from '../../src/action-plans/action-plan-queries';
import { actionPlanFigures, type ActionPlanFigures } from '../../src/dashboards/figures';
import { companyScope } from '../../src/dashboards/scopes';
import { FENCE_COOKIE } from '../../src/live/figure-notices';
import { STREAMS_PER_USER } from '../../src/routes/live';
import { startApiProcess, waitFor, type ApiProcess } from '../support/api-process';
import { buildTestApp } from '../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import { cookieHeader, openEventStream, type EventStream } from '../support/event-stream';
import { sessionFor, sessionOfMembership, type TestSession } from '../support/session';

/** How many streams one process holds open in the memory check, and what they may cost it. */
const STREAMS = 500;
const STREAMS_BUDGET_BYTES = 100 * 1024 * 1024;

/** The resident memory of a process, from the kernel's own account. */
async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!kib) throw new Error(`no VmRSS for ${pid}`);
  return Number(kib[1]) * 1024;
}

// PGlite is one process's database; CI sets TEST_DATABASE_URL, so this always runs there.
(databaseKinds.includes('postgres') ? describe : describe.skip)(
  'live updates across two API processes on one PostgreSQL',
  () => {
    let database: TestDatabase;
    /** In this process, on the same database: sessions and the rows to change. */
    let local: FastifyInstance;
    const processes: ApiProcess[] = [];
    const dataDirs: string[] = [];
    const streams: EventStream[] = [];
    let auditor: TestSession;
    let company: TestSession;
    let gap: { planId: string; gapId: string; companyId: string };

    async function startProcess(): Promise<ApiProcess> {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'verity-live-'));
      dataDirs.push(dataDir);
      const started = await startApiProcess({
        DATA_DIR: dataDir,
        DATABASE_URL: database.env.DATABASE_URL,
      });
      processes.push(started);
      return started;
    }

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      local = await buildTestApp(database);
      auditor = await sessionFor(local, 'auditor.owner@verity.test', 'auditor');
      company = await sessionFor(local, 'company.owner@verity.test', 'targetCompany');
      const { rows } = await local.db.query<{ planId: string; gapId: string; companyId: string }>(
        `SELECT ap.id AS "planId", g.id AS "gapId", ap.target_company_id AS "companyId"
         FROM gaps g JOIN action_plans ap ON ap.id = g.action_plan_id
         JOIN target_companies tc ON tc.id = ap.target_company_id
         WHERE tc.target_company_name = 'Acme Steel Ltd' AND g.status = 'open'
         ORDER BY g.created_at, g.id LIMIT 1`,
      );
      gap = rows[0]!;
      await Promise.all([startProcess(), startProcess()]);
    });
    afterAll(async () => {
      for (const stream of streams) stream.close();
      await Promise.all(processes.map((started) => started.stop()));
      await local?.close();
      await database?.dispose();
      await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    });

    const follow = async (through: ApiProcess, session: TestSession) => {
      const stream = await openEventStream(`${through.url}/api/v1/events`, {
        cookie: cookieHeader(session.cookies),
      });
      streams.push(stream);
      expect(stream.status).toBe(200);
      return stream;
    };

    const setStatusThrough = async (through: ApiProcess, status: string) => {
      const response = await fetch(
        `${through.url}/api/v1/gap/${gap.gapId}/status?targetCompanyId=${gap.companyId}`,
        {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', cookie: cookieHeader(auditor.cookies) },
          body: JSON.stringify({ status }),
        },
      );
      expect(response.status).toBe(200);
      const { rows } = await local.db.query<{ version: number }>(
        'SELECT version FROM gaps WHERE id = $1',
        [gap.gapId],
      );
      return rows[0]!.version;
    };

    const isVersion = (version: number) => (event: { event: string; data: string }) =>
      event.event === LIVE_CHANGE_EVENT &&
      (JSON.parse(event.data) as LiveChange).gapId === gap.gapId &&
      (JSON.parse(event.data) as LiveChange).version === version;

    it('brings a write through one process to the streams open on the other', async () => {
      const [a, b] = processes as [ApiProcess, ApiProcess];
      const onA = await follow(a, company);
      const onB = await follow(b, company);

      const first = await setStatusThrough(a, 'provClosed');
      const second = await setStatusThrough(b, 'open');

      for (const stream of [onA, onB]) {
        await stream.waitFor(isVersion(second), `version ${second}`);
        expect(
          stream.events
            .filter((event) => event.event === LIVE_CHANGE_EVENT)
            .map((event) => JSON.parse(event.data) as LiveChange),
        ).toEqual(
          [first, second].map((version) => ({
            actionPlanId: gap.planId,
            gapId: gap.gapId,
            version,
            changedBy: auditor.userId,
            targetCompanyId: gap.companyId,
          })),
        );
      }
    });

    it('has a portfolio read through one process show at once a write made through the other', async () => {
      const [a, b] = processes as [ApiProcess, ApiProcess];
      const client = await sessionFor(local, 'client.owner@verity.test', 'client');
      // Long overdue and high risk: the first of the client's most overdue high-risk gaps.
      const { rows } = await local.db.query<{ auditId: string; version: number }>(
        `UPDATE gaps g SET risk_severity = 'high', due_date = now() - interval '4000 days'
         FROM action_plans ap WHERE ap.id = g.action_plan_id AND g.id = $1
         RETURNING ap.audit_id AS "auditId", g.version`,
        [gap.gapId],
      );
      const firstListed = async (through: ApiProcess) => {
        const response = await fetch(`${through.url}/api/v1/portfolio`, {
          headers: { cookie: cookieHeader(client.cookies) },
        });
        expect(response.status).toBe(200);
        const { data } = (await response.json()) as { data: Portfolio };
        return data.mostOverdueHighRisk[0];
      };
      // Each process computes its answer and caches it.
      const before = [await firstListed(a), await firstListed(b)];
      const name = before[0]!.gapName;
      expect(before.map((listed) => [listed?.id, listed?.gapName])).toEqual([
        [gap.gapId, name],
        [gap.gapId, name],
      ]);

      const edit = await fetch(`${a.url}/api/v1/gap/${gap.gapId}?auditId=${rows[0]!.auditId}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie: cookieHeader(auditor.cookies) },
        body: JSON.stringify({ gapName: `${name} (renamed)`, version: rows[0]!.version }),
      });
      expect(edit.status).toBe(200);
      // At once, not when the other process hears of it: its token has changed already.
      expect((await firstListed(b))?.gapName).toBe(`${name} (renamed)`);
      expect((await firstListed(a))?.gapName).toBe(`${name} (renamed)`);
    });

    it("has an audit's plan list read through one process show at once a write made through the other", async () => {
      const [a, b] = processes as [ApiProcess, ApiProcess];
      const { rows } = await local.db.query<{ auditId: string }>(
        'SELECT audit_id AS "auditId" FROM action_plans WHERE id = $1',
        [gap.planId],
      );
      const { auditId } = rows[0]!;
      const listThrough = async (through: ApiProcess) => {
        const response = await fetch(
          `${through.url}/api/v1/action-plan/${auditId}/action-plans?targetCompanyId=${gap.companyId}&pageSize=100`,
          { headers: { cookie: cookieHeader(company.cookies) } },
        );
        expect(response.status).toBe(200);
        return ((await response.json()) as { data: ActionPlanPage }).data;
      };
      const planOf = (list: ActionPlanPage) =>
        list.actionPlans.find((plan) => plan.id === gap.planId);
      // Each process computes its answer and caches it.
      const before = await listThrough(a);
      expect(await listThrough(b)).toEqual(before);
      await setStatusThrough(a, 'closed');
      // At once, through either process, and as the database has it now.
      const fresh = await listActionPlans(local.db, auditId, { pageSize: 100 });
      expect(planOf(fresh!)!.statistics.closedGaps).toBe(planOf(before)!.statistics.closedGaps + 1);
      expect(await listThrough(b)).toEqual(fresh);
      expect(await listThrough(a)).toEqual(fresh);
      await setStatusThrough(b, 'open');
      expect(await listThrough(a)).toEqual(before);
    });

    it("has a plan's detail read through one process show at once a write made through the other", async () => {
      const [a, b] = processes as [ApiProcess, ApiProcess];
      const detailThrough = async (through: ApiProcess) => {
        const response = await fetch(
          `${through.url}/api/v1/action-plan/${gap.planId}?targetCompanyId=${gap.companyId}`,
          { headers: { cookie: cookieHeader(company.cookies) } },
        );
        expect(response.status).toBe(200);
        return ((await response.json()) as { data: ActionPlanDetail }).data;
      };
      const fresh = async () =>
        JSON.parse(
          JSON.stringify(
            await findActionPlanDetail(
              local.db,
              gap.planId,
              { userType: 'targetCompany', targetCompanyId: gap.companyId } as SessionUser,
              gap.companyId,
            ),
          ),
        ) as ActionPlanDetail;
      const statusOf = (detail: ActionPlanDetail) =>
        detail.gaps.find((shown) => shown.id === gap.gapId)!.status;
      // Each process computes its answer and caches it.
      const before = await detailThrough(a);
      expect(await detailThrough(b)).toEqual(before);
      const closed = await setStatusThrough(a, 'closed');
      // At once, through either process, and as the database has it now: no notice is waited for.
      const after = await detailThrough(b);
      expect(statusOf(after)).toBe('closed');
      expect(after.gaps.find((shown) => shown.id === gap.gapId)!.version).toBe(closed);
      expect(after).toEqual(await fresh());
      expect(await detailThrough(a)).toEqual(after);
      await setStatusThrough(b, 'open');
      expect(statusOf(await detailThrough(a))).toBe('open');
      expect(await detailThrough(a)).toEqual(await fresh());
    });

    it("has a company's dashboard, cached with no statement, show the writer's write at once through the other process", async () => {
      const [a, b] = processes as [ApiProcess, ApiProcess];
      const client = await sessionFor(local, 'client.owner@verity.test', 'client');
      // The gap the last open one of its plan: closing it closes the plan.
      await local.db.query(
        `UPDATE gaps SET status = CASE WHEN id = $2 THEN 'open' ELSE 'closed' END WHERE action_plan_id = $1`,
        [gap.planId, gap.gapId],
      );
      const fresh = async () =>
        actionPlanFigures(local.db, companyScope(gap.companyId)) as Promise<unknown>;
      const dashboardThrough = async (through: ApiProcess, cookies = client.cookies) => {
        const response = await fetch(
          `${through.url}/api/v1/dashboard/target-company?targetCompanyId=${gap.companyId}`,
          { headers: { cookie: cookieHeader(cookies) } },
        );
        expect(response.status).toBe(200);
        return ((await response.json()) as { data: ActionPlanFigures }).data;
      };
      // Both processes receive the direct write's notice, then cache what they read.
      for (const through of [a, b]) {
        await waitFor(
          async () =>
            JSON.stringify(await dashboardThrough(through)) === JSON.stringify(await fresh()),
          'the dashboard as the database has it',
        );
      }
      const before = await dashboardThrough(b);

      const written = await fetch(
        `${a.url}/api/v1/gap/${gap.gapId}/status?targetCompanyId=${gap.companyId}`,
        {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', cookie: cookieHeader(client.cookies) },
          body: JSON.stringify({ status: 'closed' }),
        },
      );
      expect(written.status).toBe(200);
      const fence = new RegExp(`${FENCE_COOKIE}=([^;]+)`).exec(
        written.headers.get('set-cookie') ?? '',
      )?.[1];
      expect(fence).toBeDefined();
      // The writer's browser, through the other process, at once: its fence decides, not timing.
      const after = await dashboardThrough(b, { ...client.cookies, [FENCE_COOKIE]: fence! });
      expect(after.actionPlans.statusOverview.closed).toBe(
        before.actionPlans.statusOverview.closed + 1,
      );
      expect(after).toEqual(await fresh());
      // Everyone else's, once each process has received the write's notice.
      for (const through of [a, b]) {
        await waitFor(
          async () => JSON.stringify(await dashboardThrough(through)) === JSON.stringify(after),
          'the write received',
        );
      }
    });

    it(`holds ${STREAMS} open streams for well under 100 MB, and tells every one of them`, async () => {
      const [a, b] = processes as [ApiProcess, ApiProcess];
      const pid = b.child.pid!;
      // As many people at the company as it takes, each with the most streams one person may open.
      const { rows: people } = await local.db.query<{ id: string }>(
        `INSERT INTO users (email, fullname, user_type, role, target_company_id)
         SELECT 'follower' || n || '@acme.test', 'Follower ' || n, 'targetCompany', 'viewer', $1
         FROM generate_series(1, $2::int) AS n RETURNING id`,
        [gap.companyId, Math.ceil(STREAMS / STREAMS_PER_USER)],
      );
      const followers = await Promise.all(
        people.map((person) => sessionOfMembership(local, person.id)),
      );
      const before = await residentBytes(pid);
      const many: EventStream[] = [];
      // In batches, as browsers arrive: the test's own sockets are not the point.
      for (let start = 0; start < STREAMS; start += 50) {
        many.push(
          ...(await Promise.all(
            Array.from({ length: Math.min(50, STREAMS - start) }, (_, n) =>
              follow(b, followers[Math.floor((start + n) / STREAMS_PER_USER)]!),
            ),
          )),
        );
      }
      const version = await setStatusThrough(a, 'provClosed');
      await Promise.all(
        many.map((stream) => stream.waitFor(isVersion(version), `version ${version}`)),
      );
      const after = await residentBytes(pid);
      const cost = after - before;
      // The figure for docs/performance.md ("Live updates").
      console.log(
        `${STREAMS} open streams: ${(cost / 1024 / 1024).toFixed(1)} MB more resident memory`,
      );
      expect(cost).toBeLessThan(STREAMS_BUDGET_BYTES);
    });
  },
);
