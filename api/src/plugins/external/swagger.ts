import fastifySwagger from '@fastify/swagger';
import fp from 'fastify-plugin';

/** Collects every route's schemas into the OpenAPI document served at /api/v1/openapi.json. */
export default fp(
  async (fastify) => {
    await fastify.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Verity API',
          version: '1.0.0',
          description: 'ESG audit and action-plan tracking',
        },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'verity_access' },
          },
        },
      },
    });
  },
  { name: 'swagger' },
);
