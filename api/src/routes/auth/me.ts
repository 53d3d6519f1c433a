import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authSchemas } from '@verity/shared-api/src/server';

const meRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/auth/me',
    {
      config: { permission: 'readSession' },
      schema: { tags: ['auth'], summary: 'The signed-in user', ...authSchemas.me },
    },
    async (request) => ({ success: true as const, data: { user: request.user } }),
  );
};

export default meRoutes;
