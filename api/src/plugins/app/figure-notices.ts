import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  FENCE_COOKIE,
  FENCE_COOKIE_SECONDS,
  FIGURES_CHANNEL,
  FigureNotices,
} from '../../live/figure-notices';

declare module 'fastify' {
  interface FastifyInstance {
    /** The figure notices this process receives, and its fences (live/figure-notices.ts). */
    figureNotices: FigureNotices;
    /** onSend hook of the signed-in routes: a write answered sends a fence, its cookie to the writer. */
    fenceWrites(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Listens to the figure notices from start to close
 * (docs/decisions/0064-dashboards-kept-on-the-databases-word.md). A listening connection that
 * PostgreSQL loses is opened again by the database layer; until then nothing cached on the notices
 * is served (`mayServeCached`, api/src/answer-cache.ts).
 */
export default fp(
  async (fastify) => {
    const notices = new FigureNotices();
    fastify.decorate('figureNotices', notices);
    const stop = await fastify.db.listen(FIGURES_CHANNEL, {
      onNotification: (payload) => notices.notice(payload),
      onLost: () => notices.notListening(),
      onMissed: () => notices.listening(),
    });
    notices.listening();
    fastify.addHook('onClose', async () => {
      notices.notListening();
      await stop();
    });

    fastify.decorate('fenceWrites', async (request: FastifyRequest, reply: FastifyReply) => {
      // A refused request changed nothing (4xx); one that failed on the server may have.
      if (READS.has(request.method) || !request.user) return;
      if (reply.statusCode >= 400 && reply.statusCode < 500) return;
      const fence = notices.fence();
      // Sent after the write's commit, not awaited: until it is received, nothing cached on the
      // notices is served to this process's readers or to the writer's browser, whichever process
      // it asks next.
      fastify.db
        .query('SELECT pg_notify($1, $2)', [FIGURES_CHANNEL, `f:${fence}`])
        .catch((error) => {
          request.log.warn({ err: error }, 'fence not sent; cached answers invalidated');
          notices.lost(fence);
        });
      reply.setCookie(FENCE_COOKIE, fence, {
        httpOnly: true,
        sameSite: 'lax',
        secure: fastify.config.secureCookies,
        path: '/api/v1',
        maxAge: FENCE_COOKIE_SECONDS,
      });
    });
  },
  { name: 'figure-notices', dependencies: ['config', 'cookie', 'database'] },
);
