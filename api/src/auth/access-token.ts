/** The access cookie's payload (the cookie is signed with SESSION_SECRET by @fastify/cookie). */
export interface AccessToken {
  /** users.id */
  uid: string;
  /** sessions.id: the sign-in this cookie belongs to, checked alive on every request. */
  sid: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

export function encodeAccessToken(token: AccessToken): string {
  return Buffer.from(JSON.stringify({ uid: token.uid, sid: token.sid, exp: token.exp })).toString(
    'base64url',
  );
}

/**
 * The payload, or undefined when it is not ours. `sid` is absent from cookies issued before sessions
 * existed: the caller treats those as expired, so the browser refreshes into a session.
 */
export function decodeAccessToken(
  value: string,
): (Omit<AccessToken, 'sid'> & { sid?: string }) | undefined {
  try {
    const parsed = JSON.parse(
      Buffer.from(value, 'base64url').toString('utf8'),
    ) as Partial<AccessToken>;
    if (
      typeof parsed.uid === 'string' &&
      typeof parsed.exp === 'number' &&
      Number.isFinite(parsed.exp)
    ) {
      return {
        uid: parsed.uid,
        exp: parsed.exp,
        ...(typeof parsed.sid === 'string' ? { sid: parsed.sid } : {}),
      };
    }
  } catch {
    // not JSON: treated as no token
  }
  return undefined;
}
