import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { openPostgres } from '../../src/db/postgres-database';
import { errorCodes, messages } from '../../src/messages';
import { appRoutes } from '../permissions/app-routes';
import { startApiProcess, waitFor, type ApiProcess } from '../support/api-process';
import { buildTestApp } from '../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import { startIdentity } from '../support/identity';
import { sessionFor } from '../support/session';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import {
  exportUrl,
  prepareFaultWorld,
  remarkForm,
  remarkUrl,
  type FaultWorld,
} from './fault-world';

const unavailableBody = {
  success: false,
  message: messages.serviceUnavailable,
  code: errorCodes.serviceUnavailable,
};

async function withAdmin<T>(url: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/** Ends every other session on the test database, as an administrator or a failover would. */
const terminateSessions = (admin: pg.Client) =>
  admin.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
     WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );

/** Writes and exports against a running API until stopped, recording every answer. */
function trafficAgainst(api: ApiProcess, world: FaultWorld) {
  const statuses: number[] = [];
  const acknowledged: string[] = [];
  const unavailable: unknown[] = [];
  let running = true;
  let serial = 0;
  const write = async () => {
    while (running) {
      const response = await fetch(remarkUrl(api.url, world), {
        method: 'PATCH',
        headers: { cookie: world.cookie },
        body: remarkForm(`Fault remark ${(serial += 1)}`),
      }).catch(() => undefined);
      if (!response) continue;
      statuses.push(response.status);
      const body = (await response.json()) as { data?: { remark: { _id: string } } };
      if (response.status === 200) acknowledged.push(body.data!.remark._id);
      if (response.status === 503) unavailable.push(body);
    }
  };
  const exportCsv = async () => {
    while (running) {
      const response = await fetch(exportUrl(api.url, world), {
        headers: { cookie: world.cookie },
      }).catch(() => undefined);
      if (!response) continue;
      statuses.push(response.status);
      // A copy cut by the drop ends the download early; the status was already sent.
      await response.arrayBuffer().catch(() => undefined);
    }
  };
  const loops = [write(), write(), write(), exportCsv()];
  return {
    statuses,
    acknowledged,
    unavailable,
    succeeded: () => statuses.filter((status) => status === 200).length,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

describe.each(databaseKinds)('database drops on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  describe('while the database is gone', () => {
    let app: FastifyInstance;
    let proxy: TcpProxy | undefined;

    afterAll(async () => {
      await app?.close();
      await proxy?.close();
    });

    it('answers 503 with a clear message and Retry-After on every route, and /healthz stays up', async () => {
      if (kind === 'postgres') {
        proxy = await startTcpProxy(database.env.DATABASE_URL!);
        app = await buildTestApp(database, { DATABASE_URL: proxy.url });
      } else {
        app = await buildTestApp(database);
      }
      const session = await sessionFor(app, 'company.owner@verity.test', 'targetCompany');
      // PGlite's worker gone, or every PostgreSQL connection dropped and refused.
      if (proxy) await proxy.cut();
      else await app.db.close();

      const answers: Record<string, number> = {};
      // /readyz has its own answer (see the health tests).
      for (const route of appRoutes(app).filter((route) => route !== 'GET /readyz')) {
        const [method, path] = route.split(' ') as [string, string];
        const response = await app.inject({
          method: method as 'GET',
          url: path.replace(/:[A-Za-z]+/g, randomUUID()).replace('*', 'x'),
          cookies: session.cookies,
          ...(['POST', 'PUT', 'PATCH'].includes(method) ? { payload: {} } : {}),
        });
        answers[route] = response.statusCode;
        if (response.statusCode === 503) {
          expect(response.json()).toEqual(unavailableBody);
          expect(response.headers['retry-after']).toBe('5');
        }
      }
      expect(
        Object.entries(answers).filter(([, status]) => status >= 500 && status !== 503),
      ).toEqual([]);
      // Every signed-in route reads the session's user first.
      expect(answers['GET /api/v1/auth/me']).toBe(503);
      expect(answers['GET /api/v1/target-company']).toBe(503);
      expect(answers['GET /api/v1/action-plan/export/csv']).toBe(503);
      const remarkRoute = Object.keys(answers).find((route) => /^PATCH .*\/remark$/.test(route));
      expect(answers[remarkRoute!]).toBe(503);

      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);

      if (proxy) {
        await proxy.restore();
        await waitFor(
          async () =>
            (await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: session.cookies }))
              .statusCode === 200,
          'the API to reconnect',
        );
      }
    });
  });

  if (kind !== 'postgres') return;

  describe('a connection the server ends', () => {
    it('fails the transaction that held it while idle, and the next query runs', async () => {
      const url = database.env.DATABASE_URL!;
      const db = openPostgres({ connectionString: url });
      try {
        await withAdmin(url, async (admin) => {
          const work = db.transaction(async (tx) => {
            const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
            const pid = rows[0]!.pid;
            await admin.query('SELECT pg_terminate_backend($1)', [pid]);
            await waitFor(
              async () =>
                (await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid]))
                  .rowCount === 0,
              'the backend to end',
            );
            // Two more round trips let the ended connection's message reach its client, idle.
            await admin.query('SELECT 1');
            await admin.query('SELECT 1');
            await tx.query('SELECT 1');
          });
          await expect(work).rejects.toMatchObject({ code: '57P01' });
        });
        expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      } finally {
        await db.close();
      }
    });

    it('ends an export cut mid-copy with an error, and the next query runs', async () => {
      const url = database.env.DATABASE_URL!;
      const db = openPostgres({ connectionString: url });
      try {
        await withAdmin(url, async (admin) => {
          const rows = db.copyOut(
            `SELECT n, repeat('x', 200) AS filler, pg_sleep(CASE WHEN n % 1000 = 0 THEN 0.05 ELSE 0 END)
             FROM generate_series(1, 200000) AS n ORDER BY n`,
          );
          const received: Buffer[] = [];
          const ended = new Promise<unknown>((resolve) => {
            rows.on('data', (chunk: Buffer) => received.push(chunk));
            rows.once('error', resolve);
            rows.once('end', () => resolve(undefined));
          });
          await waitFor(() => received.length > 0, 'the first rows');
          await terminateSessions(admin);
          expect(await ended).toMatchObject({ code: '57P01' });
        });
        expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      } finally {
        await db.close();
      }
    });
  });

  it('the identity provider keeps serving after its database sessions are ended', async () => {
    const identityDatabase = await createTestDatabase('postgres', { template: 'empty' });
    const identityUrl = identityDatabase.env.DATABASE_URL!;
    const identity = await startIdentity({
      redirectUri: 'http://localhost:8080/api/v1/auth/callback',
      env: { IDENTITY_DATABASE_URL: identityUrl },
    });
    const lookup = () =>
      fetch(`${identity.issuer}/user?email=client.owner@verity.test`, {
        headers: { authorization: `Bearer ${identity.apiKey}` },
      }).then(
        (response) => response.status,
        () => 0,
      );
    try {
      expect(await lookup()).toBe(200);
      for (let round = 0; round < 3; round += 1) {
        await withAdmin(identityUrl, terminateSessions);
        await waitFor(async () => (await lookup()) === 200, 'identity to answer again');
      }
    } finally {
      await identity.stop();
      await identityDatabase.dispose();
    }
  });

  describe('the API process', () => {
    let world: FaultWorld;
    let api: ApiProcess | undefined;
    let proxy: TcpProxy | undefined;

    beforeAll(async () => {
      world = await prepareFaultWorld(database);
    });
    afterEach(async () => {
      await api?.stop();
      api = undefined;
      await proxy?.close();
      proxy = undefined;
    });

    async function expectEveryAcknowledgedWrite(ids: string[]) {
      const { rows } = await withAdmin(database.env.DATABASE_URL!, (admin) =>
        admin.query<{ n: number }>('SELECT count(*)::int AS n FROM remarks WHERE id = ANY($1)', [
          ids,
        ]),
      );
      expect(rows[0]!.n).toBe(ids.length);
    }

    it('keeps serving through pg_terminate_backend of its sessions during writes and exports', async () => {
      // Bursts of remarks well past a person's pace: the per-user limit is not what is tested here.
      api = await startApiProcess({ ...database.env, REMARKS_PER_MINUTE: '100000' });
      const traffic = trafficAgainst(api, world);
      await withAdmin(database.env.DATABASE_URL!, async (admin) => {
        for (let round = 0; round < 12; round += 1) {
          const before = traffic.succeeded();
          await terminateSessions(admin);
          await waitFor(() => traffic.succeeded() > before + 2, 'writes to succeed again');
        }
      });
      await traffic.stop();

      expect(api.child.exitCode).toBeNull();
      expect((await fetch(`${api.url}/readyz`)).status).toBe(200);
      expect([...new Set(traffic.statuses)].sort()).toEqual(expect.arrayContaining([200]));
      expect(traffic.statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
      for (const body of traffic.unavailable) expect(body).toEqual(unavailableBody);
      await expectEveryAcknowledgedWrite(traffic.acknowledged);
    });

    it('rides out the database going away and coming back, answering 503 meanwhile', async () => {
      proxy = await startTcpProxy(database.env.DATABASE_URL!);
      api = await startApiProcess({
        ...database.env,
        DATABASE_URL: proxy.url,
        REMARKS_PER_MINUTE: '100000',
      });
      const traffic = trafficAgainst(api, world);
      for (let round = 0; round < 3; round += 1) {
        await waitFor(() => traffic.succeeded() > 0, 'writes to succeed');
        const unavailableBefore = traffic.unavailable.length;
        await proxy.cut();
        await waitFor(() => traffic.unavailable.length > unavailableBefore, 'a 503');
        const healthz = await fetch(`${api.url}/healthz`);
        expect(healthz.status).toBe(200);
        const before = traffic.succeeded();
        await proxy.restore();
        await waitFor(() => traffic.succeeded() > before + 2, 'writes to succeed again');
      }
      await traffic.stop();

      expect(api.child.exitCode).toBeNull();
      expect(traffic.statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
      for (const body of traffic.unavailable) expect(body).toEqual(unavailableBody);
      await expectEveryAcknowledgedWrite(traffic.acknowledged);
    });
  });
});
