import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authSchemas, nameOnOneLine, type LookedUpUser } from '@verity/shared-api/src/server';
import { ApiError } from '../errors';
import { errorCodes, messages } from '../messages';
import { checkRoutePermission } from '../auth/route-permission';

/** Identity's answers the caller may see, with our code and the message to use if identity gave none. */
const PASSED_THROUGH: Record<number, { code: string; fallback: string }> = {
  400: { code: errorCodes.validationFailed, fallback: messages.accountsUnavailable },
  404: { code: errorCodes.emailNotFound, fallback: messages.emailNotFound },
  429: { code: errorCodes.rateLimited, fallback: messages.tooManyRequests },
};

function messageOf(body: unknown, fallback: string): string {
  const message = (body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : fallback;
}

/**
 * The accounts lookup (docs/api.md "Calls"), for those who add people only, answering the minimum
 * (the account's sub and picture are never passed on); the browser never calls identity itself.
 */
const accountsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/accounts/user',
    {
      config: { permission: 'lookUpAccounts' },
      // The permission before the limit, which counts only those who may look up.
      onRequest: [
        checkRoutePermission,
        fastify.rateLimit({
          max: 60,
          timeWindow: '1 minute',
          keyGenerator: (request) => `accounts:${request.user._id}`,
        }),
      ],
      schema: {
        tags: ['accounts'],
        summary: 'Look up an identity account by email (for users who add people)',
        ...authSchemas.lookUpAccount,
      },
    },
    async (request, reply) => {
      let answer;
      try {
        answer = await fastify.identity.lookupUser(request.query.email, request.user._id);
      } catch (error) {
        request.log.error({ err: error }, 'accounts service unreachable');
        throw new ApiError(502, errorCodes.accountsUnavailable, messages.accountsUnavailable);
      }
      const body = answer.body as { success?: unknown; user?: unknown } | undefined;
      if (answer.status === 200 && body?.success === true && body.user) {
        const user = body.user as Partial<LookedUpUser>;
        return {
          success: true as const,
          user: {
            // On one line: the company wizard fills the owner's full name from it.
            name: typeof user.name === 'string' ? nameOnOneLine(user.name) : null,
            email: typeof user.email === 'string' ? user.email : request.query.email,
            sub: '',
            picture: null,
            email_verified: user.email_verified === true,
          },
        };
      }
      const passed = PASSED_THROUGH[answer.status];
      if (passed) {
        return reply
          .code(answer.status as 400 | 404 | 429)
          .send({ success: false, message: messageOf(body, passed.fallback), code: passed.code });
      }
      // 401 or 5xx from identity is our fault, not the caller's: a 401 here would sign the browser out.
      request.log.error({ status: answer.status }, 'accounts service refused the lookup');
      throw new ApiError(502, errorCodes.accountsUnavailable, messages.accountsUnavailable);
    },
  );
};

export default accountsRoutes;
