import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LIVE_CHANGE_EVENT, LIVE_RESYNC_EVENT, liveSchemas } from '@verity/shared-api/src/server';

/**
 * How long one stream stays open. It then ends, and the browser's EventSource opens it again on its
 * own (after RECONNECT_MS), with the cookies it has by then: each new stream checks the session and
 * the memberships afresh, as every request does, and one ended elsewhere stops being told anything.
 */
export const STREAM_LIFETIME_MS = 5 * 60_000;
/** What the stream asks the browser to wait before it connects again. */
export const RECONNECT_MS = 2_000;

/** `GET /events`: what changed in the plans the caller may see, as server-sent events (docs/api.md "Live updates"). */
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
          `that show it. '${LIVE_RESYNC_EVENT}' says changes may have been missed. The stream ends ` +
          `after ${STREAM_LIFETIME_MS / 60_000} minutes and the browser opens it again.`,
        ...liveSchemas.events,
      },
    },
    async (request, reply) => {
      const { sse } = reply;
      sse.keepAlive();
      // No proxy may compress (so hold back) or store the stream: the dev server compresses otherwise.
      reply.header('cache-control', 'no-cache, no-transform');
      const send = (message: { event: string; data: unknown }) => {
        if (sse.isConnected) sse.send(message).catch(() => undefined);
      };
      const unsubscribe = fastify.changeFeed.subscribe(request.user, {
        change: (change) => send({ event: LIVE_CHANGE_EVENT, data: change }),
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
    },
  );
};

export default liveRoutes;
