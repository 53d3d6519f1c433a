// The API's cached answers, and the one rule that decides whether a cached answer may be served to a
// request (docs/decisions/0072-one-serving-rule-for-cached-answers.md).
//
// Screens such as a lender's portfolio, a dashboard or an audit's plan list are opened again and
// again while what they show changes far less often: an answer is computed once, kept as its JSON
// (and compressed copies), and served again. A route only declares, per request:
//   - the key: whom the answer is for, i.e. what this reader may see (a client, a firm, a plan and
//     the reader's organisation); no key: computed for this request alone, never cached;
//   - the group: what a change names (a company, a client, a firm); a change to a group invalidates
//     every cached answer of that group;
//   - how to compute the answer, and when it stops holding by the clock alone (a gap falling due);
// and the cache it uses declares, once, its validity check and what invalidates it:
//   - `validity: 'token'`: a token read in one statement on every request (a digest of the row
//     versions the answer was computed from, with the reader's tenancy check): the cached answer is
//     served only while the token is the same. Optionally invalidated by the change feed's notices
//     too (`invalidatedBy: changeFeed(...)`): a write whose change-history entry committed after a
//     later one, which a token reading the newest entry would miss.
//   - `validity: 'figure-notices'`: no statement at all. The answer is invalidated by the figure
//     notices (migration 0035's triggers on the summary tables and companies, `invalidatedBy:
//     figureNotices(...)`), and served only while this process is listening to them, has received
//     its own fences and the request's fence (its cookie), and the request does not ask for a fresh
//     answer (`Cache-Control: no-cache`, `Pragma: no-cache`): `mayServeCached`.
// Every cached answer also expires at its own end (computed with the answer) and after MAX_AGE_MS.
//
// Why each mechanism is here (each kept because a measurement or a test needs it):
//   - the figure notices: a version without them (and without the fences) measured 742 req/s
//     against 6,569 for the company dashboard on the bench, and 2 to 9 times less on the others;
//   - the fences: a writer reads their own write at once, in this process (dashboards-on-notices
//     test "shows a write through the routes at the very next read, its notice not received yet")
//     and through another (replicas/live-replicas test, the writer's next read through the other
//     process);
//   - `no-cache` honoured on the notices' answers: the browser reads its dashboards fresh for 5 s
//     after a live change (shared-api `readDashboardsFresh`), which may come from a process that
//     received the change before the one answering (dashboards-on-notices test "serves nothing
//     cached ... or to a read asking afresh");
//   - the change feed on the token caches: the portfolio, auditor dashboard and plan list tokens
//     read the change history's newest entry, which a late commit can hide behind;
//   - callers at once share one computation (answer-cache test): 20 readers after a write cost one
//     statement in the pool, not 20;
//   - the expiry: the figure dashboards take it from the summary rows' next_moment and next_due,
//     kept by the triggers (dashboards/figures.ts): a client dashboard's miss costs 17 ms p50 on the
//     bench, against 82 ms when it was read over every plan and gap, and 17 ms with no expiry at all.
// api/test/cached-routes-invalidated.test.ts lists every cached route and checks that every table
// its answer reads invalidates it.

import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeNotice } from './live/change-feed';
import { FENCE_COOKIE } from './live/figure-notices';

/** An answer is computed again at least this often, whatever happened. */
export const MAX_AGE_MS = 60_000;
/** The answers cached, at most, in bytes of JSON (the oldest go first; their compressed copies, about a tenth more, are not counted). */
export const MAX_BYTES = 32 * 2 ** 20;
/**
 * What an answer costs beyond its JSON, counted against MAX_BYTES with its key: the entry, its maps'
 * slots and its stamp and token. So a flood of tiny answers (a page past the end asked with a
 * thousand different searches) is bounded by the same budget as a few large ones.
 */
export const ENTRY_BYTES = 512;

const costOf = (key: string, answer: CachedAnswer) => answer.body.length + key.length + ENTRY_BYTES;

/** The encodings an answer is also sent in, to a client that accepts them. */
export type AnswerEncoding = 'br' | 'gzip';

/**
 * An answer as sent: its JSON, and compressed once for the clients that accept it (the portfolio of
 * 200 companies is 440 KB of JSON, about 30 KB compressed: seconds less on a slow link).
 */
export class CachedAnswer {
  private readonly encoded = new Map<AnswerEncoding, Buffer>();

  constructor(readonly body: string) {}

  in(encoding: AnswerEncoding): Buffer {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? brotliCompressSync(this.body, {
              params: {
                // Quality 5: most of the gain of 11, at a small part of its time (once per answer).
                [constants.BROTLI_PARAM_QUALITY]: 5,
                [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(this.body),
              },
            })
          : gzipSync(this.body, { level: 6 });
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }
}

/** What a cached answer is also sent in, the client's preference deciding. */
const ANSWER_ENCODINGS: AnswerEncoding[] = ['br', 'gzip'];

/**
 * Sends an answer as it is (already the JSON of the route's answer: a string or bytes with a JSON
 * type are sent untouched; the type provider knows only the object form), compressed when the client
 * accepts it.
 */
export function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
) {
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ANSWER_ENCODINGS);
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (!encoding) return reply.send(answer.body);
  return reply.header('content-encoding', encoding).send(answer.in(encoding));
}

interface Entry {
  group: string;
  /** The invalidations seen when the answer was begun (`AnswerCache.stamp`). */
  stamp: string;
  /** The token when the answer was begun. */
  token: string;
  answer: CachedAnswer;
  expiresAt: number;
}

export interface ComputedAnswer {
  /** The answer as JSON. */
  body: string;
  /** When it stops holding by the clock alone (ms since the epoch): the next due date, at the latest. */
  expiresAt: number;
}

/**
 * The cached answers of one route family, by key, in groups; bounded in bytes, the oldest going
 * first. The rule of `answer` is the whole check once the caller has decided the answer may be
 * cached at all (`RouteCache.send` decides that).
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  /** The keys cached of each group. */
  private readonly members = new Map<string, Set<string>>();
  private readonly generations = new Map<string, number>();
  private readonly inFlight = new Map<
    string,
    Promise<{ answer: CachedAnswer; expiresAt: number }>
  >();
  private epoch = 0;
  private bytes = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxBytes = MAX_BYTES,
  ) {}

  /** Something the answers of these groups may show changed: they are invalidated. */
  invalidate(groups: Iterable<string>): void {
    for (const group of groups) {
      this.generations.set(group, (this.generations.get(group) ?? 0) + 1);
      for (const key of this.members.get(group) ?? []) this.drop(key);
    }
  }

  /** Notices may have been missed: no cached answer can be trusted. */
  invalidateAll(): void {
    this.epoch++;
    this.entries.clear();
    this.members.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The answer `key` of `group` (the key alone when it is its own group): the cached one while its
   * token is the same, its group was not invalidated since, and it has not expired; else
   * `compute()`'s, cached for the next caller. Callers asking at once while none holds share one
   * `compute()`. The invalidations are noted first and `token()` is read next, so a write committed
   * while `compute()` runs makes the next caller compute again.
   */
  async answer(
    { key, group = key }: { key: string; group?: string },
    token: () => string | Promise<string>,
    compute: () => Promise<ComputedAnswer>,
  ): Promise<CachedAnswer> {
    const stamp = this.stamp(group);
    const current = await token();
    const cached = this.entries.get(key);
    if (
      cached &&
      cached.stamp === stamp &&
      cached.token === current &&
      this.now() < cached.expiresAt
    ) {
      return cached.answer;
    }
    const flightKey = `${key}\n${stamp}\n${current}`;
    let flight = this.inFlight.get(flightKey);
    if (!flight) {
      flight = compute()
        .then(({ body, expiresAt }) => ({ answer: new CachedAnswer(body), expiresAt }))
        .finally(() => this.inFlight.delete(flightKey));
      this.inFlight.set(flightKey, flight);
      void flight.then(
        (computed) => this.store(key, { group, stamp, token: current, ...computed }),
        () => undefined,
      );
    }
    return (await flight).answer;
  }

  private stamp(group: string): string {
    return `${this.epoch}:${this.generations.get(group) ?? 0}`;
  }

  private store(key: string, entry: Entry): void {
    // Invalidated while the answer was computed: it may be older than the change.
    if (entry.stamp !== this.stamp(entry.group)) return;
    this.drop(key);
    const expiresAt = Math.min(entry.expiresAt, this.now() + MAX_AGE_MS);
    this.entries.set(key, { ...entry, expiresAt });
    let keys = this.members.get(entry.group);
    if (!keys) this.members.set(entry.group, (keys = new Set()));
    keys.add(key);
    this.bytes += costOf(key, entry.answer);
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const cached = this.entries.get(key);
    if (!cached) return;
    this.entries.delete(key);
    const keys = this.members.get(cached.group);
    keys?.delete(key);
    if (keys?.size === 0) this.members.delete(cached.group);
    this.bytes -= costOf(key, cached.answer);
  }
}

/**
 * Whether a request may be served an answer cached on the figure notices: it does not ask for a
 * fresh one (`Cache-Control: no-cache`, `Pragma: no-cache`: the screens after a live change, a hard
 * reload), this process is listening to the notices, has received its own fences, and has received
 * the request's fence (its cookie), so every write that reader knows of has invalidated its answer.
 */
export function mayServeCached(fastify: FastifyInstance, request: FastifyRequest): boolean {
  return (
    !/\bno-cache\b/i.test(request.headers['cache-control'] ?? '') &&
    request.headers.pragma !== 'no-cache' &&
    fastify.figureNotices.trusted(request.cookies[FENCE_COOKIE])
  );
}

/** What invalidates a cache's answers: the change feed's notices, by the groups they name. */
export const changeFeed = (groupsOf: (notice: ChangeNotice) => string[]) =>
  ({ changeFeed: groupsOf }) as const;

/** What invalidates a cache's answers: the figure notices, by the groups a company's write names. */
export const figureNotices = (groupsOf: (targetCompanyId: string, clientId: string) => string[]) =>
  ({ figureNotices: groupsOf }) as const;

type CacheRule =
  | {
      /** Checked by a token read on every request; the token alone, or the change feed too. */
      validity: 'token';
      invalidatedBy?: ReturnType<typeof changeFeed>;
    }
  | {
      /** No statement: invalidated by the figure notices, served while `mayServeCached`. */
      validity: 'figure-notices';
      invalidatedBy: ReturnType<typeof figureNotices>;
    };

/** What a route declares for one request of a cached answer. */
export type CachedRequest<V extends CacheRule['validity']> = {
  /** Whom the answer is for (what the reader may see); undefined: computed for this request alone. */
  key: V extends 'token' ? string : string | undefined;
  /** The group a change names to invalidate it (the key alone when it is its own group). */
  group?: string;
  compute: () => Promise<ComputedAnswer>;
} & (V extends 'token'
  ? {
      /** The token of what the answer shows, with the reader's tenancy check (refuses by throwing). */
      token: () => string | Promise<string>;
    }
  : { token?: never });

/** The token of every answer cached on the figure notices: nothing is read. */
const ON_FIGURE_NOTICES = 'figure-notices';

/** A route family's cache: its answers, its validity check and what invalidates them. */
export interface RouteCache<V extends CacheRule['validity']> {
  readonly answers: AnswerCache;
  /** The answer to this request (cached or computed under the cache's rule), sent compressed when accepted. */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    asked: CachedRequest<V>,
  ): Promise<FastifyReply>;
}

/**
 * The cached answers of a route plugin under one rule (see the head of this file), invalidated as
 * the rule says while the plugin lives; a possible miss of notices invalidates them all.
 */
export function answerCache<R extends CacheRule>(
  fastify: FastifyInstance,
  rule: R,
  maxBytes = MAX_BYTES,
): RouteCache<R['validity']> {
  const answers = new AnswerCache(Date.now, maxBytes);
  const invalidatedBy = rule.invalidatedBy as
    ReturnType<typeof changeFeed> | ReturnType<typeof figureNotices> | undefined;
  if (invalidatedBy && 'changeFeed' in invalidatedBy) {
    const unwatch = fastify.changeFeed.watch({
      notice: (notice) => answers.invalidate(invalidatedBy.changeFeed(notice)),
      missed: () => answers.invalidateAll(),
    });
    fastify.addHook('onClose', async () => unwatch());
  } else if (invalidatedBy && 'figureNotices' in invalidatedBy) {
    const unwatch = fastify.figureNotices.watch({
      company: (targetCompanyId, clientId) =>
        answers.invalidate(invalidatedBy.figureNotices(targetCompanyId, clientId)),
      missed: () => answers.invalidateAll(),
    });
    fastify.addHook('onClose', async () => unwatch());
  }
  const onFigureNotices = rule.validity === 'figure-notices';
  return {
    answers,
    async send(request, reply, asked) {
      const { key, group, token, compute } = asked as {
        key: string | undefined;
        group?: string;
        token?: () => string | Promise<string>;
        compute: () => Promise<ComputedAnswer>;
      };
      let answer: CachedAnswer;
      if (!onFigureNotices) {
        answer = await answers.answer({ key: key!, group }, token!, compute);
      } else if (key !== undefined && mayServeCached(fastify, request)) {
        answer = await answers.answer({ key, group }, () => ON_FIGURE_NOTICES, compute);
      } else {
        answer = new CachedAnswer((await compute()).body);
      }
      return sendCachedAnswer(request, reply, answer);
    },
  };
}
