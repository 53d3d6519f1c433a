// Session lookups cached (docs/decisions/0058-session-lookups-kept.md): every signed-in request needs
// the user of its session. The process keeps what the database answered for a few seconds, and
// forgets it the moment the database says the session or the user changed (migration 0031's
// notices, heard by every process), or when this process ends a session itself.
import type { SessionUser } from '@verity/shared-api/src/server';
import { isUuid } from '../uuid';

/** The channel migration 0031's triggers notify on: a user's id, or '*' for everyone. */
export const SESSIONS_CHANNEL = 'verity_sessions';

/** Sessions cached at most (the least recently used go first). */
export const SESSIONS_KEPT_MAX = 10_000;

interface CachedLookup {
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
  /** The longest a cached lookup is used, should a notice ever be missed (SESSION_KEPT_SECONDS); 0 caches none. */
  keptMs: number;
  max?: number;
  now?: () => number;
}

export class SessionCache {
  private readonly cached = new Map<string, CachedLookup>();
  private readonly watchers = new Set<SessionWatcher>();
  /** Moves on every forgetting: a lookup that started before one is not cached. */
  private generation = 0;
  /** Whether the notices are received: cached lookups are used only then. */
  #listening = false;
  private readonly keptMs: number;
  private readonly max: number;
  private readonly now: () => number;

  constructor(options: SessionCacheOptions) {
    this.keptMs = options.keptMs;
    this.max = options.max ?? SESSIONS_KEPT_MAX;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.cached.size;
  }

  get isListening(): boolean {
    return this.#listening;
  }

  /** Whether a lookup of this session is cached (it may be past its time). */
  keeps(sessionId: string): boolean {
    return this.cached.has(sessionId);
  }

  /** Tells the watcher of every ending and change this process receives, until the returned function is called. */
  watch(watcher: SessionWatcher): () => void {
    this.watchers.add(watcher);
    return () => {
      this.watchers.delete(watcher);
    };
  }

  /** The notices are received from now on (the listening connection is open). */
  listening(): void {
    this.forgetAll();
    this.#listening = true;
    // Listening again after a loss: what was sent meanwhile was missed.
    for (const watcher of this.watchers) watcher.anyChanged();
  }

  /** The notices may be missed (the listening connection was lost): nothing cached is used. */
  notListening(): void {
    this.#listening = false;
    this.forgetAll();
  }

  /**
   * The user of a live session: the cached answer when there is one, else `read()` (the database),
   * cached when it found a session and nothing was forgotten while it read.
   */
  async lookup(
    userId: string,
    sessionId: string,
    read: () => Promise<SessionUser | undefined>,
  ): Promise<SessionUser | undefined> {
    const kept = this.#listening ? this.cached.get(sessionId) : undefined;
    if (kept && kept.userId === userId && kept.until > this.now()) {
      // Most recently used last: the first entry is the one to drop when full.
      this.cached.delete(sessionId);
      this.cached.set(sessionId, kept);
      return kept.user;
    }
    const generation = this.generation;
    const user = await read();
    if (user && this.#listening && this.keptMs > 0 && generation === this.generation) {
      this.cached.delete(sessionId);
      this.cached.set(sessionId, {
        userId,
        user: Object.freeze(user),
        until: this.now() + this.keptMs,
      });
      if (this.cached.size > this.max) this.cached.delete(this.cached.keys().next().value!);
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
    for (const [sessionId, kept] of this.cached) {
      if (kept.userId === userId) this.cached.delete(sessionId);
    }
    for (const watcher of this.watchers) watcher.userChanged(userId);
  }

  forgetSessions(sessionIds: readonly string[]): void {
    this.generation++;
    for (const sessionId of sessionIds) this.cached.delete(sessionId);
    if (sessionIds.length > 0)
      for (const watcher of this.watchers) watcher.sessionsEnded(sessionIds);
  }

  forgetAll(): void {
    this.generation++;
    this.cached.clear();
  }
}
