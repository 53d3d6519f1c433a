// Load shedding inside one API process, built in the test: the requests' turns at the database and
// the event loop's delay are the API's own, above the database's interface, so one database is
// enough (the real process on a large database, on both, is load-shedding.test.ts).
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import { openDatabase, type Database } from '../../src/db';
import { errorCodes, messages } from '../../src/messages';
import { REQUEST_TIME_LIMIT_MS, REQUESTS_AT_ONCE } from '../../src/plugins/external/load-shedding';
import { waitFor } from '../support/api-process';
import { buildTestApp, testConfig } from '../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import { sessionFor, type TestSession } from '../support/session';

const unavailableBody = {
  success: false,
  message: messages.serviceUnavailable,
  code: errorCodes.serviceUnavailable,
};

function expectShed(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.json()).toEqual(unavailableBody);
}

describe.each(databaseKinds)('load shedding on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  describe('in process', () => {
    let app: FastifyInstance;
    let session: TestSession;
    /** Ends a test's lock on the gaps, which would hold the app's closing if the test failed first. */
    let unlock: (() => void) | undefined;

    afterEach(async () => {
      unlock?.();
      await app?.close();
    });

    const me = () =>
      app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: session.cookies });

    it('queues a burst, refuses at once while the queue would keep a request past its time limit, keeps /healthz answering, then serves again', async () => {
      app = await buildTestApp(database);
      session = await sessionFor(app, 'client.owner@verity.test', 'client');
      // A page of its own each time: a page asked again would be the cached answer, which reads no gap.
      let pages = 0;
      const explore = () =>
        app.inject({
          method: 'GET',
          url: `/api/v1/portfolio/gaps?page=${(pages += 1)}`,
          cookies: session.cookies,
        });
      expect((await explore()).statusCode).toBe(200);
      // The explorer reads the gaps: while a transaction holds them locked, its readers wait.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      unlock = release;
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = app.db.transaction(async (tx) => {
        await tx.query('LOCK TABLE gaps IN ACCESS EXCLUSIVE MODE');
        locked();
        await released;
      });
      await isLocked;

      // A burst: the first take their turns and wait for the database, the rest wait their turn.
      const burst = 200;
      const queued: LightMyRequestResponse[] = [];
      const queuedRequests = Array.from({ length: burst }, () =>
        explore().then((response) => queued.push(response)),
      );
      await waitFor(
        () => app.requestQueue.counts.waiting === burst - REQUESTS_AT_ONCE,
        'the burst to wait its turn',
      );
      // The database does not move: the turns under way grow old, and with them the wait of a
      // request arriving now, until it would be past the time limit.
      await waitFor(
        () => app.requestQueue.expectedWaitMs() + app.requestQueue.turnMs() > REQUEST_TIME_LIMIT_MS,
        'the queue to be longer than the time limit',
      );
      // The next ones are refused at once, before any queued request could be answered.
      const refused = await Promise.all(Array.from({ length: 10 }, () => explore()));
      for (const answer of refused) expectShed(answer);
      expectShed(await me());
      expect(queued).toEqual([]);
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);

      release();
      await holder;
      await Promise.all(queuedRequests);
      expect(queued.filter((answer) => answer.statusCode === 200).length).toBeGreaterThan(0);
      // On PostgreSQL a statement that waited past the pool's time-out for a connection is a 503 too.
      for (const answer of queued.filter((answer) => answer.statusCode !== 200)) {
        expectShed(answer);
      }
      expect((await explore()).statusCode).toBe(200);
      expect((await me()).statusCode).toBe(200);
    });

    if (kind === 'postgres') {
      it("limits a request's statements and idle transactions, but not migrations", async () => {
        app = await buildTestApp(database);
        const setting = async (db: Database, name: string) =>
          (await db.query<Record<string, string>>(`SHOW ${name}`)).rows[0]![name];
        expect(await setting(app.db, 'statement_timeout')).toBe('15s');
        expect(await setting(app.db, 'idle_in_transaction_session_timeout')).toBe('30s');
        const setup = await openDatabase({
          databaseUrl: database.env.DATABASE_URL,
          dataDir: database.env.DATA_DIR,
          requestLimits: false,
        });
        try {
          expect(await setting(setup, 'statement_timeout')).toBe('0');
        } finally {
          await setup.close();
        }
      });
    }

    it('refuses while the event loop runs late, and /healthz still answers', async () => {
      app = await buildApp({
        config: testConfig(database),
        loadShedding: { maxEventLoopDelayMs: 100 },
      });
      session = await sessionFor(app, 'company.owner@verity.test', 'targetCompany');
      // Building the app (and a busy machine) can leave the first samples late: it serves once settled.
      await waitFor(async () => (await me()).statusCode === 200, 'the server to serve');
      // Work that keeps the event loop busy 300 ms at a time, as a flood of heavy requests would.
      const busy = setInterval(() => {
        const until = Date.now() + 300;
        while (Date.now() < until);
      }, 10);
      try {
        await waitFor(() => app.isUnderPressure(), 'the server to notice the late event loop');
        expectShed(await me());
        expectShed(await app.inject({ method: 'GET', url: '/readyz' }));
        expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      } finally {
        clearInterval(busy);
      }
      await waitFor(async () => (await me()).statusCode === 200, 'the server to serve again');
    });
  });
});
