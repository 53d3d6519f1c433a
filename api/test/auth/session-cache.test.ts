import type { SessionUser } from '@verity/shared-api/src/server';
import { SessionCache } from '../../src/auth/session-cache';

const ANA = '0b7e3a52-4c1f-4d8e-9a51-1f0c2b3d4e5f';
const BEN = '6f1d2c3b-4a59-4e68-8b7a-9c0d1e2f3a4b';
const SESSION_A = 'a1a1a1a1-1111-4111-8111-111111111111';
const SESSION_B = 'b2b2b2b2-2222-4222-8222-222222222222';
const SESSION_C = 'c3c3c3c3-3333-4333-8333-333333333333';

const member = (id: string, fullname: string): SessionUser => ({
  _id: id,
  fullname,
  emailId: `${fullname.toLowerCase()}@verity.test`,
  role: 'owner',
  userType: 'client',
  clientId: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
  organisationName: 'Northwind Capital',
});

/** A database stand-in that answers with `user` and counts how often it was asked. */
function reader(user: SessionUser | undefined) {
  const read = jest.fn(async () => (user ? { ...user } : undefined));
  return read;
}

describe('session lookups kept', () => {
  let now: number;
  let cache: SessionCache;
  beforeEach(() => {
    now = 1_000_000;
    cache = new SessionCache({ keptMs: 10_000, max: 2, now: () => now });
    cache.listening();
  });

  it('answers a session it looked up from what it kept, for the same user only, until its time is up', async () => {
    const read = reader(member(ANA, 'Ana'));
    expect(await cache.lookup(ANA, SESSION_A, read)).toMatchObject({ fullname: 'Ana' });
    expect(await cache.lookup(ANA, SESSION_A, read)).toMatchObject({ fullname: 'Ana' });
    expect(read).toHaveBeenCalledTimes(1);

    // Another user's cookie naming the same session id is read afresh (and found by nobody).
    const none = reader(undefined);
    expect(await cache.lookup(BEN, SESSION_A, none)).toBeUndefined();
    expect(none).toHaveBeenCalledTimes(1);

    now += 10_000;
    expect(await cache.lookup(ANA, SESSION_A, read)).toMatchObject({ fullname: 'Ana' });
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('keeps no answer that found no session', async () => {
    const none = reader(undefined);
    await cache.lookup(ANA, SESSION_A, none);
    await cache.lookup(ANA, SESSION_A, none);
    expect(none).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });

  it("forgets a user's sessions on their notice, everyone's on '*' or anything it cannot read", async () => {
    await cache.lookup(ANA, SESSION_A, reader(member(ANA, 'Ana')));
    await cache.lookup(BEN, SESSION_B, reader(member(BEN, 'Ben')));
    cache.notice(ANA);
    expect(cache.keeps(SESSION_A)).toBe(false);
    expect(cache.keeps(SESSION_B)).toBe(true);

    const renamed = reader(member(ANA, 'Ana Lima'));
    expect(await cache.lookup(ANA, SESSION_A, renamed)).toMatchObject({ fullname: 'Ana Lima' });

    cache.notice('*');
    expect(cache.size).toBe(0);
    await cache.lookup(ANA, SESSION_A, renamed);
    cache.notice('not a user id');
    expect(cache.size).toBe(0);
  });

  it('does not keep what a lookup read while a notice came', async () => {
    let answer!: (user: SessionUser) => void;
    const slow = jest.fn(
      () =>
        new Promise<SessionUser | undefined>((resolve) => {
          answer = resolve;
        }),
    );
    const lookup = cache.lookup(ANA, SESSION_A, slow);
    // The session ends and its notice arrives while the read that found it alive is on its way.
    cache.notice(ANA);
    answer(member(ANA, 'Ana'));
    expect(await lookup).toMatchObject({ fullname: 'Ana' });
    expect(cache.keeps(SESSION_A)).toBe(false);

    const sessionsEnded = cache.lookup(BEN, SESSION_B, slow);
    cache.forgetSessions([SESSION_C]);
    answer(member(BEN, 'Ben'));
    await sessionsEnded;
    expect(cache.keeps(SESSION_B)).toBe(false);
  });

  it('uses and keeps nothing while the notices may go unheard, and starts afresh once they are heard', async () => {
    const read = reader(member(ANA, 'Ana'));
    await cache.lookup(ANA, SESSION_A, read);
    cache.notListening();
    expect(cache.isListening).toBe(false);
    expect(cache.size).toBe(0);
    await cache.lookup(ANA, SESSION_A, read);
    await cache.lookup(ANA, SESSION_A, read);
    expect(read).toHaveBeenCalledTimes(3);
    expect(cache.size).toBe(0);

    cache.listening();
    await cache.lookup(ANA, SESSION_A, read);
    await cache.lookup(ANA, SESSION_A, read);
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('tells its watchers (the open streams) of every ending and change it hears, until unwatched', () => {
    const heard: string[] = [];
    const unwatch = cache.watch({
      sessionsEnded: (ids) => heard.push(`ended ${ids.join(' ')}`),
      userChanged: (id) => heard.push(`changed ${id}`),
      anyChanged: () => heard.push('any'),
    });
    cache.forgetSessions([SESSION_A, SESSION_B]);
    cache.notice(BEN);
    cache.forgetUser(ANA);
    // An organisation's new name ends nothing and moves nobody.
    cache.notice('*');
    cache.notListening();
    cache.listening();
    unwatch();
    cache.notice(ANA);
    expect(heard).toEqual([
      `ended ${SESSION_A} ${SESSION_B}`,
      `changed ${BEN}`,
      `changed ${ANA}`,
      'any',
    ]);
  });

  it('keeps at most its limit, dropping the session used least recently', async () => {
    await cache.lookup(ANA, SESSION_A, reader(member(ANA, 'Ana')));
    await cache.lookup(BEN, SESSION_B, reader(member(BEN, 'Ben')));
    // Ana's session used again: Ben's is now the oldest.
    await cache.lookup(ANA, SESSION_A, reader(undefined));
    await cache.lookup(ANA, SESSION_C, reader(member(ANA, 'Ana')));
    expect(cache.size).toBe(2);
    expect(cache.keeps(SESSION_A)).toBe(true);
    expect(cache.keeps(SESSION_B)).toBe(false);
    expect(cache.keeps(SESSION_C)).toBe(true);
  });

  it('keeps nothing when told to keep lookups for no time (SESSION_KEPT_SECONDS=0)', async () => {
    const never = new SessionCache({ keptMs: 0 });
    never.listening();
    const read = reader(member(ANA, 'Ana'));
    await never.lookup(ANA, SESSION_A, read);
    await never.lookup(ANA, SESSION_A, read);
    expect(read).toHaveBeenCalledTimes(2);
    expect(never.size).toBe(0);
  });

  it('hands out a kept user that cannot be changed by a route', async () => {
    await cache.lookup(ANA, SESSION_A, reader(member(ANA, 'Ana')));
    const user = await cache.lookup(ANA, SESSION_A, reader(undefined));
    expect(() => {
      (user as { role: string }).role = 'viewer';
    }).toThrow(TypeError);
  });
});
