import fastifyHelmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers on every answer (helmet): the API sends JSON, CSV and images, never a page, so its
 * Content-Security-Policy allows nothing and no framing; HSTS only when the product is served over
 * https. JSON answers are never stored by a cache (they carry tenants' data); images and the CSV
 * export set their own Cache-Control.
 */
export default fp(
  async (fastify) => {
    await fastify.register(fastifyHelmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      },
      strictTransportSecurity: fastify.config.secureCookies
        ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true }
        : false,
      referrerPolicy: { policy: 'no-referrer' },
      xFrameOptions: { action: 'deny' },
    });
    fastify.addHook('onSend', async (_request, reply, payload) => {
      const type = String(reply.getHeader('content-type') ?? '');
      if (type.startsWith('application/json') && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'helmet', dependencies: ['config'] },
);
