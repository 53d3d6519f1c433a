// Attempt counters in the identity database (rate-limiter-flexible's PostgreSQL limiter), so every
// identity process behind one database counts the same attempts.
import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimits } from '../config.js';
import type { Queryable } from '../db/database.js';

const TABLE = 'rate_limits';
const MINUTE = 60;
const HOUR = 60 * MINUTE;

export interface Throttle {
  /** Counts one attempt; answers how many ms to wait when it is over the limit, else undefined. */
  hit(subject: string): Promise<number | undefined>;
  /** Counts one attempt; answers how many this subject has made in its window, this one included. */
  hitCount(subject: string): Promise<number>;
  /** How many ms until the subject may try again when its next attempt would be refused, else undefined; counts nothing. */
  refusal(subject: string): Promise<number | undefined>;
  /** Refuses the subject for this long, whatever it counted. */
  refuseFor(subject: string, ms: number): Promise<void>;
  /** `refusal` of many subjects in one statement: those refused now, with the ms until they may try. */
  refusals(subjects: readonly string[]): Promise<Map<string, number>>;
  /** Gives one counted attempt back (it turned out legitimate). */
  giveBack(subject: string): Promise<void>;
  /** Forgets every attempt of this subject. */
  forget(subject: string): Promise<void>;
}

export interface Throttles {
  userLookup: Throttle;
  signInPerAccount: Throttle;
  /**
   * Accounts with a failed sign-in from one address (credential stuffing), not attempts: one person
   * failing on their own account again and again counts once, and locks out nobody else there.
   */
  signInAccountsPerAddress: Throttle;
  /** Sign-in attempts on one account from one address: the first of them counts the account for the address. */
  signInAccountFromAddress: Throttle;
  /** Until when an account's sign-ins were last refused, whichever limit refused them (for its owners to see). */
  signInRefused: Throttle;
  signUpPerAddress: Throttle;
  mailRequestPerAddress: Throttle;
  mailPerMailbox: Throttle;
}

// Keys are hashed: what people type into an email field (sometimes a password) is never stored.
const keyOf = (subject: string) => createHash('sha256').update(subject).digest('hex');

/** rate-limiter-flexible's query shape, answered by either database kind. */
function storeClient(db: Queryable) {
  return {
    async query({ text, values }: { text: string; values?: unknown[] }) {
      const rows = await db.query(text, values ?? []);
      return { rows, rowCount: rows.length };
    },
  };
}

function throttle(
  db: Queryable,
  keyPrefix: string,
  points: number,
  durationSeconds: number,
): Throttle {
  const limiter = new RateLimiterPostgres({
    storeClient: storeClient(db),
    storeType: 'client',
    tableName: TABLE,
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix,
    points,
    duration: durationSeconds,
    // Passing the limit starts a full window of refusals from that moment.
    blockDuration: durationSeconds,
  });
  return {
    async hit(subject) {
      try {
        await limiter.consume(keyOf(subject));
        return undefined;
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes) return Math.max(refusal.msBeforeNext, 1000);
        throw refusal;
      }
    },
    async hitCount(subject) {
      try {
        return (await limiter.consume(keyOf(subject))).consumedPoints;
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes) return refusal.consumedPoints;
        throw refusal;
      }
    },
    async refusal(subject) {
      const seen = await limiter.get(keyOf(subject));
      if (!seen || seen.consumedPoints < points || seen.msBeforeNext <= 0) return undefined;
      return Math.max(seen.msBeforeNext, 1000);
    },
    async refuseFor(subject, ms) {
      await limiter.block(keyOf(subject), Math.ceil(ms / 1000));
    },
    async refusals(subjects) {
      const keys = new Map(subjects.map((subject) => [limiter.getKey(keyOf(subject)), subject]));
      const now = Date.now();
      // The limiter's own rows (migration 004), read as its `get` reads them, for all at once.
      const rows = await db.query<{ key: string; points: number; expire: string | null }>(
        `SELECT key, points, expire FROM ${TABLE} WHERE key = ANY($1::text[]) AND points >= $2
           AND expire > $3`,
        [[...keys.keys()], points, now],
      );
      return new Map(
        rows.map((row) => [keys.get(row.key)!, Math.max(Number(row.expire) - now, 1000)]),
      );
    },
    async giveBack(subject) {
      await limiter.reward(keyOf(subject), 1);
    },
    async forget(subject) {
      await limiter.delete(keyOf(subject));
    },
  };
}

export function createThrottles(db: Queryable, limits: RateLimits): Throttles {
  return {
    userLookup: throttle(db, 'user-lookup', limits.userLookupsPerMinute, MINUTE),
    signInPerAccount: throttle(db, 'sign-in-account', limits.signInsPerAccount, 15 * MINUTE),
    signInAccountsPerAddress: throttle(
      db,
      'sign-in-accounts-ip',
      limits.signInFailuresPerAddress,
      HOUR,
    ),
    // Never refuses: it only tells the first attempt on an account from an address.
    signInAccountFromAddress: throttle(db, 'sign-in-account-ip', Number.MAX_SAFE_INTEGER, HOUR),
    // Holds nothing but the refusals it is told of; one point so that a refusal reads as refused.
    signInRefused: throttle(db, 'sign-in-refused', 1, HOUR),
    signUpPerAddress: throttle(db, 'sign-up-ip', limits.signUpsPerAddress, HOUR),
    mailRequestPerAddress: throttle(db, 'mail-request-ip', limits.mailRequestsPerAddress, HOUR),
    mailPerMailbox: throttle(db, 'mailbox', limits.mailsPerMailbox, HOUR),
  };
}

/** The caller's network as one subject: an IPv6 caller usually holds its whole /64. */
export function addressSubject(ip: string): string {
  if (!isIPv6(ip) || ip.startsWith('::ffff:')) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** Waiting time as whole minutes, never less than one. */
export function minutesToWait(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

/** Drops counters whose window ended; rate-limiter-flexible never reads them again. */
export async function deleteExpiredCounters(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM ${TABLE} WHERE expire < $1`, [Date.now()]);
}
