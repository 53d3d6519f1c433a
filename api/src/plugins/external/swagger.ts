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
          description:
            "ESG audit and action-plan tracking. A person's browser calls it with the session cookie; another system with an API token its organisation's owner made: `Authorization: Bearer vrt_...` (docs/api.md \"API tokens\"). Each route says the permission it needs; a token holds its role's permissions.",
        },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'verity_access' },
            apiToken: {
              type: 'http',
              scheme: 'bearer',
              description:
                'An API token (vrt_ and 43 characters), made by an owner under Settings, API tokens',
            },
          },
        },
      },
    });
  },
  { name: 'swagger' },
);
