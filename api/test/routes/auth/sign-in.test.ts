import type { FastifyInstance } from 'fastify';
import { ApiCookies, buildTestApp, capturedLogs, TEST_REDIRECT_URI } from '../../support/app';
import {
  anyDatabaseKind,
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../../support/databases';
import { startIdentity, type IdentityServer } from '../../support/identity';
import { sharedIdentity } from '../../support/shared-identity';
import { signIn, signInAtIdentity, type UserTypeSegment } from '../../support/sign-in';
import { createAccount } from '../organisations/fixtures';
import { waitFor } from '../../support/api-process';

const UNVERIFIED_PASSWORD = 'verity-test-password';

// The run's identity server (support/shared-identity.ts), with the demo accounts and its default
// settings; the outage at the end starts one of its own to stop.
const identity = sharedIdentity();

beforeAll(async () => {
  // Accounts made through the accounts API are unverified, like a sign-up whose link was never opened.
  for (const kind of databaseKinds)
    await createAccount(identity, `squatter.${kind}@verity.test`, 'Sly Squatter');
});
describe.each(databaseKinds)('sign-in on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const logs = capturedLogs();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(
      database,
      {
        IDENTITY_ISSUER: identity.issuer,
        IDENTITY_CLIENT_SECRET: identity.clientSecret,
        IDENTITY_API_KEY: identity.apiKey,
      },
      { logger: logs.logger },
    );
  });

  /** Each callback is answered once, and nothing fails behind a good answer. */
  afterEach(() => {
    const faults = logs
      .take()
      .filter((entry) => entry.err?.code === 'FST_ERR_REP_ALREADY_SENT' || entry.level >= 50);
    expect(faults).toEqual([]);
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('sends the browser to identity with PKCE S256, state, nonce and prompt=login', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/auth/auditor/verity' });
    expect(response.statusCode).toBe(302);
    // The provider's address, not /login with an error.
    expect(response.headers.location).toMatch(/^http/);
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
          dateStyle: 'by-place',
          language: null,
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

  it('never links a membership to an account whose e-mail is not verified', async () => {
    const email = `squatter.${kind}@verity.test`;
    const northwind = await app.db.query<{ id: string }>(
      "SELECT id FROM clients WHERE client_name = 'Northwind Capital'",
    );
    const pending = await app.db.query<{ id: string }>(
      `INSERT INTO users (email, fullname, user_type, role, client_id)
       VALUES ($1, 'Real Hire', 'client', 'admin', $2) RETURNING id`,
      [email, northwind.rows[0]!.id],
    );

    const { callback, cookies } = await signIn(app, 'client', email, UNVERIFIED_PASSWORD);
    expect(callback.headers.location).toBe('/login?error=email_unverified&userType=client');
    expect(cookies.get('verity_access')).toBeUndefined();
    const { rows } = await app.db.query('SELECT sub FROM users WHERE id = $1', [
      pending.rows[0]!.id,
    ]);
    expect(rows).toEqual([{ sub: null }]);
  });

  describe('a person in two organisations of one user type', () => {
    let southbankMembershipId: string;

    beforeAll(async () => {
      const southbank = await app.db.query<{ id: string }>(
        "SELECT id FROM clients WHERE client_name = 'Southbank Finance'",
      );
      const inserted = await app.db.query<{ id: string }>(
        `INSERT INTO users (email, fullname, user_type, role, client_id)
         VALUES ('client.viewer@verity.test', 'Victor Viewer', 'client', 'editor', $1) RETURNING id`,
        [southbank.rows[0]!.id],
      );
      southbankMembershipId = inserted.rows[0]!.id;
    });

    const choices = (cookies: ApiCookies) =>
      app.inject({ method: 'GET', url: '/api/v1/auth/choose', cookies: cookies.all() });
    const choose = (cookies: ApiCookies, membershipId: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/choose',
        cookies: cookies.all(),
        payload: { membershipId },
      });

    it('is asked to choose one on the login screen, and is signed in to the one chosen', async () => {
      const { callback, cookies } = await signIn(app, 'client', 'client.viewer@verity.test');
      expect(callback.headers.location).toBe('/login?choose=organisation&userType=client');
      expect(cookies.get('verity_access')).toBeUndefined();

      const listed = await choices(cookies);
      expect(listed.statusCode).toBe(200);
      const { organisations } = listed.json().data;
      expect(organisations).toEqual([
        { membershipId: expect.any(String), organisationName: 'Northwind Capital', role: 'viewer' },
        {
          membershipId: southbankMembershipId,
          organisationName: 'Southbank Finance',
          role: 'editor',
        },
      ]);

      const chosen = await choose(cookies, southbankMembershipId);
      expect(chosen.statusCode).toBe(200);
      expect(chosen.json()).toEqual({ success: true });
      cookies.take(chosen);
      expect(cookies.get('verity_choice')).toBeUndefined();
      const me = await app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        cookies: cookies.all(),
      });
      expect(me.json().data.user).toMatchObject({
        _id: southbankMembershipId,
        organisationName: 'Southbank Finance',
        role: 'editor',
      });
      // The choice is spent with the sign-in.
      expect((await choose(cookies, southbankMembershipId)).statusCode).toBe(401);
    });

    it("refuses a membership that was not among the person's choices, and a forged choice", async () => {
      const { cookies } = await signIn(app, 'client', 'client.viewer@verity.test');
      const owner = await app.db.query<{ id: string }>(
        "SELECT id FROM users WHERE email = 'client2.owner@verity.test'",
      );
      const refused = await choose(cookies, owner.rows[0]!.id);
      expect(refused.statusCode).toBe(404);
      expect(refused.cookies.find((cookie) => cookie.name === 'verity_access')).toBeUndefined();

      const stored = cookies.get('verity_choice')!;
      const payload = stored.slice(0, stored.lastIndexOf('.'));
      const forgedCookie = `${Buffer.from(
        JSON.stringify({
          ...JSON.parse(Buffer.from(payload, 'base64url').toString()),
          membershipIds: [owner.rows[0]!.id],
        }),
      ).toString('base64url')}${stored.slice(stored.lastIndexOf('.'))}`;
      const forged = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/choose',
        cookies: { verity_choice: forgedCookie },
        payload: { membershipId: owner.rows[0]!.id },
      });
      expect(forged.statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/api/v1/auth/choose' })).statusCode).toBe(
        401,
      );
    });
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
    database = await createTestDatabase(anyDatabaseKind);
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('starts anyway and sends the browser to /login with identity_unavailable', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/auth/client/verity' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login?error=identity_unavailable');
  });
});

describe('sign-in when identity goes down after the API has met it', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let shortLived: IdentityServer;
  let back: IdentityServer | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(anyDatabaseKind);
    shortLived = await startIdentity({ redirectUri: TEST_REDIRECT_URI });
    app = await buildTestApp(database, {
      IDENTITY_ISSUER: shortLived.issuer,
      IDENTITY_CLIENT_SECRET: shortLived.clientSecret,
      IDENTITY_API_KEY: shortLived.apiKey,
    });
  });
  afterAll(async () => {
    await app?.close();
    await back?.stop();
    await shortLived?.stop();
    await database?.dispose();
  });

  const start = () => app.inject({ method: 'GET', url: '/api/v1/auth/client/verity' });
  const sentTo = async () =>
    new URL((await start()).headers.location as string, 'http://api.test').href;

  it("sends the browser to the login screen from the outage's first moment, and to the provider once it is back", async () => {
    expect(new URL(await sentTo()).origin).toBe(shortLived.issuer);
    await shortLived.kill();

    // At once: the answer "reachable" of a moment ago is not taken for the provider's state now.
    expect(await sentTo()).toBe('http://api.test/login?error=identity_unavailable');

    back = await startIdentity({
      redirectUri: TEST_REDIRECT_URI,
      port: Number(new URL(shortLived.issuer).port),
    });
    await waitFor(
      async () => new URL(await sentTo()).origin === shortLived.issuer,
      'sign-in to go to the provider again',
    );
  });
});
