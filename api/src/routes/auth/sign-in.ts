import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import * as oidc from 'openid-client';
import { claimMembership } from '../../auth/memberships';
import { startSession } from '../../auth/refresh-tokens';
import {
  clearSignInCookie,
  decodeSignInTransaction,
  setSessionCookies,
  setSignInCookie,
  SIGN_IN_COOKIE,
} from '../../auth/session-cookies';
import { signInErrors } from '../../messages';
import type { UserType } from '../../schemas/session-user';

/** The path segment of each user type in /auth/{segment}/verity and in /login?userType=. */
const USER_TYPE_SEGMENTS: Record<string, UserType> = {
  client: 'client',
  auditor: 'auditor',
  'target-company': 'targetCompany',
};
const segmentOf = (userType: UserType) =>
  Object.keys(USER_TYPE_SEGMENTS).find((key) => USER_TYPE_SEGMENTS[key] === userType)!;

const redirectResponse = { 302: Type.Null({ description: 'Redirect (Location header)' }) };

const signInRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { config } = fastify;
  const failed = `/login?error=${signInErrors.signInFailed}`;

  for (const [segment, userType] of Object.entries(USER_TYPE_SEGMENTS)) {
    fastify.get(
      `/auth/${segment}/verity`,
      {
        schema: {
          tags: ['auth'],
          summary: `Start signing in as ${userType} (redirects to the identity provider)`,
          response: redirectResponse,
        },
      },
      async (request, reply) => {
        let configuration: oidc.Configuration;
        try {
          configuration = await fastify.identity.oidc();
        } catch (error) {
          request.log.error({ err: error }, 'identity provider unavailable');
          return reply.redirect(failed);
        }
        const codeVerifier = oidc.randomPKCECodeVerifier();
        const state = oidc.randomState();
        const nonce = oidc.randomNonce();
        const authorizeUrl = oidc.buildAuthorizationUrl(configuration, {
          redirect_uri: config.redirectUri,
          scope: 'openid email profile',
          code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
          state,
          nonce,
          prompt: 'login',
        });
        setSignInCookie(reply, config, { userType, state, nonce, codeVerifier });
        return reply.redirect(authorizeUrl.href);
      },
    );
  }

  fastify.get(
    '/auth/callback',
    {
      schema: {
        tags: ['auth'],
        summary: 'Where the identity provider sends the browser back after sign-in',
        querystring: Type.Object({
          code: Type.Optional(Type.String()),
          state: Type.Optional(Type.String()),
          iss: Type.Optional(Type.String()),
          error: Type.Optional(Type.String()),
          error_description: Type.Optional(Type.String()),
        }),
        response: redirectResponse,
      },
    },
    async (request, reply) => {
      clearSignInCookie(reply, config);
      const stored = request.cookies[SIGN_IN_COOKIE];
      const unsigned = stored ? request.unsignCookie(stored) : undefined;
      const transaction =
        unsigned?.valid && unsigned.value ? decodeSignInTransaction(unsigned.value) : undefined;
      if (!transaction) {
        request.log.warn('sign-in callback without a valid sign-in cookie');
        return reply.redirect(failed);
      }

      let account: { sub: string; email?: string; name?: string };
      try {
        const configuration = await fastify.identity.oidc();
        // Built from the registered redirect URI: the Host header behind the proxy is not ours to trust.
        const currentUrl = new URL(config.redirectUri);
        currentUrl.search = new URL(request.url, 'http://callback').search;
        const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
          pkceCodeVerifier: transaction.codeVerifier,
          expectedState: transaction.state,
          expectedNonce: transaction.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims()!;
        account = {
          sub: claims.sub,
          email: claims.email as string | undefined,
          name: claims.name as string | undefined,
        };
        if (!account.email) {
          const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
          account = { sub: claims.sub, email: info.email, name: info.name ?? account.name };
        }
      } catch (error) {
        request.log.warn({ err: error }, 'sign-in with the identity provider failed');
        return reply.redirect(failed);
      }

      const user = await claimMembership(fastify.db, transaction.userType, {
        sub: account.sub,
        email: account.email,
        name: account.name,
      });
      if (!user) {
        return reply.redirect(
          `/login?error=${signInErrors.noMembership}&userType=${segmentOf(transaction.userType)}`,
        );
      }
      const session = await startSession(fastify.db, user._id, config.refreshTokenTtlSeconds);
      setSessionCookies(reply, config, { userId: user._id, ...session });
      return reply.redirect('/');
    },
  );
};

export default signInRoutes;
