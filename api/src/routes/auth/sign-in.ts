import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authSchemas, type UserType } from '@verity/shared-api/src/server';
import type { FastifyReply } from 'fastify';
import * as oidc from 'openid-client';
import { membershipsForSignIn, type SignedInAccount } from '../../auth/memberships';
import { startSession } from '../../auth/refresh-tokens';
import { clearInvitation, readInvitation, setChoice } from '../../auth/sign-in-state';
import {
  clearSignInCookie,
  decodeSignInTransaction,
  setSessionCookies,
  SIGN_IN_COOKIE,
} from '../../auth/session-cookies';
import {
  loginWithError,
  segmentOf,
  startSignIn,
  USER_TYPE_SEGMENTS,
} from '../../auth/sign-in-start';
import { acceptInvitation } from '../../invitations/invitations';
import { signInErrors } from '../../messages';

const signInRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { config } = fastify;
  const failed = loginWithError(signInErrors.signInFailed);

  for (const [segment, userType] of Object.entries(USER_TYPE_SEGMENTS)) {
    fastify.get(
      `/auth/${segment}/verity`,
      {
        schema: {
          tags: ['auth'],
          summary: `Start signing in as ${userType} (redirects to the identity provider)`,
          ...authSchemas.signIn,
        },
      },
      async (request, reply) => {
        await startSignIn(fastify, request, reply, userType);
        return reply;
      },
    );
  }

  // These helpers send the answer and give back nothing: a reply is a thenable, so an async
  // function that returns it resolves only once the answer has gone out, and with undefined. The
  // callback took that undefined for "not answered", went on and answered a second time
  // (FST_ERR_REP_ALREADY_SENT, logged with status 500).

  /** Starts a session of that membership and sends the browser into the product. */
  async function signInAs(reply: FastifyReply, membershipId: string): Promise<void> {
    const session = await startSession(fastify.db, membershipId, config.refreshTokenTtlSeconds);
    setSessionCookies(reply, config, { userId: membershipId, ...session });
    void reply.redirect('/');
  }

  /**
   * An invitation link followed before this sign-in decides the membership, when it is for this
   * user type: whether it answered the callback (false: one for another user type, kept for later).
   */
  async function answeredByInvitation(
    reply: FastifyReply,
    token: string,
    userType: UserType,
    account: SignedInAccount,
  ): Promise<boolean> {
    const acceptance = await acceptInvitation(fastify.db, token, userType, account);
    if (acceptance.outcome === 'other-user-type') return false;
    clearInvitation(reply, config);
    switch (acceptance.outcome) {
      case 'accepted':
        await signInAs(reply, acceptance.membershipId);
        break;
      case 'mismatch':
        void reply.redirect(loginWithError(signInErrors.invitationEmailMismatch));
        break;
      case 'invalid':
        void reply.redirect(loginWithError(signInErrors.invitationInvalid));
        break;
    }
    return true;
  }

  fastify.get(
    '/auth/callback',
    {
      schema: {
        tags: ['auth'],
        summary: 'Where the identity provider sends the browser back after sign-in',
        ...authSchemas.callback,
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
      const { userType } = transaction;

      let account: SignedInAccount;
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
          emailVerified: claims.email_verified === true,
          name: claims.name as string | undefined,
        };
        if (!account.email) {
          const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
          account = {
            sub: claims.sub,
            email: info.email,
            emailVerified: info.email_verified === true,
            name: info.name ?? account.name,
          };
        }
      } catch (error) {
        request.log.warn({ err: error }, 'sign-in with the identity provider failed');
        const down = !(await fastify.identity.reachable());
        return reply.redirect(down ? loginWithError(signInErrors.identityUnavailable) : failed);
      }

      const invitation = readInvitation(request);
      if (invitation && (await answeredByInvitation(reply, invitation, userType, account))) {
        return reply;
      }

      const choices = await membershipsForSignIn(fastify.db, userType, account);
      if (choices.length === 0) {
        // Unverified, an account may hold memberships only through their invitation links.
        const error = account.emailVerified
          ? signInErrors.noMembership
          : signInErrors.emailUnverified;
        return reply.redirect(loginWithError(error, userType));
      }
      if (choices.length === 1) {
        await signInAs(reply, choices[0]!.membershipId);
        return reply;
      }
      setChoice(reply, config, {
        userType,
        sub: account.sub,
        membershipIds: choices.map((candidate) => candidate.membershipId),
      });
      return reply.redirect(`/login?choose=organisation&userType=${segmentOf(userType)}`);
    },
  );
};

export default signInRoutes;
