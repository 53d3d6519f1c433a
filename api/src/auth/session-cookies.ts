import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiConfig } from '../config';
import { encodeAccessToken } from './access-token';

export const ACCESS_COOKIE = 'verity_access';
export const REFRESH_COOKIE = 'verity_refresh';
export const SIGN_IN_COOKIE = 'verity_sign_in';
/** The invitation being accepted, kept from its link until the sign-in callback. */
export const INVITATION_COOKIE = 'verity_invitation';
/** The memberships a person who belongs to several organisations chooses from after sign-in. */
export const CHOICE_COOKIE = 'verity_choice';

const ACCESS_COOKIE_PATH = '/api/v1';
const AUTH_COOKIE_PATH = '/api/v1/auth';

function baseOptions(config: ApiConfig) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies };
}

/** Sets both session cookies; the access cookie outlives its token so an expired one is still recognised (403). */
export function setSessionCookies(
  reply: FastifyReply,
  config: ApiConfig,
  session: { userId: string; sessionId: string; refreshToken: string },
): void {
  const exp = Math.floor(Date.now() / 1000) + config.accessTokenTtlSeconds;
  const access = encodeAccessToken({ uid: session.userId, sid: session.sessionId, exp });
  reply.setCookie(ACCESS_COOKIE, access, {
    ...baseOptions(config),
    path: ACCESS_COOKIE_PATH,
    maxAge: config.refreshTokenTtlSeconds,
    signed: true,
  });
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    ...baseOptions(config),
    path: AUTH_COOKIE_PATH,
    maxAge: config.refreshTokenTtlSeconds,
  });
}

export function clearSessionCookies(reply: FastifyReply, config: ApiConfig): void {
  reply.clearCookie(ACCESS_COOKIE, { ...baseOptions(config), path: ACCESS_COOKIE_PATH });
  reply.clearCookie(REFRESH_COOKIE, { ...baseOptions(config), path: AUTH_COOKIE_PATH });
}

/** The sign-in transaction (PKCE verifier, state, nonce, user type), kept for the round trip to identity. */
export interface SignInTransaction {
  userType: 'client' | 'auditor' | 'targetCompany';
  state: string;
  nonce: string;
  codeVerifier: string;
  /**
   * A sign-in through an organisation's own provider (docs/decisions/0098-single-sign-on.md): which
   * one, as of which saved settings, and, for an owner's test sign-in, the owner.
   */
  sso?: { connectionId: string; settingsOf: string; testBy?: string };
}

const isSsoPart = (value: unknown): boolean => {
  if (value === undefined) return true;
  const sso = value as { connectionId?: unknown; settingsOf?: unknown; testBy?: unknown } | null;
  return (
    typeof sso?.connectionId === 'string' &&
    typeof sso.settingsOf === 'string' &&
    (sso.testBy === undefined || typeof sso.testBy === 'string')
  );
};

export function setSignInCookie(
  reply: FastifyReply,
  config: ApiConfig,
  transaction: SignInTransaction,
): void {
  reply.setCookie(SIGN_IN_COOKIE, Buffer.from(JSON.stringify(transaction)).toString('base64url'), {
    ...baseOptions(config),
    path: AUTH_COOKIE_PATH,
    maxAge: 600,
    signed: true,
  });
}

export function clearSignInCookie(reply: FastifyReply, config: ApiConfig): void {
  reply.clearCookie(SIGN_IN_COOKIE, { ...baseOptions(config), path: AUTH_COOKIE_PATH });
}

export function decodeSignInTransaction(value: string): SignInTransaction | undefined {
  try {
    const parsed = JSON.parse(
      Buffer.from(value, 'base64url').toString('utf8'),
    ) as Partial<SignInTransaction>;
    const userTypes = ['client', 'auditor', 'targetCompany'];
    if (
      userTypes.includes(parsed.userType as string) &&
      typeof parsed.state === 'string' &&
      typeof parsed.nonce === 'string' &&
      typeof parsed.codeVerifier === 'string' &&
      isSsoPart(parsed.sso)
    ) {
      return parsed as SignInTransaction;
    }
  } catch {
    // not ours: treated as no transaction
  }
  return undefined;
}

/** A signed, HttpOnly cookie under /api/v1/auth holding JSON, for state kept across a redirect. */
export function setAuthStateCookie(
  reply: FastifyReply,
  config: ApiConfig,
  name: string,
  value: unknown,
  maxAgeSeconds: number,
): void {
  reply.setCookie(name, Buffer.from(JSON.stringify(value)).toString('base64url'), {
    ...baseOptions(config),
    path: AUTH_COOKIE_PATH,
    maxAge: maxAgeSeconds,
    signed: true,
  });
}

export function clearAuthStateCookie(reply: FastifyReply, config: ApiConfig, name: string): void {
  reply.clearCookie(name, { ...baseOptions(config), path: AUTH_COOKIE_PATH });
}

/** The JSON of a cookie set by setAuthStateCookie; undefined when absent, forged or not JSON. */
export function readAuthStateCookie(request: FastifyRequest, name: string): unknown {
  const stored = request.cookies[name];
  const unsigned = stored ? request.unsignCookie(stored) : undefined;
  if (!unsigned?.valid || !unsigned.value) return undefined;
  try {
    return JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
