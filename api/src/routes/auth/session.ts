import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authSchemas } from '@verity/shared-api/src/server';
import { decodeAccessToken } from '../../auth/access-token';
import { endSession, rotateRefreshToken } from '../../auth/refresh-tokens';
import {
  ACCESS_COOKIE,
  clearSessionCookies,
  REFRESH_COOKIE,
  setSessionCookies,
} from '../../auth/session-cookies';
import { notSignedIn, sessionReused } from '../../errors';

// The client sends these POSTs without a body; anything sent is stripped by the empty schema.
async function bodyMayBeAbsent(request: FastifyRequest) {
  request.body ??= {};
}

/** Refresh and sign-out: they run on the cookies alone, signed in or not. */
const sessionRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { config } = fastify;

  fastify.post(
    '/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Trade the refresh cookie for new session cookies (the same cookie again within 30 s gets the same ones)',
        ...authSchemas.refresh,
      },
      preValidation: bodyMayBeAbsent,
    },
    async (request, reply) => {
      const token = request.cookies[REFRESH_COOKIE];
      if (!token) throw notSignedIn();
      const result = await rotateRefreshToken(fastify.db, token, {
        ttlSeconds: config.refreshTokenTtlSeconds,
        secrets: config.sessionSecrets,
      });
      if (result.outcome !== 'rotated') {
        // This process uses nothing it kept of the ended session, whether the notice came yet or not.
        if (result.outcome === 'reused') fastify.sessions.forgetSessions([result.sessionId]);
        clearSessionCookies(reply, config);
        throw result.outcome === 'reused' ? sessionReused() : notSignedIn();
      }
      setSessionCookies(reply, config, {
        userId: result.userId,
        sessionId: result.sessionId,
        refreshToken: result.token,
      });
      return { success: true as const };
    },
  );

  fastify.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign out: end the session (at once, for every copy of its cookies) and clear them',
        ...authSchemas.logout,
      },
      preValidation: bodyMayBeAbsent,
    },
    async (request, reply) => {
      const access = request.cookies[ACCESS_COOKIE];
      const unsigned = access ? request.unsignCookie(access) : undefined;
      // An expired access cookie still names its session, which ends with the rest.
      const sessionId =
        unsigned?.valid && unsigned.value ? decodeAccessToken(unsigned.value)?.sid : undefined;
      const ended = await endSession(fastify.db, {
        sessionId,
        refreshToken: request.cookies[REFRESH_COOKIE],
      });
      fastify.sessions.forgetSessions(ended);
      clearSessionCookies(reply, config);
      return { success: true as const };
    },
  );
};

export default sessionRoutes;
