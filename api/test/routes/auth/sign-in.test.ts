import type { FastifyInstance } from 'fastify';
import { ApiCookies, buildTestApp, TEST_REDIRECT_URI } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { startIdentity, type IdentityServer } from '../../support/identity';
import { signIn, signInAtIdentity, type UserTypeSegment } from '../../support/sign-in';

let identity: IdentityServer;

beforeAll(async () => {
  identity = await startIdentity({ redirectUri: TEST_REDIRECT_URI });
});
afterAll(async () => {
  await identity?.stop();
});

describe.each(databaseKinds)('sign-in on %s', (kind) => {
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

  it('sends the browser to identity with PKCE S256, state, nonce and prompt=login', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/auth/auditor/verity' });
    expect(response.statusCode).toBe(302);
    const authorize = new URL(response.headers.location as string);
    expect(`${authorize.origin}`).toBe(identity.issuer);
    const params = Object.fromEntries(authorize.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: 'verity',
      redirect_uri: TEST_REDIRECT_URI,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      prompt: 'login',
    });
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.state?.length).toBeGreaterThanOrEqual(20);
    expect(params.nonce?.length).toBeGreaterThanOrEqual(20);

    const transaction = response.cookies.find((cookie) => cookie.name === 'verity_sign_in');
    expect(transaction).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/v1/auth',
      maxAge: 600,
    });
  });

  it('answers 404 for a user type that does not exist', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/auth/admin/verity' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Not found', code: 'NOT_FOUND' });
  });

  it('signs a client in through identity and sets both session cookies', async () => {
    const { callback, cookies } = await signIn(app, 'client', 'client.owner@verity.test');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/');

    const access = callback.cookies.find((cookie) => cookie.name === 'verity_access');
    const refresh = callback.cookies.find((cookie) => cookie.name === 'verity_refresh');
    expect(access).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/v1',
      maxAge: 30 * 24 * 60 * 60,
    });
    expect(refresh).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/v1/auth',
      maxAge: 30 * 24 * 60 * 60,
    });
    expect(access?.secure).toBeFalsy();
    // The transaction cookie is spent.
    expect(cookies.get('verity_sign_in')).toBeUndefined();

    const me = await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: cookies.all() });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      success: true,
      data: {
        user: {
          _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          fullname: 'Clara Owner',
          emailId: 'client.owner@verity.test',
          role: 'owner',
          userType: 'client',
          clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
          organisationName: 'Northwind Capital',
        },
      },
    });
  });

  it.each<[UserTypeSegment, string, object]>([
    [
      'client',
      'client.viewer@verity.test',
      {
        userType: 'client',
        role: 'viewer',
        organisationName: 'Northwind Capital',
        fullname: 'Victor Viewer',
      },
    ],
    [
      'client',
      'client2.owner@verity.test',
      { userType: 'client', role: 'owner', organisationName: 'Southbank Finance' },
    ],
    [
      'auditor',
      'auditor.owner@verity.test',
      { userType: 'auditor', role: 'owner', organisationName: 'GreenAudit Partners' },
    ],
    [
      'auditor',
      'AUDITOR.Viewer@verity.test',
      { userType: 'auditor', role: 'viewer', organisationName: 'GreenAudit Partners' },
    ],
    [
      'target-company',
      'company.owner@verity.test',
      { userType: 'targetCompany', role: 'owner', organisationName: 'Acme Steel Ltd' },
    ],
    [
      'target-company',
      'company.viewer@verity.test',
      { userType: 'targetCompany', role: 'viewer', organisationName: 'Acme Steel Ltd' },
    ],
  ])('maps a %s sign-in of %s to its membership', async (segment, email, expected) => {
    const { callback, cookies } = await signIn(app, segment, email);
    expect(callback.headers.location).toBe('/');
    const { user } = (
      await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: cookies.all() })
    ).json().data;
    expect(user).toMatchObject({ ...expected, emailId: email.toLowerCase() });
    const organisationKeys = Object.keys(user).filter((key) =>
      /^(client|auditor|targetCompany)Id$/.test(key),
    );
    expect(organisationKeys).toEqual([`${user.userType}Id`]);
  });

  it('records the identity sub on the membership at first sign-in and finds it by sub afterwards', async () => {
    await signIn(app, 'auditor', 'auditor.owner@verity.test');
    const { rows } = await app.db.query<{ sub: string | null }>(
      "SELECT sub FROM users WHERE email = 'auditor.owner@verity.test' AND user_type = 'auditor'",
    );
    expect(rows[0]?.sub).toMatch(/\S+/);
    // Identity's email changes would not matter now: the sub alone finds the membership.
    await app.db.query("UPDATE users SET email = 'renamed@verity.test' WHERE sub = $1", [
      rows[0]!.sub,
    ]);
    const { callback, cookies } = await signIn(app, 'auditor', 'auditor.owner@verity.test');
    expect(callback.headers.location).toBe('/');
    const me = (
      await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: cookies.all() })
    ).json();
    expect(me.data.user.emailId).toBe('renamed@verity.test');
  });

  it('sends an account without a membership of that user type back to /login with no_membership', async () => {
    const newcomer = await signIn(app, 'client', 'new.person@verity.test');
    expect(newcomer.callback.statusCode).toBe(302);
    expect(newcomer.callback.headers.location).toBe('/login?error=no_membership&userType=client');
    expect(newcomer.cookies.get('verity_access')).toBeUndefined();
    expect(newcomer.cookies.get('verity_refresh')).toBeUndefined();

    const wrongType = await signIn(app, 'target-company', 'client.owner@verity.test');
    expect(wrongType.callback.headers.location).toBe(
      '/login?error=no_membership&userType=target-company',
    );
  });

  it('refuses a callback whose state does not match the sign-in cookie', async () => {
    const cookies = new ApiCookies();
    const start = await app.inject({ method: 'GET', url: '/api/v1/auth/client/verity' });
    cookies.take(start);
    const back = await signInAtIdentity(
      start.headers.location as string,
      'client.owner@verity.test',
    );
    back.searchParams.set('state', 'forged-state-value');
    const callback = await app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      cookies: cookies.all(),
    });
    expect(callback.headers.location).toBe('/login?error=sign_in_failed');
    expect(callback.cookies.find((cookie) => cookie.name === 'verity_access')).toBeUndefined();
  });

  it('refuses a callback without the sign-in cookie, or with a tampered one', async () => {
    const start = await app.inject({ method: 'GET', url: '/api/v1/auth/client/verity' });
    const back = await signInAtIdentity(
      start.headers.location as string,
      'client.owner@verity.test',
    );
    const url = `${back.pathname}${back.search}`;
    const without = await app.inject({ method: 'GET', url });
    expect(without.headers.location).toBe('/login?error=sign_in_failed');

    const original = start.cookies.find((cookie) => cookie.name === 'verity_sign_in')!.value;
    const [payload, signature] = [
      original.slice(0, original.lastIndexOf('.')),
      original.slice(original.lastIndexOf('.') + 1),
    ];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tampered = `${Buffer.from(JSON.stringify({ ...claims, userType: 'auditor' })).toString('base64url')}.${signature}`;
    const forged = await app.inject({ method: 'GET', url, cookies: { verity_sign_in: tampered } });
    expect(forged.headers.location).toBe('/login?error=sign_in_failed');
  });

  it('sends the browser to /login with sign_in_failed when identity reports an error', async () => {
    const start = await app.inject({ method: 'GET', url: '/api/v1/auth/client/verity' });
    const state = new URL(start.headers.location as string).searchParams.get('state');
    const callback = await app.inject({
      method: 'GET',
      url: `/api/v1/auth/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(identity.issuer)}`,
      cookies: {
        verity_sign_in: start.cookies.find((cookie) => cookie.name === 'verity_sign_in')!.value,
      },
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/login?error=sign_in_failed');
  });
});

describe('sign-in while identity is unreachable', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('starts anyway and sends the browser to /login with sign_in_failed', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/auth/client/verity' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login?error=sign_in_failed');
  });
});
