// Answers the API keeps while nothing they show has changed
// (docs/decisions/0009-portfolio-answers-kept.md, docs/decisions/0062-plan-list-answers-kept.md).
// Screens such as a lender's portfolio or an audit's plan list are opened again and again while
// their gaps change far less often: an answer is worked out once, then served again for as long as
//   - the database's token is the same (read on every request by the caller's `token`): the rows the
//     answer was worked out from are the very rows it shows (row versions, who sees them), and no gap
//     or plan anywhere was written since;
//   - no notice of a write to the answer's group came since (the change feed, which every API process
//     hears: a write the token missed because it committed late),
//   - its own end has not come (what moves with the clock alone: a gap falling due), and it is less
//     than MAX_AGE_MS old.
// Each answer belongs to a group (a client, an auditor firm, a target company): a notice names the
// groups it touches, and their answers are forgotten.

import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeNotice } from './live/change-feed';

/** An answer is worked out again at least this often, whatever happened. */
export const MAX_AGE_MS = 60_000;
/** The answers kept, at most, in bytes of JSON (the oldest go first; their compressed copies, about a tenth more, are not counted). */
export const MAX_BYTES = 32 * 2 ** 20;
/**
 * What an answer costs beyond its JSON, counted against MAX_BYTES with its key: the entry, its maps'
 * slots and its stamp and token. So a flood of tiny answers (a page past the end asked with a
 * thousand different searches) is bounded by the same budget as a few large ones.
 */
export const ENTRY_BYTES = 512;

const costOf = (key: string, answer: KeptAnswer) => answer.body.length + key.length + ENTRY_BYTES;

/** The encodings an answer is also sent in, to a client that accepts them. */
export type AnswerEncoding = 'br' | 'gzip';

/**
 * An answer as sent: its JSON, and compressed once for the clients that accept it (the portfolio of
 * 200 companies is 440 KB of JSON, about 30 KB compressed: seconds less on a slow link).
 */
export class KeptAnswer {
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

/** What a kept answer is also sent in, the client's preference deciding. */
const ANSWER_ENCODINGS: AnswerEncoding[] = ['br', 'gzip'];

/**
 * Sends a kept answer as it is (already the JSON of the route's answer: a string or bytes with a JSON
 * type are sent untouched; the type provider knows only the object form), compressed when the client
 * accepts it.
 */
export function sendKeptAnswer(request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer) {
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ANSWER_ENCODINGS);
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (!encoding) return reply.send(answer.body);
  return reply.header('content-encoding', encoding).send(answer.in(encoding));
}

interface Entry {
  group: string;
  /** The notices heard when the answer was begun (`AnswerCache.stamp`). */
  stamp: string;
  /** The database's token when the answer was begun. */
  token: string;
  answer: KeptAnswer;
  expiresAt: number;
}

export interface WorkedAnswer {
  /** The answer as JSON. */
  body: string;
  /** When it stops holding by the clock alone (ms since the epoch): the next due date, at the latest. */
  expiresAt: number;
}

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  /** The keys kept of each group. */
  private readonly members = new Map<string, Set<string>>();
  private readonly generations = new Map<string, number>();
  private readonly inFlight = new Map<string, Promise<{ answer: KeptAnswer; expiresAt: number }>>();
  private epoch = 0;
  private bytes = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxBytes = MAX_BYTES,
  ) {}

  /** A gap or plan that the answers of these groups may show changed: they are forgotten. */
  changed(groups: Iterable<string>): void {
    for (const group of groups) {
      this.generations.set(group, (this.generations.get(group) ?? 0) + 1);
      for (const key of this.members.get(group) ?? []) this.drop(key);
    }
  }

  /** Notices may have been missed: no answer kept can be trusted. */
  missed(): void {
    this.epoch++;
    this.entries.clear();
    this.members.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The answer `key` of `group` (the key alone when it is its own group): the one kept, while it
   * holds (see the head of this file), else `work()`'s, kept for the next caller. Callers asking at
   * once while none holds share one `work()`. The notices are noted first and `token()` is read
   * next, so a write committed while `work()` runs makes the next caller work again.
   */
  async answer(
    { key, group = key }: { key: string; group?: string },
    token: () => string | Promise<string>,
    work: () => Promise<WorkedAnswer>,
  ): Promise<KeptAnswer> {
    const stamp = this.stamp(group);
    const current = await token();
    const kept = this.entries.get(key);
    if (kept && kept.stamp === stamp && kept.token === current && this.now() < kept.expiresAt) {
      return kept.answer;
    }
    const flightKey = `${key}\n${stamp}\n${current}`;
    let flight = this.inFlight.get(flightKey);
    if (!flight) {
      flight = work()
        .then(({ body, expiresAt }) => ({ answer: new KeptAnswer(body), expiresAt }))
        .finally(() => this.inFlight.delete(flightKey));
      this.inFlight.set(flightKey, flight);
      void flight.then(
        (worked) => this.keep(key, { group, stamp, token: current, ...worked }),
        () => undefined,
      );
    }
    return (await flight).answer;
  }

  private stamp(group: string): string {
    return `${this.epoch}:${this.generations.get(group) ?? 0}`;
  }

  private keep(key: string, entry: Entry): void {
    // A notice heard while the answer was worked out: it may be older than the change.
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
    const kept = this.entries.get(key);
    if (!kept) return;
    this.entries.delete(key);
    const keys = this.members.get(kept.group);
    keys?.delete(key);
    if (keys?.size === 0) this.members.delete(kept.group);
    this.bytes -= costOf(key, kept.answer);
  }
}

/**
 * The answers kept by a route plugin, told of the change feed while the plugin lives: a notice
 * forgets the answers of the groups `groupsOf` names for it, a possible miss forgets them all.
 */
export function keptAnswers(
  fastify: FastifyInstance,
  groupsOf: (notice: ChangeNotice) => string[],
  maxBytes = MAX_BYTES,
): AnswerCache {
  const answers = new AnswerCache(Date.now, maxBytes);
  const unwatch = fastify.changeFeed.watch({
    notice: (notice) => answers.changed(groupsOf(notice)),
    missed: () => answers.missed(),
  });
  fastify.addHook('onClose', async () => unwatch());
  return answers;
}
