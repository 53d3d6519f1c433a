// Single sign-on with an organisation's own provider (docs/decisions/0098-single-sign-on.md), over
// two real OpenID Connect providers: the bundled one, and a second identity server standing for the
// organisation's own (its directory holds the same demo addresses, with its own accounts).
import type { FastifyInstance } from 'fastify';
import { SSO_MESSAGES } from '@verity/shared-api/src/server';
import { ApiCookies, buildTestApp, capturedLogs, TEST_REDIRECT_URI } from '../support/app';
import { anyDatabaseKind, createTestDatabase, type TestDatabase } from '../support/databases';
import { startIdentity, type IdentityServer } from '../support/identity';
import { sharedIdentity } from '../support/shared-identity';
import { freePort } from '../support/free-port';
import { injectAs, sessionFor, type TestSession } from '../support/session';
import { signIn, signInFrom } from '../support/sign-in';

const identity = sharedIdentity();
const CLIENT_SECRET = 'northwind-directory-secret-0123456789';

let database: TestDatabase;
let app: FastifyInstance;
let directory: IdentityServer;
const logs = capturedLogs();

beforeAll(async () => {
  [database, directory] = await Promise.all([
    createTestDatabase(anyDatabaseKind),
    startIdentity({
      redirectUri: TEST_REDIRECT_URI,
      env: { IDENTITY_CLIENT_SECRET: CLIENT_SECRET },
    }),
  ]);
  app = await buildTestApp(
    database,
    {
      IDENTITY_ISSUER: identity.issuer,
      IDENTITY_CLIENT_SECRET: identity.clientSecret,
      IDENTITY_API_KEY: identity.apiKey,
      // The organisation's provider runs on this machine: the operator allows it.
      SSO_PRIVATE_HOSTS: 'localhost',
    },
    { logger: logs.logger },
  );
});
let directoryDown = false;
afterAll(async () => {
  await app?.close();
  await Promise.all([database?.dispose(), directoryDown ? undefined : directory?.stop()]);
});

const settings = (session: TestSession, body: Record<string, unknown>) =>
  injectAs(app, session, { method: 'PUT', url: '/api/v1/organisation/sso', payload: body });
const read = async (session: TestSession) =>
  (await injectAs(app, session, { method: 'GET', url: '/api/v1/organisation/sso' })).json();

/** An owner's test sign-in at the organisation's provider, as `email`: where it lands. */
async function testSignIn(owner: TestSession, email: string): Promise<string> {
  const cookies = new ApiCookies();
  for (const [name, value] of Object.entries(owner.cookies)) cookies.set(name, value);
  const { callback } = await signInFrom(
    app,
    '/api/v1/organisation/sso/test',
    email,
    undefined,
    cookies,
  );
  return callback.headers.location as string;
}

/** A sign-in through the organisation's provider, typed in on the login screen. */
const ssoSignIn = (email: string, typed = email) =>
  signInFrom(app, `/api/v1/auth/sso?email=${encodeURIComponent(typed)}`, email);

const meOf = async (cookies: ApiCookies) =>
  app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: cookies.all() });

describe('single sign-on through the organisation’s own provider', () => {
  it('is saved, tested by an owner, required, then used by members; Verity’s own sign-in ends for them', async () => {
    const owner = await sessionFor(app, 'client.owner@verity.test', 'client');
    const viewerBefore = await sessionFor(app, 'client.viewer@verity.test', 'client');

    const saved = await settings(owner, {
      issuer: `${directory.issuer}/`,
      clientId: 'verity',
      clientSecret: CLIENT_SECRET,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.connection).toMatchObject({
      issuer: directory.issuer,
      clientId: 'verity',
      redirectUri: TEST_REDIRECT_URI,
      domain: null,
      testedAt: null,
      required: false,
      updatedByName: 'Clara Owner',
    });
    expect(saved.body).not.toContain(CLIENT_SECRET);

    // Not before a test sign-in.
    const early = await settings(owner, {
      issuer: directory.issuer,
      clientId: 'verity',
      required: true,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(SSO_MESSAGES.untested);

    // A test as someone else at the provider proves nothing about the owner's own address.
    expect(await testSignIn(owner, 'client.viewer@verity.test')).toBe(
      '/client/notification-settings?sso=otherAccount',
    );
    expect((await read(owner)).data.connection.testedAt).toBeNull();
    expect(await testSignIn(owner, 'client.owner@verity.test')).toBe(
      '/client/notification-settings?sso=tested',
    );
    expect((await read(owner)).data.connection).toMatchObject({
      domain: 'verity.test',
      testedByName: 'Clara Owner',
      required: false,
    });

    // Another organisation cannot take the domain, even through the same provider.
    const otherOwner = await sessionFor(app, 'client2.owner@verity.test', 'client');
    await settings(otherOwner, {
      issuer: directory.issuer,
      clientId: 'verity',
      clientSecret: CLIENT_SECRET,
    });
    expect(await testSignIn(otherOwner, 'client2.owner@verity.test')).toBe(
      '/client/notification-settings?sso=domainTaken',
    );

    const required = await settings(owner, {
      issuer: directory.issuer,
      clientId: 'verity',
      required: true,
    });
    expect(required.statusCode).toBe(200);
    expect(required.json().data.connection.required).toBe(true);
    // The viewer's session began with Verity's own sign-in: it ends at once; the owner's does not.
    expect(
      (await injectAs(app, viewerBefore, { method: 'GET', url: '/api/v1/auth/me' })).statusCode,
    ).toBe(401);
    expect((await injectAs(app, owner, { method: 'GET', url: '/api/v1/auth/me' })).statusCode).toBe(
      200,
    );

    // The viewer signs in through the provider, whatever the case of the address typed.
    const through = await ssoSignIn('client.viewer@verity.test', 'Client.Viewer@Verity.TEST ');
    expect(through.callback.headers.location).toBe('/');
    const me = await meOf(through.cookies);
    expect(me.json().data.user).toMatchObject({
      emailId: 'client.viewer@verity.test',
      role: 'viewer',
      organisationName: 'Northwind Capital',
    });
    // ... and no longer with Verity's own sign-in; the owner still may (the way back in).
    const refused = await signIn(app, 'client', 'client.viewer@verity.test');
    expect(refused.callback.headers.location).toBe('/login?error=sso_required&userType=client');
    expect(
      (await signIn(app, 'client', 'client.owner@verity.test')).callback.headers.location,
    ).toBe('/');

    // An address at the domain that is not a member of the organisation gets no session.
    const stranger = await ssoSignIn('client2.owner@verity.test');
    expect(stranger.callback.headers.location).toBe('/login?error=no_membership&userType=client');
    expect((await meOf(stranger.cookies)).statusCode).toBe(401);
    // A domain no organisation routes goes back to the login screen.
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/sso?email=someone%40elsewhere.example',
    });
    expect(unknown.headers.location).toBe('/login?error=sso_unknown');

    // New settings stop requiring it until tested again; removing it gives Verity's sign-in back.
    const rotated = await settings(owner, {
      issuer: directory.issuer,
      clientId: 'verity',
      clientSecret: `${CLIENT_SECRET}-new`,
    });
    expect(rotated.json().data.connection).toMatchObject({ required: false, domain: null });
    expect(
      (await signIn(app, 'client', 'client.viewer@verity.test')).callback.headers.location,
    ).toBe('/');
    const removed = await injectAs(app, owner, {
      method: 'DELETE',
      url: '/api/v1/organisation/sso',
    });
    expect(removed.statusCode).toBe(200);
    const again = await injectAs(app, owner, { method: 'DELETE', url: '/api/v1/organisation/sso' });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(SSO_MESSAGES.notConfigured);
    expect((await read(owner)).data).toEqual({ connection: null, redirectUri: TEST_REDIRECT_URI });

    // The client secret is never logged.
    expect(JSON.stringify(logs.take())).not.toContain(CLIENT_SECRET);
  });

  it('refuses settings it cannot use, in words, and keeps what was there', async () => {
    const owner = await sessionFor(app, 'auditor.owner@verity.test', 'auditor');
    const closedPort = await freePort();
    const refused = (issuer: string, message: string, more: Record<string, unknown> = {}) => ({
      body: { issuer, clientId: 'verity', clientSecret: 's', ...more },
      status: 400,
      message,
    });
    const cases = [
      refused('not a url', SSO_MESSAGES.badIssuer),
      refused('https://idp.example.com/?a=1', SSO_MESSAGES.badIssuer),
      // Plain http only to a host the operator listed.
      refused('http://idp.example.com', SSO_MESSAGES.badIssuer),
      refused(`https://idp.example.com/${'a'.repeat(600)}`, SSO_MESSAGES.issuerTooLong),
      refused(directory.issuer, SSO_MESSAGES.clientIdRequired, { clientId: '  ' }),
      refused(directory.issuer, SSO_MESSAGES.clientIdTooLong, { clientId: 'x'.repeat(301) }),
      refused(directory.issuer, SSO_MESSAGES.clientSecretRequired, { clientSecret: undefined }),
      refused(directory.issuer, SSO_MESSAGES.clientSecretTooLong, {
        clientSecret: 'x'.repeat(2001),
      }),
      // No server-side requests into Verity's own network.
      refused('https://127.0.0.1:9', SSO_MESSAGES.privateIssuer),
      refused('https://169.254.169.254', SSO_MESSAGES.privateIssuer),
      refused(`http://localhost:${closedPort}`, SSO_MESSAGES.discoveryFailed),
      { ...refused(directory.issuer, SSO_MESSAGES.untested, { required: true }), status: 409 },
    ];
    for (const { body, status, message } of cases) {
      const answer = await settings(owner, body);
      expect({ body, status: answer.statusCode, message: answer.json().message }).toEqual({
        body,
        status,
        message,
      });
    }
    expect((await read(owner)).data.connection).toBeNull();
    const test = await injectAs(app, owner, {
      method: 'GET',
      url: '/api/v1/organisation/sso/test',
    });
    expect(test.statusCode).toBe(409);
    expect(test.json().message).toBe(SSO_MESSAGES.notConfigured);
  });

  it('sends nobody to a provider that is down: the login screen says so', async () => {
    const owner = await sessionFor(app, 'auditor.owner@verity.test', 'auditor');
    await settings(owner, {
      issuer: directory.issuer,
      clientId: 'verity',
      clientSecret: CLIENT_SECRET,
    });
    expect(await testSignIn(owner, 'auditor.owner@verity.test')).toBe(
      '/auditor/notification-settings?sso=tested',
    );
    await settings(owner, { issuer: directory.issuer, clientId: 'verity', required: true });
    directoryDown = true;
    await directory.kill();
    const answer = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/sso?email=auditor.viewer%40verity.test',
    });
    expect(answer.headers.location).toBe('/login?error=identity_unavailable&userType=auditor');
  });
});
