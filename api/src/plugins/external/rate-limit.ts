import fastifyRateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { errorCodes, messages } from '../../messages';

/** Limits are per route (`fastify.rateLimit(...)` as an onRequest hook after authentication), none globally. */
export default fp(
  async (fastify) => {
    await fastify.register(fastifyRateLimit, {
      global: false,
      errorResponseBuilder: () => ({
        statusCode: 429,
        success: false,
        message: messages.tooManyRequests,
        code: errorCodes.rateLimited,
      }),
    });
  },
  { name: 'rate-limit' },
);
