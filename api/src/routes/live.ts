import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  API_TOKEN_MESSAGES,
  LIVE_CHANGE_EVENT,
  LIVE_NOTICE_EVENT,
  LIVE_RESYNC_EVENT,
  liveSchemas,
} from '@verity/shared-api/src/server';
import { ApiError } from '../errors';
import { errorCodes, liveMessages } from '../messages';

/**
 * How long one stream stays open. It then ends, and the browser's EventSource opens it again on its
 * own (after RECONNECT_MS), with the cookies it has by then: each new stream checks the session and
 * the memberships afresh, as every request does, and one ended elsewhere stops being told anything.
 */
export const STREAM_LIFETIME_MS = 5 * 60_000;
/** What the stream asks the browser to wait before it connects again. */
export const RECONNECT_MS = 2_000;
/**
 * Streams one person (a membership) may have open on one API process, whatever the session: the
 * browser keeps one per window or tab (docs/decisions/0054-live-updates.md), and each costs the
 * process memory and a socket.
 */
export const STREAMS_PER_USER = 10;
/** What a refused stream is told to wait: about as long as the browser waits before it tries again. */
const REFUSED_RETRY_SECONDS = 30;

/**
 * `GET /events`: what changed in the plans the caller may see, and that their bell has something
 * new, as server-sent events (docs/api.md "Live updates").
 */
const liveRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/events',
    {
      sse: { kind: 'only' },
      config: { permission: 'followChanges' },
      // Past the stream's own end, so that it always ends itself first.
      handlerTimeout: STREAM_LIFETIME_MS + 60_000,
      schema: {
        tags: ['live'],
        summary: 'What changed in the plans the caller may see, as server-sent events',
        description:
          `Each '${LIVE_CHANGE_EVENT}' event names a plan and, when one, its gap, with the version ` +
          'written, the author and the company: ids only, what changed is read through the routes ' +
          `that show it. '${LIVE_NOTICE_EVENT}' says the caller's bell has something new. ` +
          `'${LIVE_RESYNC_EVENT}' says changes may have been missed. The stream ends ` +
          `after ${STREAM_LIFETIME_MS / 60_000} minutes and the browser opens it again; it ends at ` +
          'once when its session or membership ends. At most ' +
          `${STREAMS_PER_USER} streams per person are open at once (429 past them).`,
        ...liveSchemas.events,
      },
    },
    async (request, reply) => {
      // The stream follows a person's session; a system subscribes to nothing here.
      if (request.apiToken) throw new ApiError(403, 'FORBIDDEN', API_TOKEN_MESSAGES.sessionOnly);
      const feed = fastify.changeFeed;
      if (feed.openBy(request.user._id) >= STREAMS_PER_USER) {
        throw new ApiError(
          429,
          errorCodes.tooManyStreams,
          liveMessages.tooManyStreams(STREAMS_PER_USER),
          { 'Retry-After': String(REFUSED_RETRY_SECONDS) },
        );
      }
      const { sse } = reply;
      sse.keepAlive();
      // No proxy may compress (so hold back) or store the stream: the dev server compresses otherwise.
      reply.header('cache-control', 'no-cache, no-transform');
      const send = (message: { event: string; data: unknown }) => {
        if (sse.isConnected) sse.send(message).catch(() => undefined);
      };
      // Counted and subscribed in one step (nothing awaited between), so parallel opens keep the cap.
      const unsubscribe = feed.subscribe(request.user, request.sessionId, {
        change: (change) => send({ event: LIVE_CHANGE_EVENT, data: change }),
        notification: () => send({ event: LIVE_NOTICE_EVENT, data: {} }),
        resync: () => send({ event: LIVE_RESYNC_EVENT, data: {} }),
        close: () => sse.close(),
      });
      const lifetime = setTimeout(() => sse.close(), STREAM_LIFETIME_MS);
      lifetime.unref();
      sse.onClose(() => {
        clearTimeout(lifetime);
        unsubscribe();
      });
      // Commits the headers (the browser's 'open') and sets the reconnection delay.
      await sse.send({ retry: RECONNECT_MS, data: undefined });
      // A session that ended between this request's check and the subscription was told to nobody.
      await fastify.checkStreamSessions([request.sessionId]);
    },
  );
};

export default liveRoutes;
