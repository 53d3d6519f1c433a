// Before sending a browser to the identity provider the API asks whether it is there. Refused, or
// answering with an error, twice, it is down, and the login screen says so; slow to answer (a busy
// machine), or dropping one connection, it is not, and the sign-in goes ahead. Every call to it takes
// a connection of its own, so a kept-alive one it closes as it is reused cannot fail a call.
import http from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../support/app';
import { anyDatabaseKind, createTestDatabase, type TestDatabase } from '../support/databases';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(anyDatabaseKind);
});
afterAll(() => database?.dispose());

async function listening<T extends net.Server>(server: T): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

/**
 * The API of these tests: the provider at `issuer`, its accounts service elsewhere, so that the
 * sign-outs every API process reads on a timer take none of the provider's connections.
 */
const appWith = (issuer: string) =>
  buildTestApp(database, { IDENTITY_ISSUER: issuer, IDENTITY_ACCOUNTS_URL: 'http://127.0.0.1:9' });

async function reachableAt(issuer: string): Promise<boolean> {
  const app: FastifyInstance = await appWith(issuer);
  try {
    return await app.identity.reachable();
  } finally {
    await app.close();
  }
}

describe("the identity provider's reachability", () => {
  it('is down when nothing listens at its address', async () => {
    const server = net.createServer();
    const issuer = await listening(server);
    await new Promise((resolve) => server.close(resolve));
    expect(await reachableAt(issuer)).toBe(false);
  });

  it('is down when it answers its discovery document with an error', async () => {
    const server = http.createServer((_request, response) => response.writeHead(503).end());
    try {
      expect(await reachableAt(await listening(server))).toBe(false);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('is never taken from an earlier look that found it: gone a moment later, it is down', async () => {
    const server = http.createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
    );
    const app: FastifyInstance = await appWith(await listening(server));
    try {
      expect(await app.identity.reachable()).toBe(true);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      expect(await app.identity.reachable()).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('is looked at once for a burst of sign-ins', async () => {
    let connections = 0;
    const server = http.createServer((_request, response) => response.writeHead(503).end());
    server.on('connection', () => (connections += 1));
    const app: FastifyInstance = await appWith(await listening(server));
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => app.identity.reachable()));
      expect(answers).toEqual(Array(10).fill(false));
      // One look, made twice before the provider is called down.
      expect(connections).toBe(2);
    } finally {
      await app.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('is reachable when a connection drops as it is used, and the next one is answered', async () => {
    let connections = 0;
    // The first connection is dropped on its request (a kept-alive one closed at that moment);
    // the next ones get the discovery document.
    const server = net.createServer((socket) => {
      connections += 1;
      socket.on('error', () => undefined);
      if (connections === 1) {
        socket.once('data', () => socket.destroy());
        return;
      }
      socket.once('data', () =>
        socket.end(
          'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}',
        ),
      );
    });
    try {
      expect(await reachableAt(await listening(server))).toBe(true);
      expect(connections).toBe(2);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('is reachable when it accepts the connection but is slow to answer', async () => {
    const held = new Set<net.Socket>();
    // Takes the connection and the request, and answers nothing for as long as the test runs.
    const server = net.createServer((socket) => {
      held.add(socket);
      socket.on('error', () => undefined);
    });
    try {
      expect(await reachableAt(await listening(server))).toBe(true);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('takes a connection of its own for every call: the discovery, the reachability look and lookups', async () => {
    let reused = 0;
    let issuer = '';
    const served = new WeakSet<net.Socket>();
    // A provider that closes a connection when a second request comes on it: a kept-alive
    // connection closed just as it is reused.
    const server = http.createServer((request, response) => {
      if (served.has(request.socket)) {
        reused += 1;
        request.socket.destroy();
        return;
      }
      served.add(request.socket);
      const body = request.url?.startsWith('/.well-known/openid-configuration')
        ? { issuer, token_endpoint: `${issuer}/token` }
        : { success: true, user: { email: 'someone@example.com' } };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    server.keepAliveTimeout = 60_000;
    issuer = await listening(server);
    const app: FastifyInstance = await buildTestApp(database, { IDENTITY_ISSUER: issuer });
    try {
      expect((await app.identity.oidc()).serverMetadata().issuer).toBe(issuer);
      expect(await app.identity.reachable()).toBe(true);
      for (let n = 0; n < 3; n += 1) {
        const answer = await app.identity.lookupUser('someone@example.com', 'user-1');
        expect(answer).toEqual({
          status: 200,
          body: { success: true, user: { email: 'someone@example.com' } },
        });
      }
      expect(reused).toBe(0);
    } finally {
      await app.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
