import fastifyCookie from '@fastify/cookie';
import fp from 'fastify-plugin';

/** Cookies, signed with SESSION_SECRET (the first of its comma-separated values signs, all verify). */
export default fp(
  async (fastify) => {
    await fastify.register(fastifyCookie, { secret: fastify.config.sessionSecrets });
  },
  { name: 'cookie', dependencies: ['config'] },
);
