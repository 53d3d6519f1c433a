import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authSchemas } from '@verity/shared-api/src/server';
import { choicesOf } from '../../auth/memberships';
import { startSession } from '../../auth/refresh-tokens';
import { setSessionCookies } from '../../auth/session-cookies';
import { clearChoice, readChoice } from '../../auth/sign-in-state';
import { notFound, notSignedIn } from '../../errors';

/**
 * After a sign-in by a person with memberships in several organisations of one user type: the
 * organisations to choose from, and the choice, which starts the session. Both run on the signed
 * choice cookie the callback set, never on an id alone.
 */
const chooseRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { config } = fastify;

  fastify.get(
    '/auth/choose',
    {
      schema: {
        tags: ['auth'],
        summary: 'The organisations a person who just signed in may choose from',
        ...authSchemas.organisationChoices,
      },
    },
    async (request) => {
      const choice = readChoice(request);
      if (!choice) throw notSignedIn();
      const organisations = await choicesOf(
        fastify.db,
        choice.userType,
        choice.sub,
        choice.membershipIds,
      );
      return { success: true as const, data: { organisations } };
    },
  );

  fastify.post(
    '/auth/choose',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in to the chosen organisation',
        ...authSchemas.chooseOrganisation,
      },
    },
    async (request, reply) => {
      const choice = readChoice(request);
      if (!choice) throw notSignedIn();
      const { membershipId } = request.body;
      if (!choice.membershipIds.includes(membershipId)) throw notFound();
      // Still the account's: a membership removed or rebound since the sign-in is no choice.
      const [chosen] = await choicesOf(fastify.db, choice.userType, choice.sub, [membershipId]);
      if (!chosen) throw notFound();
      const session = await startSession(fastify.db, membershipId, config.refreshTokenTtlSeconds);
      setSessionCookies(reply, config, { userId: membershipId, ...session });
      clearChoice(reply, config);
      return { success: true as const };
    },
  );
};

export default chooseRoutes;
