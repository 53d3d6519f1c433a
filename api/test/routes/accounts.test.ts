import type { FastifyInstance } from 'fastify';
import { buildTestApp, TEST_REDIRECT_URI } from '../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import { startIdentity, type IdentityServer } from '../support/identity';
import { signIn } from '../support/sign-in';

let identity: IdentityServer;

beforeAll(async () => {
  // Identity's own per-caller limit (120/min) would otherwise cut in before the API's per-user one.
  identity = await startIdentity({
    redirectUri: TEST_REDIRECT_URI,
    env: { IDENTITY_USER_LOOKUP_LIMIT: '1000' },
  });
});
afterAll(async () => {
  await identity?.stop();
});

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

  it("passes identity's answer through for a signed-in user", async () => {
    const { cookies } = await signIn(app, 'client', 'client.owner@verity.test');
    const found = await lookup('client.viewer@verity.test', cookies.all());
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      success: true,
      user: {
        name: 'Victor Viewer',
        email: 'client.viewer@verity.test',
        sub: expect.stringMatching(/\S/),
        picture: null,
        email_verified: expect.any(Boolean),
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
    const { cookies } = await signIn(app, 'auditor', 'auditor.viewer@verity.test');
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
    const other = await signIn(app, 'target-company', 'company.viewer@verity.test');
    expect((await lookup('client.viewer@verity.test', other.cookies.all())).statusCode).toBe(200);
  });
});

describe('accounts lookup when identity refuses the API key', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
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

  it('answers 502 with the lookup failure text, not a 401 that would sign the browser out', async () => {
    const { cookies } = await signIn(app, 'client', 'client.owner@verity.test');
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/accounts/user?email=client.viewer@verity.test',
      cookies: cookies.all(),
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      success: false,
      message: 'Failed to validate email. Please try again.',
      code: 'ACCOUNTS_UNAVAILABLE',
    });
  });
});
