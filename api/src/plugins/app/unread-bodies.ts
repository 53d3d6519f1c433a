import fp from 'fastify-plugin';

/**
 * An answer sent before the request's body was read to its end (an upload refused early) closes its
 * connection: the unread bytes would otherwise wait on the connection, and the next request sent on
 * it (through the shell's proxy, another user's) would hang behind them.
 */
export default fp(
  async (fastify) => {
    fastify.addHook('onSend', async (request, reply) => {
      if (!request.raw.complete) reply.header('Connection', 'close');
    });
  },
  { name: 'unread-bodies' },
);
