import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { serviceSchemas } from '@verity/shared-api/src/server';
import { RETRY_AFTER_SECONDS } from '../service-unavailable';
import { AttachmentStorageFullError } from '../storage/attachment-storage';

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
        summary:
          'The database answers and attachment storage can write, read and delete, with room for an upload',
        ...serviceSchemas.readiness,
      },
    },
    async (request, reply) => {
      const notReady = (name: string, error: unknown) =>
        request.log.warn({ err: error }, `${name} not ready`);
      const [database, attachments] = await Promise.all([
        fastify.db.query('SELECT 1').then(
          () => 'ok' as const,
          (error: unknown) => {
            notReady('database', error);
            return 'unavailable' as const;
          },
        ),
        fastify.attachments.check().then(
          () => 'ok' as const,
          (error: unknown) => {
            notReady('attachment storage', error);
            // Full says what to do (make room), not only that something is wrong.
            return error instanceof AttachmentStorageFullError
              ? ('full' as const)
              : ('unavailable' as const);
          },
        ),
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
