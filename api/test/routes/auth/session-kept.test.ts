// A signed-in request's session lookup is kept by the process
// (docs/decisions/0058-session-lookups-kept.md): these tests count the statements a request sends,
// and show that every change to a session, a user or an organisation is heard, whichever connection
// or process made it.
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Database } from '../../../src/db';
import { waitFor } from '../../support/api-process';
import { countingApp, type counting } from '../../support/counting';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { injectAs, sessionFor, sessionOfMembership, type TestSession } from '../../support/session';

describe.each(databaseKinds)('session lookups kept on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let count: ReturnType<typeof counting>;
  let acme: string;
  let plan: string;
  let audit: string;
  /** Writes as another process would: a connection of its own (PGlite has one, in this process). */
  let elsewhere: (sql: string, params?: unknown[]) => Promise<unknown>;
  let closeElsewhere = async () => undefined as unknown;

  const me = (session: TestSession) =>
    injectAs(app, session, { method: 'GET', url: '/api/v1/auth/me' });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app, db, count } = await countingApp(database));
    if (kind === 'postgres') {
      const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
      await client.connect();
      elsewhere = (sql, params) => client.query(sql, params);
      closeElsewhere = () => client.end();
    } else {
      elsewhere = (sql, params) => db.query(sql, params);
    }
    const { rows } = await db.query<{ company: string; plan: string; audit: string }>(
      `SELECT tc.id AS company, ap.id AS plan, ap.audit_id AS audit FROM target_companies tc
       JOIN action_plans ap ON ap.target_company_id = tc.id
       WHERE tc.target_company_name = 'Acme Steel Ltd' ORDER BY ap.created_at LIMIT 1`,
    );
    acme = rows[0]!.company;
    plan = rows[0]!.plan;
    audit = rows[0]!.audit;
  });
  afterAll(async () => {
    await app?.close();
    await closeElsewhere();
    await db?.close();
    await database?.dispose();
  });

  it('asks the database about a session once, then answers from what it kept', async () => {
    const clara = await sessionFor(app, 'client.owner@verity.test', 'client');
    count.reset();
    const first = await me(clara);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.user).toMatchObject({ fullname: 'Clara Owner', role: 'owner' });
    expect(count.seen.statements).toHaveLength(1);
    expect(count.seen.statements[0]).toMatch(/JOIN sessions/);

    count.reset();
    expect((await me(clara)).json()).toEqual(first.json());
    expect(count.seen.statements).toEqual([]);
  });

  it("reads a company's dashboard in one statement, the tenancy check inside it", async () => {
    const viewers = {
      client: await sessionFor(app, 'client.owner@verity.test', 'client'),
      company: await sessionFor(app, 'company.viewer@verity.test', 'targetCompany'),
      auditor: await sessionFor(app, 'auditor.owner@verity.test', 'auditor'),
    };
    const url = `/api/v1/dashboard/target-company?targetCompanyId=${acme}`;
    let total: number | undefined;
    for (const session of Object.values(viewers)) {
      await me(session);
      count.reset();
      const response = await injectAs(app, session, { method: 'GET', url });
      expect(response.statusCode).toBe(200);
      const plans = response.json().data.actionPlans.statusOverview.total as number;
      expect(plans).toBeGreaterThan(0);
      total ??= plans;
      expect(count.seen.statements).toHaveLength(1);
    }

    // Another client's owner: the same one statement, and nothing of Acme's.
    const sofia = await sessionFor(app, 'client2.owner@verity.test', 'client');
    await me(sofia);
    count.reset();
    const foreign = await injectAs(app, sofia, { method: 'GET', url });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(count.seen.statements).toHaveLength(1);
  });

  it("reads a plan's detail in two statements (its token with the plan's tenancy, then the plan with its gaps and history), then in the token's alone while it holds", async () => {
    const clara = await sessionFor(app, 'client.owner@verity.test', 'client');
    await me(clara);
    const url = `/api/v1/action-plan/${plan}?targetCompanyId=${acme}`;
    count.reset();
    const own = await injectAs(app, clara, { method: 'GET', url });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.actionPlan.id).toBe(plan);
    expect(own.json().data.gaps.length).toBeGreaterThan(0);
    expect(count.seen.statements).toHaveLength(2);
    expect(count.seen.statements[0]).toMatch(/^SELECT md5\(/);
    expect(count.seen.statements[0]).toMatch(/FROM audits a WHERE a\.id = ap\.audit_id/);
    expect(count.seen.statements[1]).toMatch(/FROM audits a WHERE a\.id = ap\.audit_id/);
    expect(count.seen.statements[1]).toMatch(/FROM gaps g WHERE g\.action_plan_id = ap\.id/);
    count.reset();
    const again = await injectAs(app, clara, { method: 'GET', url });
    expect(again.body).toBe(own.body);
    expect(count.seen.statements).toHaveLength(1);
    expect(count.seen.statements[0]).toMatch(/^SELECT md5\(/);

    const sofia = await sessionFor(app, 'client2.owner@verity.test', 'client');
    await me(sofia);
    const otherCompany = '00000000-0000-4000-8000-000000000000';
    for (const [session, refusedUrl] of [
      [sofia, url],
      [clara, `/api/v1/action-plan/${plan}?targetCompanyId=${otherCompany}`],
    ] as const) {
      count.reset();
      const refused = await injectAs(app, session, { method: 'GET', url: refusedUrl });
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain(plan);
      // Refused by the token's statement, whatever is kept: nothing of the plan's gaps or history is
      // read (the plan tests check the answer; here, that no second statement asks for them).
      expect(count.seen.statements).toHaveLength(1);
      expect(count.seen.statements[0]).toMatch(/^SELECT md5\(/);
    }
  });

  it("reads a page of an audit's plans in two statements (its token with the audit's tenancy, then the page with the count, its plans' figures and newest gaps), then in the token's alone while it holds", async () => {
    const clara = await sessionFor(app, 'client.owner@verity.test', 'client');
    await me(clara);
    const url = `/api/v1/action-plan/${audit}/action-plans?targetCompanyId=${acme}&pageSize=7`;
    count.reset();
    const page = await injectAs(app, clara, { method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.actionPlans[0].gaps.length).toBeGreaterThan(0);
    expect(count.seen.statements).toHaveLength(2);
    expect(count.seen.statements[0]).toMatch(/AS token/);
    expect(count.seen.statements[1]).toMatch(/FROM audits a WHERE a\.id = \$1/);
    count.reset();
    const again = await injectAs(app, clara, { method: 'GET', url });
    expect(again.body).toBe(page.body);
    expect(count.seen.statements).toHaveLength(1);
    expect(count.seen.statements[0]).toMatch(/AS token/);

    // Refused by the token's statement, kept answer or not.
    const sofia = await sessionFor(app, 'client2.owner@verity.test', 'client');
    await me(sofia);
    count.reset();
    const refused = await injectAs(app, sofia, { method: 'GET', url });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain(page.json().data.actionPlans[0].id);
    expect(count.seen.statements).toHaveLength(1);
  });

  it("reads a page of the client's users and their counts per role in one statement, with a search too", async () => {
    const clara = await sessionFor(app, 'client.owner@verity.test', 'client');
    await me(clara);
    const all = await injectAs(app, clara, { method: 'GET', url: '/api/v1/client/users' });
    const { counts, total, users } = all.json().data;
    expect(total).toBe(counts.total);
    expect(users.length).toBeGreaterThan(1);
    const someone = users[1] as { fullname: string };
    for (const url of [
      '/api/v1/client/users?pageSize=1&page=2',
      `/api/v1/client/users?search=${encodeURIComponent(someone.fullname)}`,
    ]) {
      count.reset();
      const page = await injectAs(app, clara, { method: 'GET', url });
      expect(page.statusCode).toBe(200);
      // The counts are the organisation's whatever the page or the search.
      expect(page.json().data.counts).toEqual(counts);
      expect(page.json().data.users.length).toBeGreaterThan(0);
      expect(count.seen.statements).toHaveLength(1);
    }
    // A page past the end has no row to carry them: one more statement reads them and the count.
    count.reset();
    const past = await injectAs(app, clara, { method: 'GET', url: '/api/v1/client/users?page=99' });
    expect(past.json().data).toMatchObject({ users: [], total, counts });
    expect(count.seen.statements).toHaveLength(2);
  });

  it('hears another connection end a session, rename a user or rename an organisation', async () => {
    // Two sign-ins of one person: a notice names the user, so it forgets both.
    const clara = await sessionFor(app, 'client.owner@verity.test', 'client');
    const other = await sessionFor(app, 'client.owner@verity.test', 'client');
    await me(clara);
    expect(app.sessions.keeps(clara.sessionId)).toBe(true);

    await elsewhere('UPDATE sessions SET revoked_at = now() WHERE id = $1', [clara.sessionId]);
    await waitFor(() => !app.sessions.keeps(clara.sessionId), 'the ended session to be forgotten');
    expect((await me(clara)).statusCode).toBe(401);

    expect((await me(other)).statusCode).toBe(200);
    expect(app.sessions.keeps(other.sessionId)).toBe(true);
    await elsewhere(`UPDATE users SET fullname = 'Clara Lima-Owner' WHERE id = $1`, [other.userId]);
    await waitFor(() => !app.sessions.keeps(other.sessionId), 'the renamed user to be forgotten');
    expect((await me(other)).json().data.user.fullname).toBe('Clara Lima-Owner');

    // Her date style, changed in another process, is heard too; changed here, at once.
    expect(app.sessions.keeps(other.sessionId)).toBe(true);
    await elsewhere(`UPDATE users SET date_style = 'month-day-year' WHERE id = $1`, [other.userId]);
    await waitFor(() => !app.sessions.keeps(other.sessionId), 'the new date style to be heard');
    expect((await me(other)).json().data.user.dateStyle).toBe('month-day-year');
    const changed = await injectAs(app, other, {
      method: 'PUT',
      url: '/api/v1/auth/me/settings',
      payload: { dateStyle: 'day-month-name' },
    });
    expect(changed.json().data.user).toMatchObject({
      fullname: 'Clara Lima-Owner',
      dateStyle: 'day-month-name',
    });
    expect((await me(other)).json().data.user.dateStyle).toBe('day-month-name');

    // Her language likewise (decision 0109): null until chosen, heard from elsewhere, changed here.
    expect((await me(other)).json().data.user.language).toBeNull();
    expect(app.sessions.keeps(other.sessionId)).toBe(true);
    await elsewhere(`UPDATE users SET language = 'fr' WHERE id = $1`, [other.userId]);
    await waitFor(() => !app.sessions.keeps(other.sessionId), 'the new language to be heard');
    expect((await me(other)).json().data.user.language).toBe('fr');
    const turkish = await injectAs(app, other, {
      method: 'PUT',
      url: '/api/v1/auth/me/settings',
      payload: { language: 'tr' },
    });
    expect(turkish.json().data.user).toMatchObject({ dateStyle: 'day-month-name', language: 'tr' });
    expect((await me(other)).json().data.user.language).toBe('tr');
    const unknown = await injectAs(app, other, {
      method: 'PUT',
      url: '/api/v1/auth/me/settings',
      payload: { dateStyle: 'year-month-day', language: 'de' },
    });
    // Refused in her language (decision 0110).
    expect([unknown.statusCode, unknown.json().message]).toEqual([
      400,
      'Dil şunlardan biri olmalıdır: en, fr, es, pt, tr, ar',
    ]);
    expect((await me(other)).json().data.user).toMatchObject({
      dateStyle: 'day-month-name',
      language: 'tr',
    });

    expect(app.sessions.keeps(other.sessionId)).toBe(true);
    await elsewhere(
      `UPDATE clients SET client_name = 'Northwind Capital Partners' WHERE client_name = 'Northwind Capital'`,
    );
    await waitFor(() => app.sessions.size === 0, 'every session to be forgotten');
    expect((await me(other)).json().data.user.organisationName).toBe('Northwind Capital Partners');
  });

  it("ends a removed user's sessions at once in the process that removed them", async () => {
    const owner = await sessionFor(app, 'client2.owner@verity.test', 'client');
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO users (email, fullname, user_type, role, client_id)
       SELECT 'leaving@verity.test', 'Lea Leaving', 'client', 'viewer', id FROM clients
       WHERE client_name = 'Southbank Finance' RETURNING id`,
    );
    const leaving = await sessionOfMembership(app, rows[0]!.id);
    expect((await me(leaving)).statusCode).toBe(200);
    expect(app.sessions.keeps(leaving.sessionId)).toBe(true);

    const removed = await injectAs(app, owner, {
      method: 'DELETE',
      url: `/api/v1/client/user/${leaving.userId}`,
    });
    expect(removed.statusCode).toBe(200);
    expect((await me(leaving)).statusCode).toBe(401);
  });

  if (kind === 'postgres') {
    it('uses nothing it kept while its listening connection is lost, and hears again once it is back', async () => {
      const listening = async () => {
        const { rows } = await db.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity
           WHERE datname = current_database() AND query = 'LISTEN "verity_sessions"'`,
        );
        return rows.map((row) => row.pid);
      };
      const clara = await sessionFor(app, 'client.owner@verity.test', 'client');
      await me(clara);
      expect(app.sessions.keeps(clara.sessionId)).toBe(true);
      const [pid] = await listening();
      expect(pid).toBeDefined();

      await elsewhere('SELECT pg_terminate_backend($1)', [pid]);
      await waitFor(
        () => !app.sessions.keeps(clara.sessionId),
        'the lost connection to be noticed',
      );
      // Ended while nothing may be heard: the next request asks the database.
      await elsewhere('UPDATE sessions SET revoked_at = now() WHERE id = $1', [clara.sessionId]);
      expect((await me(clara)).statusCode).toBe(401);

      await waitFor(
        async () => app.sessions.isListening && (await listening()).some((next) => next !== pid),
        'listening again',
      );
      const again = await sessionFor(app, 'client.owner@verity.test', 'client');
      await me(again);
      expect(app.sessions.keeps(again.sessionId)).toBe(true);
      await elsewhere('UPDATE sessions SET revoked_at = now() WHERE id = $1', [again.sessionId]);
      await waitFor(
        () => !app.sessions.keeps(again.sessionId),
        'the ended session to be forgotten',
      );
      expect((await me(again)).statusCode).toBe(401);
    });
  }
});
