import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authSchemas } from '@verity/shared-api/src/server';
import { loginWithError, startSignIn } from '../../auth/sign-in-start';
import { setInvitation } from '../../auth/sign-in-state';
import { openInvitation } from '../../invitations/invitations';
import { signInErrors } from '../../messages';

/** The link of an invitation e-mail: keeps the invitation for the callback and starts sign-in. */
const invitationRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/auth/invitations/:token',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Accept an invitation: sign in (or sign up) with its e-mail address to join the organisation',
        ...authSchemas.invitation,
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      // Opening the link changes nothing (mail scanners open links too): the callback spends it.
      const invitation = await openInvitation(fastify.db, token);
      if (!invitation) return reply.redirect(loginWithError(signInErrors.invitationInvalid));
      setInvitation(reply, fastify.config, token);
      await startSignIn(fastify, request, reply, invitation.userType);
      return reply;
    },
  );
};

export default invitationRoutes;
