// What every API process hears of the writes to a company's figures (migration 0035), and the fences
// that let a process serve answers it kept without asking the database first
// (docs/decisions/0064-dashboards-kept-on-the-databases-word.md).
//
// A kept answer is forgotten when the notice of a write to its company is heard. Between a write's
// commit and its notice reaching a process there is a moment (milliseconds); a reader who knows of
// the write must not fall into it. So after each write a signed-in user makes, the process that
// answered it sends a fence on the same channel, after the write's commit, and
//   - until it hears its own fence, it serves nothing kept (its next request may be the writer's);
//   - the writer's browser carries the fence in a cookie: a process that has not heard that fence
//     serves that browser nothing kept. Hearing a fence means having heard every notice committed
//     before it, since one connection hears a channel's notices in the order they were committed.
// Readers who do not know of a write see it as soon as their process hears its notice.
import { randomUUID } from 'node:crypto';
import { isUuid } from '../uuid';

/** The channel migration 0035's triggers and the fences notify on. */
export const FIGURES_CHANNEL = 'verity_figures';
/** The cookie that carries a browser's latest fence. */
export const FENCE_COOKIE = 'verity_fence';
/** A fence's cookie lives this long: past it, every process has long heard it. */
export const FENCE_COOKIE_SECONDS = 30;
/** A fence of this process not heard by then is taken as lost: everything kept is forgotten. */
export const FENCE_LOST_MS = 10_000;
/** Fences heard are remembered this long (longer than their cookie lives). */
const FENCE_HEARD_MS = 2 * FENCE_COOKIE_SECONDS * 1000;

export interface FigureWatcher {
  /** A write to the figures of this company (of this client) was committed. */
  company(targetCompanyId: string, clientId: string): void;
  /** Notices may have been missed: nothing kept can be trusted. */
  missed(): void;
}

export class FigureNotices {
  #hearing = false;
  private readonly watchers = new Set<FigureWatcher>();
  /** Fences heard, with when (ms), oldest first. */
  private readonly heard = new Map<string, number>();
  /** Fences this process sent and has not heard yet, with when they were sent (ms), oldest first. */
  private readonly pending = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  get hearing(): boolean {
    return this.#hearing;
  }

  /** The notices are heard from now on (the listening connection is open): what came before may be missed. */
  hear(): void {
    this.#hearing = true;
    this.forgetAll();
  }

  /** The notices may go unheard (the listening connection was lost). */
  deaf(): void {
    this.#hearing = false;
    this.forgetAll();
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
      this.heard.set(id, now);
      for (const [fence, at] of this.heard) {
        if (at > now - FENCE_HEARD_MS) break;
        this.heard.delete(fence);
      }
    }
  }

  /** A fence for a write this process has just answered; `sent` or `lost` tells what became of it. */
  fence(): string {
    const id = randomUUID();
    this.pending.set(id, this.now());
    return id;
  }

  /** The fence could not be sent: it will never be heard. */
  lost(fence: string): void {
    if (this.pending.delete(fence)) this.forgetAll();
  }

  /**
   * Whether answers kept may be served without asking the database, to a request carrying the
   * fence `fence` (its cookie) or none: while the notices are heard, no fence of this process is
   * waiting, and the request's fence has been heard.
   */
  trusted(fence?: string): boolean {
    if (!this.#hearing) return false;
    for (const [id, sentAt] of this.pending) {
      if (sentAt > this.now() - FENCE_LOST_MS) return false;
      // Never heard: as if notices were missed.
      this.lost(id);
    }
    return fence === undefined || this.heard.has(fence);
  }

  private forgetAll(): void {
    for (const watcher of this.watchers) watcher.missed();
  }
}
