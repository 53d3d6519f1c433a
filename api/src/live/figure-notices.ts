// The figure notices every API process receives of the writes to a company's figures (migration
// 0035's triggers), and the fences that let a process serve answers cached on those notices without
// asking the database first (docs/decisions/0064-dashboards-kept-on-the-databases-word.md; the
// serving rule itself is `mayServeCached` in api/src/answer-cache.ts).
//
// A cached answer is invalidated when the notice of a write to its company is received. Between a
// write's commit and its notice reaching a process there is a moment (milliseconds); a reader who
// knows of the write must not fall into it. So after each write a signed-in user makes, the process
// that answered it sends a fence on the same channel, after the write's commit, and
//   - until it receives its own fence, it serves nothing cached (its next request may be the writer's);
//   - the writer's browser carries the fence in a cookie: a process that has not received that fence
//     serves that browser nothing cached. Receiving a fence means having received every notice
//     committed before it, since one connection receives a channel's notices in commit order.
// Readers who do not know of a write see it as soon as their process receives its notice.
import { randomUUID } from 'node:crypto';
import { isUuid } from '../uuid';

/** The channel migration 0035's triggers and the fences notify on. */
export const FIGURES_CHANNEL = 'verity_figures';
/** The cookie that carries a browser's latest fence. */
export const FENCE_COOKIE = 'verity_fence';
/** A fence's cookie lives this long: past it, every process has long received it. */
export const FENCE_COOKIE_SECONDS = 30;
/** A fence of this process not received by then is taken as lost: every cached answer is invalidated. */
export const FENCE_LOST_MS = 10_000;
/** Fences received are remembered this long (longer than their cookie lives). */
const FENCE_HEARD_MS = 2 * FENCE_COOKIE_SECONDS * 1000;

export interface FigureWatcher {
  /** A write to the figures of this company (of this client) was committed. */
  company(targetCompanyId: string, clientId: string): void;
  /** Notices may have been missed: no cached answer can be trusted. */
  missed(): void;
}

export class FigureNotices {
  #listening = false;
  private readonly watchers = new Set<FigureWatcher>();
  /** Fences received, with when (ms), oldest first. */
  private readonly received = new Map<string, number>();
  /** Fences this process sent and has not received yet, with when they were sent (ms), oldest first. */
  private readonly pending = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  get isListening(): boolean {
    return this.#listening;
  }

  /** Listening from now on (the listening connection is open): what came before may be missed. */
  listening(): void {
    this.#listening = true;
    this.invalidateAll();
  }

  /** Not listening: notices may be missed (the listening connection was lost). */
  notListening(): void {
    this.#listening = false;
    this.invalidateAll();
  }

  watch(watcher: FigureWatcher): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  /** A notice from the channel; anything but a company's and its client's ids or a fence is ignored. */
  notice(payload: string): void {
    const id = payload.slice(2);
    if (payload.startsWith('c:')) {
      const [company, client, ...rest] = id.split(':');
      if (rest.length > 0 || !isUuid(company) || !isUuid(client)) return;
      for (const watcher of this.watchers) watcher.company(company, client);
    } else if (payload.startsWith('f:') && isUuid(id)) {
      this.pending.delete(id);
      const now = this.now();
      this.received.set(id, now);
      for (const [fence, at] of this.received) {
        if (at > now - FENCE_HEARD_MS) break;
        this.received.delete(fence);
      }
    }
  }

  /** A fence for a write this process has just answered; `sent` or `lost` tells what became of it. */
  fence(): string {
    const id = randomUUID();
    this.pending.set(id, this.now());
    return id;
  }

  /** The fence could not be sent: it will never be received. */
  lost(fence: string): void {
    if (this.pending.delete(fence)) this.invalidateAll();
  }

  /**
   * Whether answers cached on the notices may be served without asking the database, to a request
   * carrying the fence `fence` (its cookie) or none: while listening, no fence of this process is
   * waiting, and the request's fence has been received.
   */
  trusted(fence?: string): boolean {
    if (!this.#listening) return false;
    for (const [id, sentAt] of this.pending) {
      if (sentAt > this.now() - FENCE_LOST_MS) return false;
      // Never received: as if notices were missed.
      this.lost(id);
    }
    return fence === undefined || this.received.has(fence);
  }

  private invalidateAll(): void {
    for (const watcher of this.watchers) watcher.missed();
  }
}
