import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DATE_STYLE_TEXT,
  LANGUAGE_TEXT,
  authSchemas,
  isDateStyle,
  isLanguage,
} from '@verity/shared-api/src/server';
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
          "dateStyle: how every date is written for this user (docs/decisions/0090-one-date-style-per-user.md); language: the language Verity speaks to this user on screen and in e-mails, one of 'en', 'fr', 'es', 'pt', 'tr', 'ar' (docs/decisions/0109-languages.md). Either or both; another value, or neither, is 400 and changes nothing. The answer is the user as GET /auth/me now gives it.",
        ...authSchemas.updateMySettings,
      },
    },
    async (request) => {
      const { dateStyle, language } = request.body;
      if (dateStyle === undefined && language === undefined)
        throw invalid(LANGUAGE_TEXT.nothingToChange);
      if (dateStyle !== undefined && !isDateStyle(dateStyle))
        throw invalid(DATE_STYLE_TEXT.unknown);
      if (language !== undefined && !isLanguage(language)) throw invalid(LANGUAGE_TEXT.unknown);
      await fastify.db.query(
        `UPDATE users SET date_style = COALESCE($2, date_style), language = COALESCE($3, language)
         WHERE id = $1`,
        [request.user._id, dateStyle ?? null, language ?? null],
      );
      // This process's kept lookup goes at once; the others hear migration 0031's notice.
      fastify.sessions.forgetUser(request.user._id);
      const user = await findMembership(fastify.db, request.user._id);
      return { success: true as const, data: { user: user ?? request.user } };
    },
  );
};

export default meRoutes;
