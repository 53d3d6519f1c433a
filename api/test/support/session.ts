// A signed-in session for route tests without a round trip through identity: the session and access
// cookie the API itself would set after sign-in (the sign-in flow has its own tests in test/routes/auth).
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { encodeAccessToken } from '../../src/auth/access-token';
import { startSession } from '../../src/auth/refresh-tokens';
import { ACCESS_COOKIE } from '../../src/auth/session-cookies';

export interface TestSession {
  userId: string;
  sessionId: string;
  cookies: Record<string, string>;
}

/** The session of an existing membership, found by email and user type. */
export async function sessionFor(
  app: FastifyInstance,
  email: string,
  userType: 'client' | 'auditor' | 'targetCompany',
): Promise<TestSession> {
  const { rows } = await app.db.query<{ id: string }>(
    'SELECT id FROM users WHERE lower(email) = lower($1) AND user_type = $2',
    [email, userType],
  );
  const userId = rows[0]?.id;
  if (!userId) throw new Error(`No ${userType} membership for ${email}`);
  return sessionOfMembership(app, userId);
}

/** A live session of the membership with that id, as sign-in would start it. */
export async function sessionOfMembership(
  app: FastifyInstance,
  userId: string,
): Promise<TestSession> {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const { sessionId } = await startSession(app.db, userId, 3600);
  const access = app.signCookie(encodeAccessToken({ uid: userId, sid: sessionId, exp }));
  return { userId, sessionId, cookies: { [ACCESS_COOKIE]: access } };
}

/** `app.inject` as that user. */
export function injectAs(
  app: FastifyInstance,
  session: TestSession,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  return app.inject({ ...options, cookies: { ...session.cookies, ...(options.cookies ?? {}) } });
}
