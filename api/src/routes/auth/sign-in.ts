import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  authSchemas,
  nameOnOneLine,
  ssoSchemas,
  USER_TYPE_AREA_PATHS,
  type SsoTestOutcome,
  type UserType,
} from '@verity/shared-api/src/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import {
  membershipsForSignIn,
  mustSignInThroughSso,
  type SignedInAccount,
} from '../../auth/memberships';
import { startSession } from '../../auth/refresh-tokens';
import { clearInvitation, readInvitation, setChoice } from '../../auth/sign-in-state';
import {
  clearSignInCookie,
  decodeSignInTransaction,
  setSessionCookies,
  SIGN_IN_COOKIE,
  type SignInTransaction,
} from '../../auth/session-cookies';
import {
  loginWithError,
  segmentOf,
  sendToProvider,
  startSignIn,
  USER_TYPE_SEGMENTS,
} from '../../auth/sign-in-start';
import { acceptInvitation } from '../../invitations/invitations';
import { signInErrors } from '../../messages';
import {
  connectionById,
  connectionForEmail,
  memberThroughSso,
  recordTest,
} from '../../sso/connections';

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

  fastify.get(
    '/auth/sso',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Start signing in through the organisation's own identity provider, found by the address's domain (redirects)",
        description:
          'An address whose domain no organisation requires single sign-on for goes back to the login screen with error=sso_unknown.',
        ...ssoSchemas.signIn,
      },
    },
    async (request, reply) => {
      const { email } = request.query;
      const connection = await connectionForEmail(fastify.db, email.trim());
      if (!connection) return reply.redirect(loginWithError(signInErrors.ssoUnknown));
      let configuration: oidc.Configuration;
      try {
        // A browser sent to a provider that is down lands on its "can't connect" page: say so here.
        if (!(await fastify.ssoProviders.reachable(connection.issuer)))
          throw new Error(`${connection.issuer} cannot be reached`);
        configuration = await fastify.ssoProviders.configuration(connection);
      } catch (error) {
        request.log.warn({ err: error }, "an organisation's identity provider is unavailable");
        return reply.redirect(
          loginWithError(signInErrors.identityUnavailable, connection.user_type),
        );
      }
      await sendToProvider(
        reply,
        config,
        configuration,
        {
          userType: connection.user_type,
          sso: { connectionId: connection.id, settingsOf: connection.updated_at.toISOString() },
        },
        { login_hint: email.trim() },
      );
      return reply;
    },
  );

  // These helpers send the answer and give back nothing: a reply is a thenable, so an async
  // function that returns it resolves only once the answer has gone out, and with undefined. The
  // callback took that undefined for "not answered", went on and answered a second time
  // (FST_ERR_REP_ALREADY_SENT, logged with status 500).

  /** Starts a session of that membership and sends the browser into the product. */
  async function signInAs(
    reply: FastifyReply,
    membershipId: string,
    throughSso = false,
  ): Promise<void> {
    const session = await startSession(
      fastify.db,
      membershipId,
      config.refreshTokenTtlSeconds,
      throughSso,
    );
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
        if (await mustSignInThroughSso(fastify.db, { membershipId: acceptance.membershipId }))
          void reply.redirect(loginWithError(signInErrors.ssoRequired, userType));
        else await signInAs(reply, acceptance.membershipId);
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

  /** The code exchanged at the provider, and the account its ID token (or user info) names. */
  async function accountFrom(
    configuration: oidc.Configuration,
    request: FastifyRequest,
    transaction: SignInTransaction,
  ): Promise<SignedInAccount> {
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
    const account: SignedInAccount = {
      sub: claims.sub,
      email: claims.email as string | undefined,
      emailVerified: claims.email_verified === true,
      name: claims.name as string | undefined,
    };
    if (account.email) return account;
    const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
    return {
      sub: claims.sub,
      email: info.email,
      emailVerified: info.email_verified === true,
      name: info.name ?? account.name,
    };
  }

  /**
   * The way back from an organisation's own provider: an owner's test sign-in goes back to the
   * settings page with what it found; a member's sign-in starts the session of the member the
   * provider vouched for. The provider is trusted for addresses at the domain its organisation
   * proved with its owner's own address (docs/decisions/0098-single-sign-on.md).
   */
  async function ssoCallback(
    request: FastifyRequest,
    reply: FastifyReply,
    transaction: SignInTransaction,
    sso: NonNullable<SignInTransaction['sso']>,
  ): Promise<void> {
    const settingsPage = (outcome: SsoTestOutcome) =>
      `${USER_TYPE_AREA_PATHS[transaction.userType]}/notification-settings?sso=${outcome}`;
    const connection = await connectionById(fastify.db, sso.connectionId);
    const current = connection?.updated_at.toISOString() === sso.settingsOf;
    let account: SignedInAccount | undefined;
    if (connection && current) {
      try {
        account = await accountFrom(
          await fastify.ssoProviders.configuration(connection),
          request,
          transaction,
        );
      } catch (error) {
        request.log.warn({ err: error }, "sign-in through an organisation's provider failed");
      }
    }
    if (sso.testBy) {
      const outcome = account?.email
        ? await recordTest(fastify.db, {
            connectionId: sso.connectionId,
            settingsOf: sso.settingsOf,
            ownerId: sso.testBy,
            email: account.email,
          })
        : 'failed';
      void reply.redirect(settingsPage(outcome));
      return;
    }
    const memberId =
      connection?.required && account
        ? await memberThroughSso(fastify.db, connection, {
            subject: account.sub,
            email: account.email,
            name: account.name && nameOnOneLine(account.name),
          })
        : undefined;
    if (memberId) await signInAs(reply, memberId, true);
    else
      void reply.redirect(
        loginWithError(
          account ? signInErrors.noMembership : signInErrors.signInFailed,
          transaction.userType,
        ),
      );
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

      if (transaction.sso) {
        await ssoCallback(request, reply, transaction, transaction.sso);
        return reply;
      }

      let account: SignedInAccount;
      try {
        account = await accountFrom(await fastify.identity.oidc(), request, transaction);
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
        if (await mustSignInThroughSso(fastify.db, { userType, ...account }))
          return reply.redirect(loginWithError(signInErrors.ssoRequired, userType));
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
