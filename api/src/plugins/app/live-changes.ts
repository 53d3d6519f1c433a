import fp from 'fastify-plugin';
import type { SessionUser } from '@verity/shared-api/src/server';
import { findLiveSessions } from '../../auth/memberships';
import { NOTICES_CHANNEL } from '../../live/bell-notices';
import { CHANGES_CHANNEL, ChangeFeed } from '../../live/change-feed';

declare module 'fastify' {
  interface FastifyInstance {
    /** The changes this process hears from the database, for the streams of `GET /events`. */
    changeFeed: ChangeFeed;
    /**
     * Checks afresh the sessions open streams were opened with: the streams of a session (or a
     * membership) that ended close, the others hear as their membership is now.
     */
    checkStreamSessions(sessionIds: readonly string[]): Promise<void>;
  }
}

/**
 * Listens to the database's change notifications from start to close
 * (docs/decisions/0054-live-updates.md), and to the bell's (docs/decisions/0107-the-bell-live.md). A listening connection that PostgreSQL loses is opened
 * again by the database layer, which then says changes may have been missed; every stream passes
 * that on. The streams also hear what the session lookups hear
 * (docs/decisions/0058-session-lookups-kept.md): a stream outlives the request that checked its
 * session, so it ends when the session or the membership does.
 */
export default fp(
  async (fastify) => {
    const feed = new ChangeFeed();
    fastify.decorate('changeFeed', feed);

    async function checkStreamSessions(sessionIds: readonly string[]): Promise<void> {
      if (sessionIds.length === 0) return;
      let live: Map<string, SessionUser>;
      try {
        live = await findLiveSessions(fastify.db, sessionIds);
      } catch (error) {
        // Unsure is ended: the browser opens its stream again, and that request is checked.
        fastify.log.warn({ err: error }, 'open streams could not be checked; they are ended');
        feed.endSessions(sessionIds);
        return;
      }
      feed.endSessions(sessionIds.filter((id) => !live.has(id)));
      for (const [sessionId, user] of live) feed.follow(sessionId, user);
    }
    fastify.decorate('checkStreamSessions', checkStreamSessions);

    const unwatch = fastify.sessions.watch({
      // Ended here (a sign-out, a replayed refresh token): nothing to ask.
      sessionsEnded: (sessionIds) => feed.endSessions(sessionIds),
      userChanged: (userId) => void checkStreamSessions(feed.sessions(userId)),
      anyChanged: () => void checkStreamSessions(feed.sessions()),
    });

    const stop = await fastify.db.listen(CHANGES_CHANNEL, {
      onNotification: (payload) => feed.publish(payload),
      onMissed: () => {
        fastify.log.warn('change notifications may have been missed; streams told to read again');
        feed.missed();
      },
    });
    // The bell's new rows, to their user's own streams (docs/decisions/0107-the-bell-live.md).
    const stopNotices = await fastify.db.listen(NOTICES_CHANNEL, {
      onNotification: (payload) => feed.publishNotice(payload),
      onMissed: () => {
        fastify.log.warn('bell notices may have been missed; streams told to read again');
        feed.resyncStreams();
      },
    });
    // Open streams never end by themselves: end them first, so closing does not wait for them.
    fastify.addHook('preClose', async () => {
      unwatch();
      feed.closeAll();
    });
    fastify.addHook('onClose', async () => {
      await Promise.all([stop(), stopNotices()]);
    });
  },
  { name: 'live-changes', dependencies: ['database', 'authentication'] },
);
