import { VerifiedCookies, type CheckedToken } from '../../src/auth/verified-cookies';

const token = (uid: string): CheckedToken => ({
  uid,
  sid: `session of ${uid}`,
  exp: 2_000_000_000,
});

describe('access cookies whose signature was checked', () => {
  it('checks a cookie once and answers it again from what it kept', () => {
    const cookies = new VerifiedCookies();
    const check = jest.fn(() => token('ana'));
    expect(cookies.token('ana.signature', check)).toEqual(token('ana'));
    expect(cookies.token('ana.signature', check)).toEqual(token('ana'));
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('keeps nothing that failed its check: it is checked every time it comes', () => {
    const cookies = new VerifiedCookies();
    const check = jest.fn((): CheckedToken | undefined => undefined);
    expect(cookies.token('forged.signature', check)).toBeUndefined();
    expect(cookies.token('forged.signature', check)).toBeUndefined();
    expect(check).toHaveBeenCalledTimes(2);
    expect(cookies.size).toBe(0);
  });

  it('answers only the exact value it checked', () => {
    const cookies = new VerifiedCookies();
    cookies.token('ana.signature', () => token('ana'));
    const check = jest.fn((): CheckedToken | undefined => undefined);
    expect(cookies.token('ana.signaturf', check)).toBeUndefined();
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('keeps at most its maximum, the oldest checked going first, and forgets a cookie on demand', () => {
    const cookies = new VerifiedCookies(2);
    cookies.token('a', () => token('a'));
    cookies.token('b', () => token('b'));
    cookies.token('c', () => token('c'));
    expect(cookies.size).toBe(2);
    const check = jest.fn(() => token('a'));
    cookies.token('a', check);
    expect(check).toHaveBeenCalledTimes(1);
    cookies.forget('a');
    cookies.token('a', check);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('hands out a payload nobody can change', () => {
    const cookies = new VerifiedCookies();
    const kept = cookies.token('ana.signature', () => token('ana'))!;
    expect(Object.isFrozen(kept)).toBe(true);
  });
});
