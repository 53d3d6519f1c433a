import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../support/app';
import {
  anyDatabaseKind,
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../support/databases';
import { sessionFor } from '../support/session';
import { sharedIdentity } from '../support/shared-identity';
import { signIn } from '../support/sign-in';

const UNAVAILABLE = {
  success: false,
  message: 'The accounts service is unavailable right now. Please try again in a moment.',
  code: 'ACCOUNTS_UNAVAILABLE',
};

// The run's identity server (support/shared-identity.ts): its lookup limit (global-setup.ts) lies far
// above the API's per-user one, which the limit test below is about.
const identity = sharedIdentity();

describe.each(databaseKinds)('accounts lookup on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database, {
      IDENTITY_ISSUER: identity.issuer,
      IDENTITY_CLIENT_SECRET: identity.clientSecret,
      IDENTITY_API_KEY: identity.apiKey,
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const lookup = (email: string, cookies: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: '/api/v1/accounts/user', query: { email }, cookies });

  it('answers 401 when signed out and never asks identity', async () => {
    const response = await lookup('client.viewer@verity.test');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      message: 'Not signed in',
      code: 'UNAUTHENTICATED',
    });
  });

  it('answers a user who may add people with the minimum: name, e-mail and whether it is verified', async () => {
    const { cookies } = await signIn(app, 'client', 'client.owner@verity.test');
    const found = await lookup('client.viewer@verity.test', cookies.all());
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      success: true,
      user: {
        name: 'Victor Viewer',
        email: 'client.viewer@verity.test',
        sub: '',
        picture: null,
        email_verified: true,
      },
    });

    const missing = await lookup('nobody@verity.test', cookies.all());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      success: false,
      message: 'Email not found in our records',
      code: 'EMAIL_NOT_FOUND',
    });
  });

  it.each([
    ['client', 'client.viewer@verity.test'],
    ['auditor', 'auditor.viewer@verity.test'],
    ['targetCompany', 'company.viewer@verity.test'],
  ] as const)('refuses a %s user who may add no one (%s) with 403', async (userType, email) => {
    const session = await sessionFor(app, email, userType);
    const response = await lookup('client.owner@verity.test', session.cookies);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(response.body).not.toContain('Clara');
  });

  it('refuses a lookup without an email', async () => {
    const { cookies } = await signIn(app, 'client', 'client.owner@verity.test');
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/accounts/user',
      cookies: cookies.all(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('limits each user to 60 lookups a minute', async () => {
    const { cookies } = await signIn(app, 'auditor', 'auditor.owner@verity.test');
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await lookup('nobody@verity.test', cookies.all())).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    const limited = await lookup('client.viewer@verity.test', cookies.all());
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      success: false,
      message: 'Too many requests. Please try again later.',
      code: 'RATE_LIMITED',
    });
    // Another user still has their own allowance.
    const other = await signIn(app, 'target-company', 'company.owner@verity.test');
    expect((await lookup('client.viewer@verity.test', other.cookies.all())).statusCode).toBe(200);
  });
});

describe('accounts lookup when identity refuses the API key', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(anyDatabaseKind);
    app = await buildTestApp(database, {
      IDENTITY_ISSUER: identity.issuer,
      IDENTITY_CLIENT_SECRET: identity.clientSecret,
      IDENTITY_API_KEY: 'not-the-key-the-identity-server-knows',
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('answers 502 saying the service is unavailable, not a 401 that would sign the browser out', async () => {
    const { cookies } = await signIn(app, 'client', 'client.owner@verity.test');
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/accounts/user?email=client.viewer@verity.test',
      cookies: cookies.all(),
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual(UNAVAILABLE);
  });
});

describe('accounts lookup against an accounts service that records what it is asked', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let accounts: Server;
  const asked: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    // The edge of the test: an accounts service that answers one account and notes the headers.
    accounts = createServer((request, response) => {
      // The lookups only: every API process also asks the service for its sign-outs, on a timer.
      if (request.url?.startsWith('/user?')) asked.push(request.headers);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          success: true,
          user: {
            name: 'Nina Newcomer',
            email: 'new.person@verity.test',
            sub: 'account-42',
            picture: 'https://pictures.example/nina.png',
            email_verified: false,
          },
        }),
      );
    });
    await new Promise<void>((resolve) => accounts.listen(0, '127.0.0.1', resolve));
    database = await createTestDatabase(anyDatabaseKind);
    app = await buildTestApp(database, {
      IDENTITY_ACCOUNTS_URL: `http://127.0.0.1:${(accounts.address() as AddressInfo).port}`,
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    await new Promise((resolve) => accounts?.close(resolve));
  });

  it('names the end user who asks, and passes on neither the sub nor the picture', async () => {
    const owner = await sessionFor(app, 'auditor.owner@verity.test', 'auditor');
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/accounts/user?email=new.person@verity.test',
      cookies: owner.cookies,
    });
    expect(response.json()).toEqual({
      success: true,
      user: {
        name: 'Nina Newcomer',
        email: 'new.person@verity.test',
        sub: '',
        picture: null,
        email_verified: false,
      },
    });
    expect(asked.at(-1)?.['x-verity-end-user']).toBe(owner.userId);
  });
});

describe('accounts lookup while identity is down', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(anyDatabaseKind);
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('answers 502 saying the service is unavailable', async () => {
    const owner = await sessionFor(app, 'client.owner@verity.test', 'client');
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/accounts/user?email=client.viewer@verity.test',
      cookies: owner.cookies,
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual(UNAVAILABLE);
  });
});
