// The portfolio's answers kept per scope (a client, an auditor firm) while nothing they show has
// changed (docs/decisions.md "Portfolio answers kept"). A lender's officers open the same portfolio
// all day and its gaps change far less often than it is read: an answer is worked out once, then
// served again for as long as
//   - the database's token is the same (read on every request, `portfolioToken`): the scope's
//     companies and summary rows are the very rows the answer was worked out from (who is in the
//     scope, every count), and no gap or plan anywhere was written since;
//   - no notice of a write to the scope's gaps or plans came since (the change feed, which every API
//     process hears: a write the token missed because it committed late),
//   - no gap of the scope has fallen due since, and it is less than MAX_AGE_MS old (what moves with
//     the clock alone: days overdue, the ageing bands).

import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** An answer is worked out again at least this often, whatever happened. */
export const MAX_AGE_MS = 60_000;
/** The answers kept, at most, in bytes of JSON (the oldest go first; their compressed copies, about a tenth more, are not counted). */
export const MAX_BYTES = 32 * 2 ** 20;

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

interface Entry {
  /** The notices heard when the answer was begun (`PortfolioCache.stamp`). */
  stamp: string;
  /** The database's token when the answer was begun. */
  token: string;
  answer: KeptAnswer;
  expiresAt: number;
}

export interface PortfolioAnswer {
  /** The answer as JSON. */
  body: string;
  /** When it stops holding by the clock alone (ms since the epoch): the next due date, at the latest. */
  expiresAt: number;
}

export class PortfolioCache {
  private readonly entries = new Map<string, Entry>();
  private readonly generations = new Map<string, number>();
  private readonly inFlight = new Map<string, Promise<{ answer: KeptAnswer; expiresAt: number }>>();
  private epoch = 0;
  private bytes = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** The scope keys of a client and of an auditor firm. */
  static clientKey = (clientId: string) => `client:${clientId}`;
  static auditorKey = (auditorId: string) => `auditor:${auditorId}`;

  /** A gap or plan of the client's company changed (and of the firm's audit, when it is assigned). */
  changed(clientId: string, auditorId: string | null): void {
    this.bump(PortfolioCache.clientKey(clientId));
    if (auditorId) this.bump(PortfolioCache.auditorKey(auditorId));
  }

  /** Notices may have been missed: no answer kept can be trusted. */
  missed(): void {
    this.epoch++;
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The answer of the scope `key`: the one kept, while it holds (see the head of this file), else
   * `work()`'s, kept for the next caller. Callers asking at once while none holds share one `work()`.
   * `token()` is read first, so a write committed while `work()` runs makes the next caller work again.
   */
  async answer(
    key: string,
    token: () => Promise<string>,
    work: () => Promise<PortfolioAnswer>,
  ): Promise<KeptAnswer> {
    const stamp = this.stamp(key);
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
        (worked) => this.keep(key, { stamp, token: current, ...worked }),
        () => undefined,
      );
    }
    return (await flight).answer;
  }

  private stamp(key: string): string {
    return `${this.epoch}:${this.generations.get(key) ?? 0}`;
  }

  private bump(key: string): void {
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
    this.drop(key);
  }

  private keep(key: string, entry: Entry): void {
    // A notice heard while the answer was worked out: it may be older than the change.
    if (entry.stamp !== this.stamp(key)) return;
    this.drop(key);
    const expiresAt = Math.min(entry.expiresAt, this.now() + MAX_AGE_MS);
    this.entries.set(key, { ...entry, expiresAt });
    this.bytes += entry.answer.body.length;
    for (const [oldest, { answer }] of this.entries) {
      if (this.bytes <= MAX_BYTES) break;
      this.entries.delete(oldest);
      this.bytes -= answer.body.length;
    }
  }

  private drop(key: string): void {
    const kept = this.entries.get(key);
    if (!kept) return;
    this.entries.delete(key);
    this.bytes -= kept.answer.body.length;
  }
}
