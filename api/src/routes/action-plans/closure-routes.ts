import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CLOSURE_NOTE_MAX_LENGTH,
  CLOSURE_NOTE_TOO_LONG,
  TEXT_LIMITS,
  actionPlanSchemas,
  checkClosureReview,
  tooLongMessage,
} from '@verity/shared-api/src/server';
import { requestClosure, reviewClosure } from '../../action-plans/closure';
import { requireVisibleGap } from '../../auth/tenancy';
import { invalid, passed } from '../../errors';
import { gapOrNotFound, routeDefaults } from './common';

/** The closure loop: a company asks for a gap to be closed on its evidence; a reviewer decides. */
const closureRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db, config } = fastify;

  const answer = async (gapId: string) => ({
    success: true as const,
    data: { gap: await gapOrNotFound(db, gapId) },
  });

  fastify.post(
    '/gap/:id/closure-request',
    {
      config: { permission: 'requestClosure' },
      schema: {
        ...routeDefaults,
        summary: 'Send an open or overdue gap with its photo evidence for closure review',
        description:
          "Target-company owners, admins and editors. Needs a standing remark with a standing image added since the gap was opened or last returned (422 'Add a remark with photo evidence before requesting closure'); a gap that is not open or overdue is 409. The gap becomes 'pending' (not counted overdue while it waits).",
        ...actionPlanSchemas.requestClosure,
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
      const note = request.body.note?.trim();
      if (note && note.length > CLOSURE_NOTE_MAX_LENGTH) throw invalid(CLOSURE_NOTE_TOO_LONG);
      await db.transaction(async (tx) => {
        await requestClosure(tx, gap.id, user, note);
        await fastify.notifications.gapEvent(tx, {
          kind: 'closureRequested',
          gapId: gap.id,
          author: user,
          text: note || undefined,
        });
      });
      fastify.notifications.emailsQueued();
      return answer(gap.id);
    },
  );

  fastify.post(
    '/gap/:id/closure-review',
    {
      config: { permission: 'reviewClosure' },
      schema: {
        ...routeDefaults,
        summary: 'Accept or return the evidence of a gap waiting for closure review',
        description:
          "Auditor owners and admins of the gap's firm; client users who are not viewers. `accept` needs `method`: 'desk' (the gap becomes Prov Close) or 'site' (Closed; needs `visitDate`, not in the future, and `visitedBy`); an optional `comment`; evidence flagged as taken before the gap or the same file as on another gap needs each flag in `checkedFlags` (409 naming them otherwise). `return` needs a `reason` of at least 10 characters, kept as the reviewer's remark; the gap is open again. A gap not waiting for review is 409.",
        ...actionPlanSchemas.reviewClosure,
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
      const review = passed(checkClosureReview(request.body));
      if (review.decision === 'return' && review.reason.length > TEXT_LIMITS.remark) {
        throw invalid(tooLongMessage('A reason', TEXT_LIMITS.remark));
      }
      await db.transaction(async (tx) => {
        await reviewClosure(tx, gap.id, user, review, config.remarkWithdrawalWindowSeconds);
        await fastify.notifications.gapEvent(
          tx,
          review.decision === 'accept'
            ? { kind: 'closureAccepted', gapId: gap.id, author: user, method: review.method }
            : { kind: 'closureReturned', gapId: gap.id, author: user, text: review.reason },
        );
      });
      fastify.notifications.emailsQueued();
      return answer(gap.id);
    },
  );
};

export default closureRoutes;
