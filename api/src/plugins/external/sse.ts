import fastifySse from '@fastify/sse';
import fp from 'fastify-plugin';

/**
 * A comment line on every open stream this often: under the server's 30 s socket time-out, the shell
 * proxy's 120 s and nginx's 60 s read time-outs, so none of them takes a quiet stream for a dead one.
 */
export const HEARTBEAT_MS = 20_000;

/** Server-sent events (`@fastify/sse`) for the routes that declare `sse` (GET /events). */
export default fp(
  async (fastify) => {
    await fastify.register(fastifySse, { heartbeatInterval: HEARTBEAT_MS });
  },
  { name: 'sse' },
);
