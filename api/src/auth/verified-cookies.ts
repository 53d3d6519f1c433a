// Access cookies whose signature was checked
// (docs/decisions/0060-security-headers-built-once-checked-cookies-kept.md): a signed-in browser
// sends the same access cookie on every request until it refreshes, so its HMAC is checked and its
// payload decoded once per process, not on every request.
import type { AccessToken } from './access-token';

/** Access cookies kept at most (the least recently checked go first). */
export const VERIFIED_COOKIES_MAX = 10_000;

export type CheckedToken = Omit<AccessToken, 'sid'> & { sid?: string };

export class VerifiedCookies {
  private readonly kept = new Map<string, CheckedToken>();

  constructor(private readonly max = VERIFIED_COOKIES_MAX) {}

  get size(): number {
    return this.kept.size;
  }

  /**
   * The payload of a signed cookie: the kept one when this exact value was checked before, else
   * `check(value)` (signature and payload), kept only when it passed. A value that fails is checked
   * again every time it comes, so nothing unsigned is ever answered from here.
   */
  token(
    value: string,
    check: (value: string) => CheckedToken | undefined,
  ): CheckedToken | undefined {
    const kept = this.kept.get(value);
    if (kept) return kept;
    const token = check(value);
    if (token) {
      this.kept.set(value, Object.freeze(token));
      if (this.kept.size > this.max) this.kept.delete(this.kept.keys().next().value!);
    }
    return token;
  }

  /** A cookie past its expiry is of no more use: it goes. */
  forget(value: string): void {
    this.kept.delete(value);
  }
}
