import fp from 'fastify-plugin';

/** More than any request may carry (ten 5 MB images and their form): such a body is never read. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * An answer sent before the request's body was read to its end (an upload refused early) reads and
 * discards the rest: left unread, it would wait on the kept-alive connection and the next request
 * sent on it (through the shell's proxy, another user's) would hang behind it. Closing instead
 * races the client still sending, which then loses the answer. A body larger than any request may
 * carry is not read: its connection is closed.
 */
export default fp(
  async (fastify) => {
    fastify.addHook('onSend', async (request, reply) => {
      const raw = request.raw;
      if (raw.complete) return;
      const declared = Number(raw.headers['content-length']);
      if (declared > DRAIN_LIMIT_BYTES) {
        reply.header('Connection', 'close');
        return;
      }
      // Fastify closes the connection after a body it could not parse (past the body limit): the
      // client, still sending, would lose the answer. Drained, the connection is kept.
      reply.removeHeader('connection');
      let drained = 0;
      raw.unpipe();
      raw.on('data', (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > DRAIN_LIMIT_BYTES) raw.socket.destroy();
      });
      raw.resume();
    });
  },
  { name: 'unread-bodies' },
);
