// Live updates over real connections: `GET /events` streams, to everyone who may see a plan and to
// no one else, one event per write with the ids and version it wrote; signed out is 401, an expired
// access cookie 403 (the browser refreshes and opens the stream again); closing the API ends them.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { LIVE_CHANGE_EVENT, type LiveChange, type UserType } from '@verity/shared-api/src/server';
import { encodeAccessToken } from '../../src/auth/access-token';
import { ACCESS_COOKIE } from '../../src/auth/session-cookies';
import { buildTestApp } from '../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import {
  cookieHeader,
  openEventStream,
  type EventStream,
  type StreamEvent,
} from '../support/event-stream';
import { waitFor } from '../support/api-process';
import { sessionFor, type TestSession } from '../support/session';
import {
  buildWorld,
  createPlan,
  gapsOf,
  validPlan,
  type World,
} from '../routes/action-plans/fixtures';
import { multipart } from '../routes/action-plans/remark-uploads';

/** Who follows the streams: the home tenant's people, a rival firm, another client and its company. */
const FOLLOWERS = {
  clientOwner: ['client.owner@verity.test', 'client'],
  clientViewer: ['client.viewer@verity.test', 'client'],
  auditorOwner: ['auditor.owner@verity.test', 'auditor'],
  auditorViewer: ['auditor.viewer@verity.test', 'auditor'],
  companyOwner: ['company.owner@verity.test', 'targetCompany'],
  companyViewer: ['company.viewer@verity.test', 'targetCompany'],
  otherFirmOwner: ['other.owner@audit.test', 'auditor'],
  otherClient: ['client2.owner@verity.test', 'client'],
  betaOwner: ['beta.owner@verity.test', 'targetCompany'],
} as const satisfies Record<string, readonly [string, UserType]>;
type Follower = keyof typeof FOLLOWERS;
const EVERY_FOLLOWER = Object.keys(FOLLOWERS) as Follower[];

const changesIn = (stream: EventStream): LiveChange[] =>
  stream.events
    .filter((event) => event.event === LIVE_CHANGE_EVENT)
    .map((event) => JSON.parse(event.data) as LiveChange);

const isChange = (expected: Partial<LiveChange>) => (event: StreamEvent) => {
  if (event.event !== LIVE_CHANGE_EVENT) return false;
  const change = JSON.parse(event.data) as Record<string, unknown>;
  return Object.entries(expected).every(([key, value]) => change[key] === value);
};

describe.each(databaseKinds)('live updates on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let base: string;
  const sessions = new Map<Follower, TestSession>();
  const open: EventStream[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database, { SEED_DEMO: '0' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;
    world = await buildWorld(app);
    for (const follower of EVERY_FOLLOWER) {
      const [email, userType] = FOLLOWERS[follower];
      sessions.set(follower, await sessionFor(app, email, userType));
    }
  });
  afterEach(() => {
    for (const stream of open.splice(0)) stream.close();
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  async function follow(follower: Follower): Promise<EventStream> {
    const stream = await openEventStream(`${base}/events`, {
      cookie: cookieHeader(sessions.get(follower)!.cookies),
    });
    open.push(stream);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream');
    // No proxy compresses (so holds back) or stores it.
    expect(stream.headers['cache-control']).toBe('no-cache, no-transform');
    return stream;
  }

  const followAll = async () =>
    Object.fromEntries(
      await Promise.all(EVERY_FOLLOWER.map(async (who) => [who, await follow(who)] as const)),
    ) as Record<Follower, EventStream>;

  const versionOf = async (gapId: string) =>
    (await app.db.query<{ version: number }>('SELECT version FROM gaps WHERE id = $1', [gapId]))
      .rows[0]!.version;

  const setStatus = (
    as: 'auditorOwner' | 'otherFirmOwner' | 'clientOwner',
    gapId: string,
    targetCompanyId: string,
    status: string,
  ) =>
    world.as[as]({
      method: 'PATCH',
      url: `/api/v1/gap/${gapId}/status`,
      query: { targetCompanyId },
      payload: { status },
    });

  /**
   * A plan with one gap on the audit, made by the firm's owner before anyone follows: it returns
   * once this process has heard the creation's notices, so no stream opened after it gets them.
   */
  async function planOn(
    auditId: string,
    targetCompanyId: string,
    by: 'auditorOwner' | 'otherFirmOwner',
  ) {
    const heard: LiveChange[] = [];
    const unwatch = app.changeFeed.watch({
      notice: (notice) => heard.push(notice.change),
      missed: () => undefined,
    });
    const response = await world.as[by]({
      method: 'POST',
      url: '/api/v1/action-plan',
      query: { targetCompanyId, auditId },
      payload: validPlan(),
    });
    expect(response.statusCode).toBe(201);
    const planId = response.json<{ data: { actionPlan: { id: string } } }>().data.actionPlan.id;
    const gaps = await app.db.query<{ id: string }>(
      'SELECT id FROM gaps WHERE action_plan_id = $1',
      [planId],
    );
    const gapId = gaps.rows[0]!.id;
    try {
      await waitFor(
        () =>
          [null, gapId].every((gap) =>
            heard.some((change) => change.actionPlanId === planId && change.gapId === gap),
          ),
        "the plan's creation to be heard",
      );
    } finally {
      unwatch();
    }
    return { planId, gapId, targetCompanyId };
  }

  it('is refused signed out (401) and with an expired access cookie (403, to refresh and come back)', async () => {
    const signedOut = await openEventStream(`${base}/events`);
    expect(signedOut.status).toBe(401);
    expect(JSON.parse(await signedOut.body())).toMatchObject({ code: 'UNAUTHENTICATED' });

    const session = sessions.get('companyOwner')!;
    const expired = app.signCookie(
      encodeAccessToken({
        uid: session.userId,
        sid: session.sessionId,
        exp: Math.floor(Date.now() / 1000) - 5,
      }),
    );
    const stale = await openEventStream(`${base}/events`, {
      cookie: cookieHeader({ [ACCESS_COOKIE]: expired }),
    });
    expect(stale.status).toBe(403);
    expect(JSON.parse(await stale.body())).toMatchObject({ code: 'ACCESS_TOKEN_EXPIRED' });
  });

  it('tells everyone who may see the plan, with its ids and version, and no one else', async () => {
    // GreenAudit's plan at Acme Steel (Northwind's company), the other firm's at Acme Steel, and
    // GreenAudit's at Beta Corp (Southbank's company).
    const green = await planOn(world.audits.ap, world.acmeId, 'auditorOwner');
    const rival = await planOn(world.audits.otherFirm, world.acmeId, 'otherFirmOwner');
    const beta = await planOn(world.audits.beta, world.betaId, 'auditorOwner');
    const streams = await followAll();

    const writes = [
      { plan: green, by: 'auditorOwner' as const },
      { plan: rival, by: 'otherFirmOwner' as const },
      { plan: beta, by: 'auditorOwner' as const },
    ];
    const told: LiveChange[] = [];
    for (const { plan, by } of writes) {
      const response = await setStatus(by, plan.gapId, plan.targetCompanyId, 'provClosed');
      expect(response.statusCode).toBe(200);
      told.push({
        actionPlanId: plan.planId,
        gapId: plan.gapId,
        version: await versionOf(plan.gapId),
        changedBy: sessions.get(by)!.userId,
        targetCompanyId: plan.targetCompanyId,
      });
    }
    const [atGreen, atRival, atBeta] = told as [LiveChange, LiveChange, LiveChange];
    expect(atGreen.version).toBe(2);

    const expected: Record<Follower, LiveChange[]> = {
      clientOwner: [atGreen, atRival],
      clientViewer: [atGreen, atRival],
      companyOwner: [atGreen, atRival],
      companyViewer: [atGreen, atRival],
      // A firm hears of its own audits only, never of another firm's work at the same company.
      auditorOwner: [atGreen, atBeta],
      auditorViewer: [atGreen, atBeta],
      otherFirmOwner: [atRival],
      otherClient: [atBeta],
      betaOwner: [atBeta],
    };
    // Each stream's last expected event: the database delivers in commit order, so anything else
    // it were told would have come before it.
    await Promise.all(
      EVERY_FOLLOWER.map((who) =>
        streams[who].waitFor(isChange(expected[who].at(-1)!), `${who}'s last change`),
      ),
    );
    for (const who of EVERY_FOLLOWER)
      expect([who, changesIn(streams[who])]).toEqual([who, expected[who]]);
  });

  it('sends one event for one write, whatever it changed: an edit of three fields, then a remark', async () => {
    const plan = await planOn(world.audits.ap, world.acmeId, 'auditorOwner');
    const company = await follow('companyOwner');

    const edit = await world.as.auditorOwner({
      method: 'PUT',
      url: `/api/v1/gap/${plan.gapId}`,
      query: { auditId: world.audits.ap },
      payload: {
        gapName: 'Meters missing',
        riskSeverity: 'high',
        KPI: 'Litres per tonne',
        version: 1,
      },
    });
    expect(edit.statusCode).toBe(200);
    expect(
      (
        await app.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM change_history WHERE gap_id = $1 AND version = 2',
          [plan.gapId],
        )
      ).rows[0]!.n,
    ).toBe(3);
    const remark = await world.as.companyOwner({
      method: 'PATCH',
      url: `/api/v1/gap/${plan.gapId}/remark`,
      query: { targetCompanyId: world.acmeId },
      ...multipart('Meters ordered, delivery next week'),
    });
    expect(remark.statusCode).toBe(200);

    await company.waitFor(isChange({ gapId: plan.gapId, version: 3 }), 'for the remark');
    expect(changesIn(company)).toEqual([
      {
        actionPlanId: plan.planId,
        gapId: plan.gapId,
        version: 2,
        changedBy: sessions.get('auditorOwner')!.userId,
        targetCompanyId: world.acmeId,
      },
      {
        actionPlanId: plan.planId,
        gapId: plan.gapId,
        version: 3,
        changedBy: sessions.get('companyOwner')!.userId,
        targetCompanyId: world.acmeId,
      },
    ]);
  });

  it('tells a firm nothing of its audits at a company it is no longer assigned to', async () => {
    const rival = await planOn(world.audits.otherFirm, world.acmeId, 'otherFirmOwner');
    const firm = await follow('otherFirmOwner');
    const assignment = [world.acmeId, world.otherFirmId];

    await app.db.query(
      'DELETE FROM company_auditors WHERE target_company_id = $1 AND auditor_id = $2',
      assignment,
    );
    expect(
      (await setStatus('clientOwner', rival.gapId, world.acmeId, 'provClosed')).statusCode,
    ).toBe(200);
    await app.db.query(
      `INSERT INTO company_auditors (target_company_id, auditor_id, form_types) VALUES ($1, $2, '{ap}')`,
      assignment,
    );
    expect((await setStatus('clientOwner', rival.gapId, world.acmeId, 'open')).statusCode).toBe(
      200,
    );

    await firm.waitFor(isChange({ gapId: rival.gapId, version: 3 }), 'after the new assignment');
    expect(changesIn(firm).map((change) => change.version)).toEqual([3]);
  });

  it('names the new plan and each new gap when a plan is made', async () => {
    const client = await follow('clientOwner');
    const planId = await createPlan(world);
    const [gap] = await gapsOf(world, planId);
    await client.waitFor(isChange({ actionPlanId: planId, gapId: gap!.id }), 'for the new gap');
    expect(changesIn(client).filter((change) => change.actionPlanId === planId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actionPlanId: planId, gapId: null, version: 1 }),
        expect.objectContaining({ actionPlanId: planId, gapId: gap!.id, version: 1 }),
      ]),
    );
  });
});

describe('an API that closes', () => {
  it('ends its open streams at once, so that closing never waits for them', async () => {
    const database = await createTestDatabase('pglite');
    const app = await buildTestApp(database, { SEED_DEMO: '0' });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as AddressInfo).port;
      const session = await sessionFor(app, 'company.owner@verity.test', 'targetCompany');
      const stream = await openEventStream(`http://127.0.0.1:${port}/api/v1/events`, {
        cookie: cookieHeader(session.cookies),
      });
      expect(stream.status).toBe(200);
      expect(app.changeFeed.size).toBe(1);
      await app.close();
      await stream.ended;
      expect(app.changeFeed.size).toBe(0);
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});
