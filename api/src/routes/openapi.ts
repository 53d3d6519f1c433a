import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

const openapiRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/openapi.json',
    {
      schema: {
        hide: true,
        response: { 200: Type.Object({}, { additionalProperties: true }) },
      },
    },
    async () => fastify.swagger() as unknown as Record<string, unknown>,
  );
};

export default openapiRoutes;
