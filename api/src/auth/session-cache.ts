// Session lookups kept (docs/decisions/0058-session-lookups-kept.md): every signed-in request needs
// the user of its session. The process keeps what the database answered for a few seconds, and
// forgets it the moment the database says the session or the user changed (migration 0031's
// notices, heard by every process), or when this process ends a session itself.
import type { SessionUser } from '@verity/shared-api/src/server';
import { isUuid } from '../uuid';

/** The channel migration 0031's triggers notify on: a user's id, or '*' for everyone. */
export const SESSIONS_CHANNEL = 'verity_sessions';

/** Sessions kept at most (the least recently used go first). */
export const SESSIONS_KEPT_MAX = 10_000;

interface Kept {
  userId: string;
  user: SessionUser;
  until: number;
}

/**
 * What else on this process must hear that sessions ended or a user changed: the open live-update
 * streams, which outlive the request that checked their session.
 */
export interface SessionWatcher {
  /** These sessions ended (this process ended them). */
  sessionsEnded(sessionIds: readonly string[]): void;
  /** The user's sessions or membership may have changed (a notice, or this process changed them). */
  userChanged(userId: string): void;
  /** Notices may have gone unheard: any session or user may have changed. */
  anyChanged(): void;
}

export interface SessionCacheOptions {
  /** The longest a kept lookup is used, should a notice ever go unheard (SESSION_KEPT_SECONDS); 0 keeps none. */
  keptMs: number;
  max?: number;
  now?: () => number;
}

export class SessionCache {
  private readonly kept = new Map<string, Kept>();
  private readonly watchers = new Set<SessionWatcher>();
  /** Moves on every forgetting: a lookup that started before one is not kept. */
  private generation = 0;
  /** Whether the notices are heard: kept lookups are used only then. */
  #hearing = false;
  private readonly keptMs: number;
  private readonly max: number;
  private readonly now: () => number;

  constructor(options: SessionCacheOptions) {
    this.keptMs = options.keptMs;
    this.max = options.max ?? SESSIONS_KEPT_MAX;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.kept.size;
  }

  get hearing(): boolean {
    return this.#hearing;
  }

  /** Whether a lookup of this session is kept (it may be past its time). */
  keeps(sessionId: string): boolean {
    return this.kept.has(sessionId);
  }

  /** Tells the watcher of every ending and change this process hears of, until the returned function is called. */
  watch(watcher: SessionWatcher): () => void {
    this.watchers.add(watcher);
    return () => {
      this.watchers.delete(watcher);
    };
  }

  /** The notices are heard from now on (the listening connection is open). */
  hear(): void {
    this.forgetAll();
    this.#hearing = true;
    // Listening again after a loss: what was sent meanwhile went unheard.
    for (const watcher of this.watchers) watcher.anyChanged();
  }

  /** The notices may go unheard (the listening connection was lost): nothing kept is used. */
  deaf(): void {
    this.#hearing = false;
    this.forgetAll();
  }

  /**
   * The user of a live session: the kept answer when there is one, else `read()` (the database),
   * kept when it found a session and nothing was forgotten while it read.
   */
  async lookup(
    userId: string,
    sessionId: string,
    read: () => Promise<SessionUser | undefined>,
  ): Promise<SessionUser | undefined> {
    const kept = this.#hearing ? this.kept.get(sessionId) : undefined;
    if (kept && kept.userId === userId && kept.until > this.now()) {
      // Most recently used last: the first entry is the one to drop when full.
      this.kept.delete(sessionId);
      this.kept.set(sessionId, kept);
      return kept.user;
    }
    const generation = this.generation;
    const user = await read();
    if (user && this.#hearing && this.keptMs > 0 && generation === this.generation) {
      this.kept.delete(sessionId);
      this.kept.set(sessionId, {
        userId,
        user: Object.freeze(user),
        until: this.now() + this.keptMs,
      });
      if (this.kept.size > this.max) this.kept.delete(this.kept.keys().next().value!);
    }
    return user;
  }

  /**
   * A notice of migration 0031: a user's id, or '*' (an organisation's new name, which ends nothing).
   * Anything else forgets everything too.
   */
  notice(payload: string): void {
    if (isUuid(payload)) this.forgetUser(payload);
    else this.forgetAll();
  }

  forgetUser(userId: string): void {
    this.generation++;
    for (const [sessionId, kept] of this.kept) {
      if (kept.userId === userId) this.kept.delete(sessionId);
    }
    for (const watcher of this.watchers) watcher.userChanged(userId);
  }

  forgetSessions(sessionIds: readonly string[]): void {
    this.generation++;
    for (const sessionId of sessionIds) this.kept.delete(sessionId);
    if (sessionIds.length > 0)
      for (const watcher of this.watchers) watcher.sessionsEnded(sessionIds);
  }

  forgetAll(): void {
    this.generation++;
    this.kept.clear();
  }
}
