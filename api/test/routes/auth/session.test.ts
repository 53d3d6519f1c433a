import type { FastifyInstance } from 'fastify';
import { decodeAccessToken, encodeAccessToken } from '../../../src/auth/access-token';
import { endSessionsSignedOutAtIdentity, hashRefreshToken } from '../../../src/auth/refresh-tokens';
import { ApiCookies, buildTestApp } from '../../support/app';
import { waitFor } from '../../support/api-process';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { sharedIdentity } from '../../support/shared-identity';
import { signIn } from '../../support/sign-in';

// The run's identity server (support/shared-identity.ts), with the demo accounts and its default settings.
const identity = sharedIdentity();

const notSignedIn = { success: false, message: 'Not signed in', code: 'UNAUTHENTICATED' };
const sessionExpired = { success: false, message: 'Session expired', code: 'ACCESS_TOKEN_EXPIRED' };

describe.each(databaseKinds)('session on %s', (kind) => {
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

  const me = (cookies: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies });
  const refresh = (cookies: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/v1/auth/refresh', cookies });

  /** The session id inside a signed access cookie. */
  const sessionIdOf = (cookies: ApiCookies) =>
    decodeAccessToken(app.unsignCookie(cookies.get('verity_access')!).value!)!.sid!;

  /** A signed access cookie of the signed-in session in `cookies`, expiring `secondsFromNow` on. */
  async function accessCookie(cookies: ApiCookies, secondsFromNow: number): Promise<string> {
    const { _id } = (await me(cookies.all())).json().data.user;
    return app.signCookie(
      encodeAccessToken({
        uid: _id,
        sid: sessionIdOf(cookies),
        exp: Math.floor(Date.now() / 1000) + secondsFromNow,
      }),
    );
  }

  async function signedIn(email = 'client.owner@verity.test'): Promise<ApiCookies> {
    const { callback, cookies } = await signIn(app, 'client', email);
    expect(callback.headers.location).toBe('/');
    return cookies;
  }

  it('answers /auth/me with 401 when signed out', async () => {
    const response = await me({});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(notSignedIn);
  });

  it('answers 403 ACCESS_TOKEN_EXPIRED for an expired access token, and for a refresh cookie alone', async () => {
    const cookies = await signedIn();
    const expired = await accessCookie(cookies, -1);
    const response = await me({ ...cookies.all(), verity_access: expired });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(sessionExpired);

    // A cookie issued before sessions existed names none: the browser refreshes into one.
    const { _id } = (await me(cookies.all())).json().data.user;
    const withoutSession = app.signCookie(
      Buffer.from(JSON.stringify({ uid: _id, exp: Math.floor(Date.now() / 1000) + 600 })).toString(
        'base64url',
      ),
    );
    expect((await me({ verity_access: withoutSession })).json()).toEqual(sessionExpired);

    const refreshOnly = await me({ verity_refresh: cookies.get('verity_refresh')! });
    expect(refreshOnly.statusCode).toBe(403);
    expect(refreshOnly.json()).toEqual(sessionExpired);
  });

  it('refuses an access cookie once it expires, though it was answered before', async () => {
    const cookies = await signedIn();
    const soon = await accessCookie(cookies, 2);
    expect((await me({ verity_access: soon })).statusCode).toBe(200);
    let last = 0;
    await waitFor(
      async () => {
        last = (await me({ verity_access: soon })).statusCode;
        return last !== 200;
      },
      'the access cookie to expire',
      30_000,
    );
    expect(last).toBe(403);
    expect((await me({ verity_access: soon })).json()).toEqual(sessionExpired);
  });

  it('answers 401 for a forged signature or an unknown user', async () => {
    const cookies = await signedIn();
    const { _id } = (await me(cookies.all())).json().data.user;
    const future = Math.floor(Date.now() / 1000) + 600;
    const sid = sessionIdOf(cookies);
    const [, signature] = app
      .signCookie(encodeAccessToken({ uid: _id, sid, exp: future }))
      .split('.');
    const otherUser = encodeAccessToken({
      uid: '00000000-0000-4000-8000-000000000000',
      sid,
      exp: future,
    });

    // The genuine cookie is answered (and its check kept) first: a forgery sent after it is not.
    const genuine = app.signCookie(encodeAccessToken({ uid: _id, sid, exp: future }));
    expect((await me({ verity_access: genuine })).statusCode).toBe(200);
    const forged = await me({ verity_access: `${otherUser}.${signature}` });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual(notSignedIn);
    const [payload] = genuine.split('.');
    const badSignature = await me({ verity_access: `${payload}.${'A'.repeat(signature!.length)}` });
    expect(badSignature.statusCode).toBe(401);
    expect(badSignature.json()).toEqual(notSignedIn);
    expect((await me({ verity_access: genuine })).statusCode).toBe(200);

    const unknown = await me({ verity_access: app.signCookie(otherUser) });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(notSignedIn);
  });

  it('rotates the refresh token, and a replay of the old one ends the whole family', async () => {
    const cookies = await signedIn();
    const first = cookies.get('verity_refresh')!;

    const rotated = await refresh(cookies.all());
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json()).toEqual({ success: true });
    cookies.take(rotated);
    const second = cookies.get('verity_refresh')!;
    expect(second).not.toBe(first);
    expect(rotated.cookies.find((cookie) => cookie.name === 'verity_access')).toMatchObject({
      httpOnly: true,
      path: '/api/v1',
    });
    expect((await me(cookies.all())).statusCode).toBe(200);

    // Past the grace window a replay is reuse.
    await app.db.query(
      "UPDATE refresh_tokens SET used_at = used_at - interval '1 minute' WHERE token_hash = $1",
      [hashRefreshToken(first)],
    );
    const replay = await refresh({ verity_refresh: first });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ success: false, code: 'REFRESH_TOKEN_REUSED' });

    const afterReplay = await refresh({ verity_refresh: second });
    expect(afterReplay.statusCode).toBe(401);
    const { rows } = await app.db.query<{ tokens: number; live: number }>(
      `SELECT count(*) AS tokens, count(*) FILTER (WHERE revoked_at IS NULL) AS live FROM refresh_tokens
       WHERE family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1)`,
      [hashRefreshToken(first)],
    );
    expect(rows[0]).toEqual({ tokens: 2, live: 0 });
  });

  it('ends the session at once on sign-out: the access cookie it leaves behind is refused', async () => {
    const cookies = await signedIn();
    const kept = cookies.all();
    expect((await me(kept)).statusCode).toBe(200);

    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      cookies: kept,
    });
    expect(response.statusCode).toBe(200);

    // A copy of the access cookie taken before sign-out (another tab, a stolen cookie) is dead now.
    const after = await me(kept);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(notSignedIn);
  });

  it('ends the session at once when a spent refresh token is replayed after the grace window', async () => {
    const cookies = await signedIn();
    const first = cookies.get('verity_refresh')!;
    cookies.take(await refresh(cookies.all()));
    expect((await me(cookies.all())).statusCode).toBe(200);
    await app.db.query(
      "UPDATE refresh_tokens SET used_at = used_at - interval '1 minute' WHERE token_hash = $1",
      [hashRefreshToken(first)],
    );

    const replay = await refresh({ verity_refresh: first });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'REFRESH_TOKEN_REUSED' });
    // The holder of the newest cookies is signed out too: the session, not just the token, ended.
    const after = await me(cookies.all());
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(notSignedIn);
  });

  it("ends the account's sessions begun before a password reset at identity, and none begun after", async () => {
    const before = await signedIn('client.viewer@verity.test');
    const after = await signedIn('client.viewer@verity.test');
    const bystander = await signedIn();
    const sub = (
      await app.db.query<{ sub: string }>(
        "SELECT sub FROM users WHERE email = 'client.viewer@verity.test' AND user_type = 'client'",
      )
    ).rows[0]!.sub;
    const signedOutAt = new Date(Date.now() - 60_000);
    await app.db.query(
      "UPDATE sessions SET created_at = $2::timestamptz - interval '1 second' WHERE id = $1",
      [sessionIdOf(before), signedOutAt],
    );

    const ended = await endSessionsSignedOutAtIdentity(app.db, [{ sub, signedOutAt }]);
    expect(ended).toEqual([sessionIdOf(before)]);
    expect((await me(before.all())).statusCode).toBe(401);
    expect((await refresh(before.all())).json()).toMatchObject({ code: 'REFRESH_TOKEN_REUSED' });
    expect((await me(after.all())).statusCode).toBe(200);
    expect((await me(bystander.all())).statusCode).toBe(200);
    // Heard again (identity's answers overlap), it ends nothing more.
    expect(await endSessionsSignedOutAtIdentity(app.db, [{ sub, signedOutAt }])).toEqual([]);
  });

  it('answers parallel refreshes of one cookie with the same new session, which stays alive', async () => {
    const cookies = await signedIn();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => refresh({ verity_refresh: cookies.get('verity_refresh')! })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const newTokens = answers.map(
      (answer) => answer.cookies.find((cookie) => cookie.name === 'verity_refresh')?.value,
    );
    expect(new Set(newTokens).size).toBe(1);
    expect(newTokens[0]).not.toBe(cookies.get('verity_refresh'));

    for (const answer of answers) {
      const tab = new ApiCookies().take(answer);
      expect((await me(tab.all())).statusCode).toBe(200);
    }
    const next = await refresh({ verity_refresh: newTokens[0]! });
    expect(next.statusCode).toBe(200);
    expect((await me(new ApiCookies().take(next).all())).statusCode).toBe(200);
  });

  it('treats a repeat within the grace window as reuse once the new token has been used', async () => {
    const cookies = await signedIn();
    const first = cookies.get('verity_refresh')!;
    const second = new ApiCookies().take(await refresh({ verity_refresh: first }));
    const third = new ApiCookies().take(
      await refresh({ verity_refresh: second.get('verity_refresh')! }),
    );
    expect((await me(third.all())).statusCode).toBe(200);

    const replay = await refresh({ verity_refresh: first });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'REFRESH_TOKEN_REUSED' });
    expect((await me(third.all())).statusCode).toBe(401);
  });

  it('stores refresh tokens only as hashes', async () => {
    const cookies = await signedIn('client.viewer@verity.test');
    const token = cookies.get('verity_refresh')!;
    const { rows } = await app.db.query<{ found: number }>(
      'SELECT count(*) AS found FROM refresh_tokens WHERE token_hash = $1',
      [token],
    );
    expect(rows[0]?.found).toBe(0);
  });

  it('answers 401 UNAUTHENTICATED to a refresh without a cookie, with an unknown or an expired token', async () => {
    expect((await refresh({})).json()).toEqual(notSignedIn);
    expect((await refresh({ verity_refresh: 'not-a-token-we-issued' })).statusCode).toBe(401);

    const cookies = await signedIn();
    await app.db.query(
      "UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL AND revoked_at IS NULL",
    );
    const response = await refresh(cookies.all());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(notSignedIn);
  });

  it('ignores anything sent in the refresh body and echoes none of it', async () => {
    const cookies = await signedIn();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      cookies: cookies.all(),
      payload: { userId: '00000000-0000-4000-8000-000000000000', role: 'owner' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
  });

  it('signs out with an expired access token: cookies cleared and the refresh token dead', async () => {
    const cookies = await signedIn();
    const expired = await accessCookie(cookies, -60);
    const refreshToken = cookies.get('verity_refresh')!;

    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      cookies: { verity_access: expired, verity_refresh: refreshToken },
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const cleared = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));
    expect(cleared.verity_access).toMatchObject({ value: '', path: '/api/v1' });
    expect(cleared.verity_refresh).toMatchObject({ value: '', path: '/api/v1/auth' });
    expect(cleared.verity_access?.expires?.getTime()).toBeLessThanOrEqual(Date.now());

    const again = await refresh({ verity_refresh: refreshToken });
    expect(again.statusCode).toBe(401);
    expect((await me(cookies.take(response).all())).statusCode).toBe(401);
  });
});
