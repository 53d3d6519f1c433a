import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { serviceSchemas } from '@verity/shared-api/src/server';
import { RETRY_AFTER_SECONDS } from '../service-unavailable';

const healthRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/healthz',
    {
      // Liveness answers even while the server sheds load: failing it would get a busy server restarted.
      config: { shedLoad: false },
      schema: {
        tags: ['health'],
        summary: 'The process is up',
        ...serviceSchemas.liveness,
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  fastify.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'The database answers and attachment storage can write, read and delete',
        ...serviceSchemas.readiness,
      },
    },
    async (request, reply) => {
      const probe = (name: string, check: () => Promise<unknown>) =>
        check().then(
          () => 'ok' as const,
          (error: unknown) => {
            request.log.warn({ err: error }, `${name} not ready`);
            return 'unavailable' as const;
          },
        );
      const [database, attachments] = await Promise.all([
        probe('database', () => fastify.db.query('SELECT 1')),
        probe('attachment storage', () => fastify.attachments.check()),
      ]);
      const checks = { database, attachments };
      if (database === 'ok' && attachments === 'ok') return { status: 'ok' as const, checks };
      return reply
        .code(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable' as const, checks });
    },
  );
};

export default healthRoutes;
