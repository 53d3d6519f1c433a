import http from 'node:http';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app';
import { openDatabase, type Database } from '../../src/db';
import { errorCodes, messages } from '../../src/messages';
import { REQUEST_TIME_LIMIT_MS, REQUESTS_AT_ONCE } from '../../src/plugins/external/load-shedding';
import { startApiProcess, waitFor, type ApiProcess } from '../support/api-process';
import { buildTestApp, testConfig } from '../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import { sessionFor, type TestSession } from '../support/session';
import { explorerUrl, exportUrl, prepareFaultWorld, type FaultWorld } from './fault-world';

const unavailableBody = {
  success: false,
  message: messages.serviceUnavailable,
  code: errorCodes.serviceUnavailable,
};

/** A table locked against every read, from a connection of the test's own, until `release`. */
async function lockTable(database: TestDatabase, table: string) {
  const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await client.connect();
  await client.query('BEGIN');
  await client.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
  return {
    release: async () => {
      await client.query('COMMIT');
      await client.end();
    },
  };
}

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

    it('queues a burst, refuses at once while the queue would keep a request past its time limit, keeps /healthz answering, then serves again', async () => {
      app = await buildTestApp(database);
      session = await sessionFor(app, 'client.owner@verity.test', 'client');
      const explore = () =>
        app.inject({ method: 'GET', url: '/api/v1/portfolio/gaps', cookies: session.cookies });
      expect((await explore()).statusCode).toBe(200);
      // The explorer reads the gaps: while a transaction holds them locked, its readers wait.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
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

  describe('a real API process on a large database', () => {
    let world: FaultWorld;
    let api: ApiProcess | undefined;

    beforeAll(async () => {
      // About 12 MB of CSV: far more than the socket buffers between the API and a client hold.
      world = await prepareFaultWorld(database, { extraGaps: kind === 'postgres' ? 30_000 : 3000 });
    });
    afterEach(async () => {
      await api?.stop();
      api = undefined;
    });

    it('serves fifty readers of the gap explorer who arrive together, each a whole page', async () => {
      // LOG_LEVEL info: the server logs each request it receives.
      api = await startApiProcess({ ...database.env, LOG_LEVEL: 'info' });
      const url = explorerUrl(api.url, world);
      const read = async () => {
        const response = await fetch(url, { headers: { cookie: world.clientCookie } });
        return { status: response.status, body: (await response.json()) as unknown };
      };
      const alone = await read();
      expect(alone.status).toBe(200);
      const page = (alone.body as { data: { total: number; gaps: unknown[] } }).data;
      expect(page.total).toBeGreaterThan(kind === 'postgres' ? 30_000 : 3000);
      expect(page.gaps).toHaveLength(20);

      // Each reader counts and sorts every gap of the company. PGlite does one statement at a time, so
      // the fifty queue; PostgreSQL is quicker than they arrive, so the gaps stay locked (the database
      // busy) until all fifty are in.
      const received = () => api!.output().split(`"url":"${new URL(url).pathname}`).length - 1;
      const lock = kind === 'postgres' ? await lockTable(database, 'gaps') : undefined;
      let answered = 0;
      const readers = Array.from({ length: 50 }, () => read().finally(() => (answered += 1)));
      await waitFor(() => answered > 0 || received() >= 51, 'the fifty readers to arrive');
      await lock?.release();
      const answers = await Promise.all(readers);
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 50 }, () => 200));
      for (const answer of answers) expect(answer.body).toEqual(alone.body);
    });

    it('CSV downloads that are never read hold no database connection: everyone else is served and /healthz answers', async () => {
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
