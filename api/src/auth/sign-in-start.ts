// The first step of every sign-in (a sign-in button, an invitation link): check the provider is up,
// keep PKCE, state and nonce in a signed cookie, and send the browser to the provider.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { signInErrors } from '../messages';
import type { UserType } from '@verity/shared-api/src/server';
import type { ApiConfig } from '../config';
import { setSignInCookie, type SignInTransaction } from './session-cookies';

/** The path segment of each user type in /auth/{segment}/verity and in /login?userType=. */
export const USER_TYPE_SEGMENTS: Record<string, UserType> = {
  client: 'client',
  auditor: 'auditor',
  'target-company': 'targetCompany',
};

export const segmentOf = (userType: UserType) =>
  Object.keys(USER_TYPE_SEGMENTS).find((key) => USER_TYPE_SEGMENTS[key] === userType)!;

/** Where the browser goes back to after a failed sign-in: the login screen says why. */
export const loginWithError = (error: string, userType?: UserType) =>
  `/login?error=${error}${userType ? `&userType=${segmentOf(userType)}` : ''}`;

/**
 * Sends the browser to the provider (or back to the login screen when it is down). It answers and
 * gives back nothing: the route then returns `reply` (an async function that returned the reply, a
 * thenable, would resolve only once the answer had gone out).
 */
export async function startSignIn(
  fastify: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userType: UserType,
): Promise<void> {
  const { config } = fastify;
  // A browser sent to a provider that is down lands on its "can't connect" page: say so here instead.
  if (!(await fastify.identity.reachable())) {
    request.log.warn('identity provider unreachable, sign-in not started');
    void reply.redirect(loginWithError(signInErrors.identityUnavailable));
    return;
  }
  let configuration: oidc.Configuration;
  try {
    configuration = await fastify.identity.oidc();
  } catch (error) {
    request.log.error({ err: error }, 'identity provider unavailable');
    void reply.redirect(loginWithError(signInErrors.identityUnavailable));
    return;
  }
  await sendToProvider(reply, config, configuration, { userType }, { prompt: 'login' });
}

/**
 * Sends the browser to a provider's authorization endpoint (PKCE, state and nonce kept in the signed
 * sign-in cookie, with what the callback must know of this sign-in).
 */
export async function sendToProvider(
  reply: FastifyReply,
  config: ApiConfig,
  configuration: oidc.Configuration,
  transaction: Omit<SignInTransaction, 'state' | 'nonce' | 'codeVerifier'>,
  parameters: Record<string, string>,
): Promise<void> {
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
    ...parameters,
  });
  setSignInCookie(reply, config, { ...transaction, state, nonce, codeVerifier });
  void reply.redirect(authorizeUrl.href);
}
