import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { serviceSchemas } from '@verity/shared-api/src/server';

const openapiRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/openapi.json',
    {
      schema: { hide: true, ...serviceSchemas.openapi },
    },
    async () => fastify.swagger() as unknown as Record<string, unknown>,
  );
};

export default openapiRoutes;
