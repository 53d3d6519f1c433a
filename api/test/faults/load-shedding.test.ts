import http from 'node:http';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import { openDatabase, type Database } from '../../src/db';
import { errorCodes, messages } from '../../src/messages';
import { MAX_WAITING_FOR_DATABASE } from '../../src/plugins/external/load-shedding';
import { startApiProcess, waitFor, type ApiProcess } from '../support/api-process';
import { buildTestApp, testConfig } from '../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import { sessionFor, type TestSession } from '../support/session';
import { exportUrl, prepareFaultWorld, type FaultWorld } from './fault-world';

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

    afterEach(async () => {
      await app?.close();
    });

    const me = () =>
      app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: session.cookies });

    it('refuses at once while the database queue is full, keeps /healthz answering, then serves again', async () => {
      app = await buildTestApp(database);
      session = await sessionFor(app, 'company.owner@verity.test', 'targetCompany');
      // Every signed-in request reads users: while a transaction holds it locked, they all queue.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = app.db.transaction(async (tx) => {
        await tx.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
        locked();
        await released;
      });
      await isLocked;

      // Requests that wait for the database until the queue is at its limit.
      const queued: LightMyRequestResponse[] = [];
      const queuedRequests = Array.from({ length: MAX_WAITING_FOR_DATABASE + 10 }, () =>
        me().then((response) => queued.push(response)),
      );
      await waitFor(
        () => app.db.waitingCount() >= MAX_WAITING_FOR_DATABASE,
        'the database queue to fill',
      );
      // The next ones are refused at once, before any queued request could be answered.
      const refused = await Promise.all(Array.from({ length: 10 }, () => me()));
      for (const answer of refused) expectShed(answer);
      expect(queued).toEqual([]);
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);

      release();
      await holder;
      await Promise.all(queuedRequests);
      expect(queued.filter((answer) => answer.statusCode === 200).length).toBeGreaterThan(0);
      // On PostgreSQL a request that waited past the pool's time-out for a connection is a 503 too.
      for (const answer of queued.filter((answer) => answer.statusCode !== 200)) {
        expectShed(answer);
      }
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

  describe('CSV downloads that are never read', () => {
    let world: FaultWorld;
    let api: ApiProcess | undefined;

    beforeAll(async () => {
      // About 12 MB of CSV: far more than the socket buffers between the API and a client hold.
      world = await prepareFaultWorld(database, { extraGaps: kind === 'postgres' ? 30_000 : 3000 });
    });
    afterAll(async () => {
      await api?.stop();
    });

    it('hold no database connection: everyone else is served and /healthz answers', async () => {
      api = await startApiProcess(database.env);
      const stalled: http.ClientRequest[] = [];
      try {
        // One after another, each stalled before the next starts: more stalled downloads than the
        // pool has connections, so each can start only if those before it gave theirs back. (All at
        // once, a busy machine's slow exports would make some wait past the pool's 5 s and get 503.)
        const started: number[] = [];
        for (let i = 0; i < 12; i += 1) {
          started.push(
            await new Promise<number>((resolve, reject) => {
              const request = http.get(
                exportUrl(api!.url, world),
                { headers: { cookie: world.cookie } },
                (response) => {
                  // Headers read, body never: the client stalls.
                  response.pause();
                  resolve(response.statusCode!);
                },
              );
              request.once('error', reject);
              stalled.push(request);
            }),
          );
        }
        expect(started).toEqual(Array.from({ length: 12 }, () => 200));

        const others = await Promise.all(
          Array.from({ length: 20 }, () =>
            fetch(`${api!.url}/api/v1/auth/me`, { headers: { cookie: world.cookie } }).then(
              (response) => response.status,
            ),
          ),
        );
        expect(others).toEqual(Array.from({ length: 20 }, () => 200));
        expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
        // A whole export still comes through for a client that reads.
        const csv = await fetch(exportUrl(api.url, world), { headers: { cookie: world.cookie } });
        expect(csv.status).toBe(200);
        expect((await csv.text()).split('\n').length).toBeGreaterThan(
          kind === 'postgres' ? 30_000 : 3000,
        );
      } finally {
        for (const request of stalled) request.destroy();
      }
    });
  });
});
