// What every API process hears of the changes to gaps and plans (migration 0028): the database
// notifies on commit, each process listens (PostgreSQL: a connection of its own; PGlite: in
// process), and the feed hands each change to the streams of the users who may see its plan.
import type { LiveChange, SessionUser } from '@verity/shared-api/src/server';
import { isUuid } from '../uuid';
import { parseBellNotice } from './bell-notices';

/** The channel migration 0028's trigger notifies on. */
export const CHANGES_CHANNEL = 'verity_changes';

/** A change as the database announces it: ids and versions, and who may hear of it. */
export interface ChangeNotice {
  change: LiveChange;
  clientId: string;
  /** The plan's auditor firm while it is assigned to the company; an unassigned firm sees nothing. */
  auditorId: string | null;
}

const uuidOrNull = (value: unknown): value is string | null => value === null || isUuid(value);

/** The trigger's payload read strictly: anything else on the channel is ignored. */
export function parseNotice(payload: string): ChangeNotice | undefined {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { p, g, v, b, c, cl, au } = value;
  if (
    !isUuid(p) ||
    !uuidOrNull(g) ||
    !uuidOrNull(b) ||
    !isUuid(c) ||
    !isUuid(cl) ||
    !uuidOrNull(au)
  ) {
    return undefined;
  }
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) return undefined;
  return {
    change: { actionPlanId: p, gapId: g, version: v, changedBy: b, targetCompanyId: c },
    clientId: cl,
    auditorId: au,
  };
}

/**
 * Whether the user may hear of the change: the rule of the routes' tenancy (auth/tenancy.ts
 * `auditVisibleSql`) for the plan's audit: the client whose company it is, the company itself, the
 * auditor firm whose audit it is while the firm is assigned to the company.
 */
export function mayHear(user: SessionUser, notice: ChangeNotice): boolean {
  switch (user.userType) {
    case 'client':
      return notice.clientId === user.clientId;
    case 'auditor':
      return notice.auditorId !== null && notice.auditorId === user.auditorId;
    case 'targetCompany':
      return notice.change.targetCompanyId === user.targetCompanyId;
  }
}

export interface FeedSubscriber {
  change(change: LiveChange): void;
  /** The reader's bell has something new (docs/decisions/0107-the-bell-live.md). */
  notification(): void;
  /** Changes may have been missed: whatever the screen shows should be read again. */
  resync(): void;
  /**
   * End the stream: the process is closing (the browser opens one on another process), or its
   * session or membership ended (the browser's next one is refused).
   */
  close(): void;
}

/** What the process keeps from the database and must forget when it changes (not a user's stream). */
export interface FeedWatcher {
  notice(notice: ChangeNotice): void;
  missed(): void;
}

/** One open stream's reader: the session it was opened with and the membership it hears as. */
interface Follower {
  user: SessionUser;
  sessionId: string;
}

/** The streams open on this process, and what each user may hear. */
export class ChangeFeed {
  private readonly subscribers = new Map<FeedSubscriber, Follower>();
  private readonly watchers = new Set<FeedWatcher>();

  get size(): number {
    return this.subscribers.size;
  }

  subscribe(user: SessionUser, sessionId: string, subscriber: FeedSubscriber): () => void {
    this.subscribers.set(subscriber, { user, sessionId });
    return () => {
      this.subscribers.delete(subscriber);
    };
  }

  /** How many streams the user (a membership) has open here, whatever the session. */
  openBy(userId: string): number {
    let count = 0;
    for (const { user } of this.subscribers.values()) if (user._id === userId) count++;
    return count;
  }

  /** The sessions the open streams were opened with: the user's only, when named. */
  sessions(userId?: string): string[] {
    const ids = new Set<string>();
    for (const { user, sessionId } of this.subscribers.values())
      if (userId === undefined || user._id === userId) ids.add(sessionId);
    return [...ids];
  }

  /** Ends the streams of these sessions. */
  endSessions(sessionIds: readonly string[]): void {
    const ended = new Set(sessionIds);
    for (const [subscriber, { sessionId }] of [...this.subscribers]) {
      if (ended.has(sessionId)) {
        this.subscribers.delete(subscriber);
        subscriber.close();
      }
    }
  }

  /** The streams of a live session hear as its membership is now (its organisation may have changed). */
  follow(sessionId: string, user: SessionUser): void {
    for (const follower of this.subscribers.values())
      if (follower.sessionId === sessionId) follower.user = user;
  }

  /** Every notice, whoever may hear it, and every possible miss. */
  watch(watcher: FeedWatcher): () => void {
    this.watchers.add(watcher);
    return () => {
      this.watchers.delete(watcher);
    };
  }

  /** One notification from the database. */
  publish(payload: string): void {
    const notice = parseNotice(payload);
    if (!notice) return;
    for (const watcher of this.watchers) watcher.notice(notice);
    for (const [subscriber, { user }] of this.subscribers) {
      if (mayHear(user, notice)) subscriber.change(notice.change);
    }
  }

  missed(): void {
    for (const watcher of this.watchers) watcher.missed();
    this.resyncStreams();
  }

  /**
   * One notification from the database of the bell's new rows: told to the streams of the user
   * (the membership) they are for, and nobody else's, whatever the session; a stream follows its
   * membership as it is now (`follow`), as the bell's own route reads by it.
   */
  publishNotice(payload: string): void {
    const userId = parseBellNotice(payload);
    if (!userId) return;
    for (const [subscriber, { user }] of this.subscribers)
      if (user._id === userId) subscriber.notification();
  }

  /** Notices may have been missed: every stream reads again what it shows, its bell too. */
  resyncStreams(): void {
    for (const subscriber of this.subscribers.keys()) subscriber.resync();
  }

  closeAll(): void {
    for (const subscriber of [...this.subscribers.keys()]) subscriber.close();
    this.subscribers.clear();
  }
}
