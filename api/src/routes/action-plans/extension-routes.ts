import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actionPlanSchemas, checkExtensionAnswer } from '@verity/shared-api/src/server';
import { answerExtension, requestExtension } from '../../action-plans/extensions';
import { requireVisibleGap } from '../../auth/tenancy';
import { passed } from '../../errors';
import type { Party } from '../../notifications/recipients';
import { gapOrNotFound, routeDefaults } from './common';

/**
 * Due-date extensions (docs/decisions/0086-due-date-extensions.md): a company asks for a later due
 * date with a reason; the client (or the auditor firm, as the client's setting says) answers.
 */
const extensionRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;

  const answer = async (gapId: string) => ({
    success: true as const,
    data: { gap: await gapOrNotFound(db, gapId) },
  });

  fastify.post(
    '/gap/:id/extension-request',
    {
      config: { permission: 'requestExtension' },
      schema: {
        ...routeDefaults,
        summary: 'Ask for a later due date on an open or overdue gap, with a reason',
        description:
          "Target-company owners, admins and editors. `dueDate` after now ('Due date must be in the future'), after the present due date and not after the plan's timeline; `reason` 1 to 2,000 characters. One request waits per gap (409 while one does; 409 on a gap not open). Whoever answers (the client, or the auditor firm as the client's setting says) is notified.",
        ...actionPlanSchemas.requestExtension,
      },
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const { user } = request;
      const gap = await requireVisibleGap(
        db,
        user,
        request.params.id,
        request.query.targetCompanyId,
      );
      await db.transaction(async (tx) => {
        const made = await requestExtension(tx, gap.id, user, request.body);
        const approver: Party = made.approver;
        await fastify.notifications.gapEvent(tx, {
          kind: 'extensionRequested',
          gapId: gap.id,
          author: user,
          text: made.reason,
          dueDate: made.day,
          parties: [approver],
        });
      });
      fastify.notifications.emailsQueued();
      return answer(gap.id);
    },
  );

  fastify.post(
    '/gap/:id/extension-answer',
    {
      config: { permission: 'answerExtension' },
      schema: {
        ...routeDefaults,
        summary: 'Approve or decline the waiting request for a later due date',
        description:
          "Client users who are not viewers, or auditor owners and admins of the gap's firm: only those the client's setting names (409 for the other). `decision`: approve (the due date moves, in the change history with the request's reason) or decline; an optional `comment` up to 2,000 characters. Nothing waiting is 409. The company is notified.",
        ...actionPlanSchemas.answerExtension,
      },
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const { user } = request;
      const gap = await requireVisibleGap(
        db,
        user,
        request.params.id,
        request.query.targetCompanyId,
      );
      const decided = passed(checkExtensionAnswer(request.body));
      await db.transaction(async (tx) => {
        await answerExtension(tx, gap.id, user, decided);
        await fastify.notifications.gapEvent(tx, {
          kind: 'extensionAnswered',
          gapId: gap.id,
          author: user,
          text: decided.comment ?? undefined,
          decision: decided.decision,
          parties: ['company'],
        });
      });
      fastify.notifications.emailsQueued();
      return answer(gap.id);
    },
  );
};

export default extensionRoutes;
