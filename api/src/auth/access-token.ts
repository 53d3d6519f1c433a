/** The access cookie's payload (the cookie is signed with SESSION_SECRET by @fastify/cookie). */
export interface AccessToken {
  /** users.id */
  uid: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

export function encodeAccessToken(token: AccessToken): string {
  return Buffer.from(JSON.stringify({ uid: token.uid, exp: token.exp })).toString('base64url');
}

export function decodeAccessToken(value: string): AccessToken | undefined {
  try {
    const parsed = JSON.parse(
      Buffer.from(value, 'base64url').toString('utf8'),
    ) as Partial<AccessToken>;
    if (
      typeof parsed.uid === 'string' &&
      typeof parsed.exp === 'number' &&
      Number.isFinite(parsed.exp)
    ) {
      return { uid: parsed.uid, exp: parsed.exp };
    }
  } catch {
    // not JSON: treated as no token
  }
  return undefined;
}
