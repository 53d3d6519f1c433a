import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DATE_STYLE_TEXT, authSchemas, isDateStyle } from '@verity/shared-api/src/server';
import { findMembership } from '../../auth/memberships';
import { invalid } from '../../errors';

const meRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/auth/me',
    {
      config: { permission: 'readSession' },
      schema: { tags: ['auth'], summary: 'The signed-in user', ...authSchemas.me },
    },
    async (request) => ({ success: true as const, data: { user: request.user } }),
  );

  fastify.put(
    '/auth/me/settings',
    {
      config: { permission: 'changeOwnSettings' },
      schema: {
        tags: ['auth'],
        summary: "Changes the signed-in user's own settings",
        description:
          'dateStyle: how every date is written for this user (docs/decisions/0090-one-date-style-per-user.md); another value is 400. The answer is the user as GET /auth/me now gives it.',
        ...authSchemas.updateMySettings,
      },
    },
    async (request) => {
      const { dateStyle } = request.body;
      if (!isDateStyle(dateStyle)) throw invalid(DATE_STYLE_TEXT.unknown);
      await fastify.db.query('UPDATE users SET date_style = $2 WHERE id = $1', [
        request.user._id,
        dateStyle,
      ]);
      // This process's kept lookup goes at once; the others hear migration 0031's notice.
      fastify.sessions.forgetUser(request.user._id);
      const user = await findMembership(fastify.db, request.user._id);
      return { success: true as const, data: { user: user ?? request.user } };
    },
  );
};

export default meRoutes;
