import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  API_TOKEN_LIMITS,
  API_TOKEN_MESSAGES,
  apiTokenSchemas,
  checkApiTokenName,
  isApiTokenExpiry,
  isApiTokenRole,
  API_TOKEN_PURPOSES,
  type ApiTokenPurpose,
} from '@verity/shared-api/src/server';
import { createApiToken, listApiTokens, revokeApiToken } from '../../auth/api-tokens';
import { invalid, passed } from '../../errors';

const routeDefaults = { tags: ['organisations'] };

/** An organisation's API tokens, managed by its owners (docs/api.md "API tokens"). */
const apiTokenRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;

  fastify.get(
    '/organisation/api-tokens',
    {
      config: { permission: 'manageApiTokens' },
      schema: {
        ...routeDefaults,
        summary: "The caller's organisation's API tokens, never their secrets (owner)",
        ...apiTokenSchemas.list,
      },
    },
    async (request) => ({
      success: true as const,
      data: { tokens: await listApiTokens(db, request.user) },
    }),
  );

  fastify.post(
    '/organisation/api-tokens',
    {
      config: { permission: 'manageApiTokens' },
      schema: {
        ...routeDefaults,
        summary:
          'Makes an API token for another system, acting with a role of the organisation (owner)',
        description: `The answer carries the secret, once; Verity keeps only its SHA-256. name: 1 to ${API_TOKEN_LIMITS.name} characters; role: admin, editor or viewer; purpose: api (default) or provisioning (the SCIM routes alone, acting as admin); expiresInDays: ${API_TOKEN_LIMITS.expiresInDaysMin} to ${API_TOKEN_LIMITS.expiresInDaysMax} (default ${API_TOKEN_LIMITS.expiresInDaysDefault}). At most ${API_TOKEN_LIMITS.live} live tokens an organisation (409).`,
        ...apiTokenSchemas.create,
      },
    },
    async (request, reply) => {
      const {
        role,
        purpose = 'api',
        expiresInDays = API_TOKEN_LIMITS.expiresInDaysDefault,
      } = request.body;
      const name = passed(checkApiTokenName(request.body.name));
      if (!(API_TOKEN_PURPOSES as readonly string[]).includes(purpose))
        throw invalid(API_TOKEN_MESSAGES.badPurpose);
      if (!isApiTokenRole(role)) throw invalid(API_TOKEN_MESSAGES.badRole);
      if (!isApiTokenExpiry(expiresInDays)) throw invalid(API_TOKEN_MESSAGES.badExpiry);
      const created = await createApiToken(db, request.user, {
        name,
        role,
        purpose: purpose as ApiTokenPurpose,
        expiresInDays,
      });
      return reply.code(201).send({ success: true as const, data: created });
    },
  );

  fastify.delete(
    '/organisation/api-tokens/:id',
    {
      config: { permission: 'manageApiTokens' },
      schema: {
        ...routeDefaults,
        summary: "Revokes one of the organisation's API tokens, at once (owner)",
        description: 'Its next request is refused (401). Revoking a revoked token is 409.',
        ...apiTokenSchemas.revoke,
      },
    },
    async (request) => ({
      success: true as const,
      data: { token: await revokeApiToken(db, request.user, request.params.id) },
    }),
  );
};

export default apiTokenRoutes;
