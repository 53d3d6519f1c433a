// Live updates over real connections: `GET /events` streams, to everyone who may see a plan and to
// no one else, one event per write with the ids and version it wrote, and to a user alone that
// their bell has something new; signed out is 401, an expired access cookie 403 (the browser
// refreshes and opens the stream again); closing the API ends them.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import {
  LIVE_CHANGE_EVENT,
  LIVE_NOTICE_EVENT,
  LIVE_RESYNC_EVENT,
  type LiveChange,
  type UserType,
} from '@verity/shared-api/src/server';
import { startMailCatcher, type MailCatcher } from '../../../tooling/mail/mail-catcher';
import { encodeAccessToken } from '../../src/auth/access-token';
import type { Queryable } from '../../src/db';
import { STREAMS_PER_USER } from '../../src/routes/live';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../src/auth/session-cookies';
import { buildTestApp, TEST_REDIRECT_URI } from '../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import {
  cookieHeader,
  openEventStream,
  type EventStream,
  type StreamEvent,
} from '../support/event-stream';
import { waitFor } from '../support/api-process';
import { startIdentity, type IdentityServer } from '../support/identity';
import { injectAs, sessionFor, sessionOfMembership, type TestSession } from '../support/session';
import { signIn, type UserTypeSegment } from '../support/sign-in';
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

const noticesIn = (stream: EventStream) =>
  stream.events.filter((event) => event.event === LIVE_NOTICE_EVENT);

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

  const follow = (follower: Follower) => followWith(sessions.get(follower)!);

  async function followWith(session: TestSession): Promise<EventStream> {
    const stream = await openEventStream(`${base}/events`, {
      cookie: cookieHeader(session.cookies),
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

  it(`keeps at most ${STREAMS_PER_USER} streams open per person, refusing more with a 429 that says why`, async () => {
    const viewer = sessions.get('companyViewer')!;
    const another = await sessionOfMembership(app, viewer.userId);
    // Two sessions of one person (a second browser) count together.
    await Promise.all(
      Array.from({ length: STREAMS_PER_USER }, (_, n) =>
        n % 2 === 0 ? follow('companyViewer') : followWith(another),
      ),
    );
    const refused = await openEventStream(`${base}/events`, {
      cookie: cookieHeader(viewer.cookies),
    });
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(await refused.body())).toEqual({
      success: false,
      code: 'TOO_MANY_STREAMS',
      message: `Live updates are already open in ${STREAMS_PER_USER} windows or tabs. Close some of them and reload this page to see changes as they happen.`,
    });
    // Nobody else is held back.
    await follow('companyOwner');

    // One closed, another may open.
    open[0]!.close();
    await waitFor(async () => {
      const again = await openEventStream(`${base}/events`, {
        cookie: cookieHeader(viewer.cookies),
      });
      open.push(again);
      return again.status === 200;
    }, 'a stream to open once another has closed');
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

  /**
   * Waits until this process has passed on the bell notices of `userIds` (they come in commit order,
   * so any earlier notice has been passed on too), then ends what each stream is told with a resync.
   */
  async function noticesSettled(
    streams: EventStream[],
    heard: jest.SpiedFunction<typeof app.changeFeed.publishNotice>,
    userIds: string[],
  ) {
    const heardFor = () =>
      heard.mock.calls.map(([payload]) => (JSON.parse(payload) as { u: string }).u);
    await waitFor(
      () => userIds.every((id) => heardFor().includes(id)),
      'the bell notices to be heard',
    );
    app.changeFeed.resyncStreams();
    await Promise.all(
      streams.map((stream) =>
        stream.waitFor((event) => event.event === LIVE_RESYNC_EVENT, 'the end marker'),
      ),
    );
  }

  it("tells each person their own bell's new notices, and nobody else's", async () => {
    const heard = jest.spyOn(app.changeFeed, 'publishNotice');
    try {
      const streams = await followAll();
      // Acme Steel's owner reports an incident: its client's and firms' members are told, not the
      // author, not a viewer of the company, nor another client or its company.
      const reported = await world.as.companyOwner({
        method: 'POST',
        url: `/api/v1/target-company/${world.acmeId}/incidents`,
        payload: {
          category: 'spillOrRelease',
          severity: 'high',
          occurredAt: new Date(Date.now() - 60 * 60_000).toISOString(),
          location: 'Tank farm B',
          description: 'About 2,000 litres of diesel leaked from a cracked valve into the bund.',
          peopleAffected: 0,
          immediateActions: 'Valve isolated; spill absorbed.',
        },
      });
      expect(reported.statusCode).toBe(201);
      const incidentId = reported.json<{ data: { incident: { id: string } } }>().data.incident.id;
      const told = (
        await app.db.query<{ user_id: string }>(
          'SELECT DISTINCT user_id FROM notifications WHERE incident_id = $1',
          [incidentId],
        )
      ).rows.map((row) => row.user_id);
      await noticesSettled(Object.values(streams), heard, told);

      const toldFollowers = EVERY_FOLLOWER.filter((who) =>
        told.includes(sessions.get(who)!.userId),
      );
      expect(toldFollowers).toEqual(
        expect.arrayContaining(['clientOwner', 'clientViewer', 'auditorOwner', 'auditorViewer']),
      );
      expect(toldFollowers).not.toContain('companyOwner');
      for (const who of EVERY_FOLLOWER)
        expect([who, noticesIn(streams[who])]).toEqual([
          who,
          toldFollowers.includes(who) ? [{ event: LIVE_NOTICE_EVENT, data: '{}' }] : [],
        ]);
    } finally {
      heard.mockRestore();
    }
  });

  it('tells once per write whatever it wrote, and nothing of a write rolled back', async () => {
    const heard = jest.spyOn(app.changeFeed, 'publishNotice');
    try {
      const client = await follow('clientOwner');
      const company = await follow('companyViewer');
      const other = await follow('otherClient');
      const [clientOwner, companyViewer] = [
        sessions.get('clientOwner')!.userId,
        sessions.get('companyViewer')!.userId,
      ];
      const insert = (tx: Queryable, userIds: string[]) =>
        tx.query(
          `INSERT INTO notifications (user_id, kind, title, body, target_company_id)
           SELECT u, 'remarkAdded', 'A remark', 'Someone added a remark.', $2
           FROM unnest($1::uuid[]) AS u`,
          [userIds, world.acmeId],
        );
      // Rolled back: nobody is told.
      await expect(
        app.db.transaction(async (tx) => {
          await insert(tx, [clientOwner]);
          throw new Error('the write fails after its notification');
        }),
      ).rejects.toThrow('the write fails');
      // Two statements of one write, two rows each for one reader: one notice each.
      await app.db.transaction(async (tx) => {
        await insert(tx, [clientOwner, companyViewer, companyViewer]);
        await insert(tx, [clientOwner]);
      });
      await noticesSettled([client, company, other], heard, [clientOwner, companyViewer]);

      expect([client, company, other].map((stream) => noticesIn(stream).length)).toEqual([1, 1, 0]);
    } finally {
      heard.mockRestore();
    }
  });

  // Last: it closes the API.
  it('ends its open streams at once when the API closes, so that closing never waits for them', async () => {
    // The earlier tests' streams, closed by their readers, are gone from the API too.
    await waitFor(() => app.changeFeed.size === 0, "the earlier tests' streams to end");
    const stream = await follow('companyOwner');
    expect(app.changeFeed.size).toBe(1);
    await app.close();
    await stream.ended;
    expect(app.changeFeed.size).toBe(0);
  });
});

/**
 * How a session ends, and whose streams end with it: the session's own (on every API process), the
 * person's other sessions when the ending is theirs rather than one session's, and never anyone
 * else's. Each ending runs against a fresh sign-in through the real identity provider.
 */
const ENDINGS = [
  {
    ending: 'a sign-out',
    email: 'client.viewer@verity.test',
    segment: 'client',
    everySession: false,
  },
  {
    ending: 'a refresh token used again (the reuse kill)',
    email: 'auditor.viewer@verity.test',
    segment: 'auditor',
    everySession: false,
  },
  {
    ending: 'a password reset at the identity provider',
    email: 'company.viewer@verity.test',
    segment: 'target-company',
    everySession: true,
  },
  {
    ending: 'the removal of the membership',
    email: 'company.editor@verity.test',
    segment: 'target-company',
    everySession: true,
  },
] as const satisfies readonly {
  ending: string;
  email: string;
  segment: UserTypeSegment;
  everySession: boolean;
}[];

describe.each(databaseKinds)('the streams of a session that ends, on %s', (kind) => {
  let database: TestDatabase;
  let mail: MailCatcher;
  let identity: IdentityServer;
  /** Where the session ends; on PostgreSQL, `other` is a second API process on the same database. */
  let app: FastifyInstance;
  let other: FastifyInstance;
  const open: EventStream[] = [];

  const urlOf = (server: FastifyInstance) =>
    `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/api/v1/events`;

  beforeAll(async () => {
    mail = await startMailCatcher();
    identity = await startIdentity({
      redirectUri: TEST_REDIRECT_URI,
      env: { SMTP_URL: mail.smtpUrl },
    });
    database = await createTestDatabase(kind);
    const env = {
      IDENTITY_ISSUER: identity.issuer,
      IDENTITY_CLIENT_SECRET: identity.clientSecret,
      IDENTITY_API_KEY: identity.apiKey,
      IDENTITY_SIGN_OUT_CHECK_SECONDS: '1',
    };
    app = await buildTestApp(database, env);
    await app.listen({ port: 0, host: '127.0.0.1' });
    other = kind === 'postgres' ? await buildTestApp(database, env) : app;
    if (other !== app) await other.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const stream of open.splice(0)) stream.close();
  });
  afterAll(async () => {
    if (other !== app) await other?.close();
    await app?.close();
    await database?.dispose();
    await identity?.stop();
    await mail?.stop();
  });

  async function follow(server: FastifyInstance, cookies: Record<string, string>) {
    const stream = await openEventStream(urlOf(server), { cookie: cookieHeader(cookies) });
    open.push(stream);
    expect(stream.status).toBe(200);
    let ended = false;
    void stream.ended.then(() => (ended = true));
    return { stream, isOpen: () => !ended };
  }

  /** Resolves once the server has ended the stream; fails naming it when it never does. */
  const endOf = (stream: EventStream, what: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${what} is still open`)), 30_000);
      void stream.ended.then(() => {
        clearTimeout(timer);
        resolve();
      });
    });

  async function resetPassword(email: string) {
    const asked = await fetch(`${identity.issuer}/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email }),
    });
    expect(asked.status).toBe(200);
    const message = await mail.waitForMessage(
      (caught) => caught.to.includes(email) && /reset/i.test(caught.subject),
    );
    const link = message.text.split(/\s+/).find((word) => word.includes('/reset-password?token='));
    const token = new URL(link!).searchParams.get('token')!;
    const password = 'a brand new passphrase for the stream test';
    const changed = await fetch(`${identity.issuer}/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, password, confirmation: password }),
    });
    expect(changed.status).toBe(200);
  }

  it.each(ENDINGS)(
    'closes them at once on every API process after $ending',
    async ({ ending, email, segment, everySession }) => {
      const { callback, cookies } = await signIn(app, segment, email);
      expect(callback.headers.location).toBe('/');
      const signedIn = cookies.all();
      const membershipId = (
        await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: signedIn })
      ).json<{ data: { user: { _id: string } } }>().data.user._id;
      const anotherSession = await sessionOfMembership(app, membershipId);
      const bystander = await sessionFor(app, 'client2.owner@verity.test', 'client');

      const here = await follow(app, signedIn);
      const there = await follow(other, signedIn);
      const elsewhere = await follow(other, anotherSession.cookies);
      const unrelated = await follow(app, bystander.cookies);

      switch (ending) {
        case 'a sign-out': {
          const out = await app.inject({
            method: 'POST',
            url: '/api/v1/auth/logout',
            cookies: signedIn,
          });
          expect(out.statusCode).toBe(200);
          break;
        }
        case 'a refresh token used again (the reuse kill)': {
          const refresh = (token: string) =>
            app.inject({
              method: 'POST',
              url: '/api/v1/auth/refresh',
              cookies: { [REFRESH_COOKIE]: token },
            });
          const first = signedIn[REFRESH_COOKIE]!;
          const second = await refresh(first);
          expect(second.statusCode).toBe(200);
          const next = second.cookies.find((cookie) => cookie.name === REFRESH_COOKIE)!.value;
          expect((await refresh(next)).statusCode).toBe(200);
          const replayed = await refresh(first);
          expect(replayed.json()).toMatchObject({ code: 'REFRESH_TOKEN_REUSED' });
          break;
        }
        case 'a password reset at the identity provider':
          await resetPassword(email);
          break;
        case 'the removal of the membership': {
          const owner = await sessionFor(app, 'company.owner@verity.test', 'targetCompany');
          const removed = await injectAs(app, owner, {
            method: 'DELETE',
            url: `/api/v1/target-company/user/${membershipId}`,
          });
          expect(removed.statusCode).toBe(200);
          break;
        }
      }

      await endOf(here.stream, "the session's stream on the process that ended it");
      await endOf(there.stream, "the session's stream on another process");
      if (everySession) await endOf(elsewhere.stream, "the person's stream of another session");
      // The session is over for the browser too: its stream cannot be opened again.
      expect((await openEventStream(urlOf(app), { cookie: cookieHeader(signedIn) })).status).toBe(
        401,
      );
      expect({ elsewhere: elsewhere.isOpen(), unrelated: unrelated.isOpen() }).toEqual({
        elsewhere: !everySession,
        unrelated: true,
      });
    },
  );
});
