import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers on every answer (helmet): the API sends JSON, CSV and images, never a page, so its
 * Content-Security-Policy allows nothing and no framing; HSTS only when the product is served over
 * https. JSON answers are never stored by a cache (they carry tenants' data); images and the CSV
 * export set their own Cache-Control. helmet's middleware is built once, here: @fastify/helmet built
 * it again on every request
 * (docs/decisions/0060-security-headers-built-once-checked-cookies-kept.md).
 */
export default fp(
  async (fastify) => {
    const setSecurityHeaders = helmet({
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
    fastify.addHook('onRequest', (request, reply, done) => {
      setSecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
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
