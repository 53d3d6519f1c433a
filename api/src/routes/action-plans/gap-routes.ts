import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  MISSING_STATUS,
  actionPlanSchemas,
  checkChangeReason,
  checkGap,
  type AuditForm,
  type SessionUser,
} from '@verity/shared-api/src/server';
import { lockGap, reasonPassed } from '../../action-plans/change-history';
import { guardClosureLoop } from '../../action-plans/closure';
import { findGap } from '../../action-plans/gap-sql';
import { gapAsInput, insertGap, setGapStatus, updateGap } from '../../action-plans/gap-writes';
import { requireVisibleActionPlan, requireVisibleGap } from '../../auth/tenancy';
import { invalid, notFound, passed } from '../../errors';
import { routeDefaults } from './common';

const gapRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;

  /** The gap as `reader` sees it (an image names an earlier gap with the same file only if they may see it). */
  async function gapOrNotFound(gapId: string, reader?: SessionUser) {
    const gap = await findGap(db, gapId, reader);
    if (!gap) throw notFound();
    return gap;
  }

  fastify.post(
    '/action-plan/:actionPlanId/gaps',
    {
      config: { permission: 'addGap' },
      schema: {
        ...routeDefaults,
        summary: 'Add a gap to an action plan (auditor owner or admin)',
        ...actionPlanSchemas.addGap,
      },
    },
    async (request, reply) => {
      const { user } = request;
      const plan = await requireVisibleActionPlan(db, user, request.params.actionPlanId);
      if (plan.audit_id !== request.query.auditId) throw notFound();
      const gap = passed(
        checkGap(request.body, {
          formType: plan.form_type as AuditForm,
          planTimeline: plan.timeline,
        }),
      );
      const id = await db.transaction((tx) =>
        insertGap(
          tx,
          { actionPlanId: plan.id, targetCompanyId: plan.target_company_id, actor: user },
          gap,
        ),
      );
      return reply
        .code(201)
        .send({ success: true as const, data: { gap: await gapOrNotFound(id, user) } });
    },
  );

  fastify.put(
    '/gap/:gapId',
    {
      config: { permission: 'editGap' },
      schema: {
        ...routeDefaults,
        summary: 'Edit a gap: the fields given replace the stored ones (auditor owner or admin)',
        description:
          'With `version` (the one the user saw) a gap changed since is refused with 409 and left as it was. Moving the due date later needs a `reason` of 10 characters or more (422 without). Each changed field is kept in the gap’s `changeHistory`.',
        ...actionPlanSchemas.editGap,
      },
    },
    async (request) => {
      const { user } = request;
      const visible = await requireVisibleGap(db, user, request.params.gapId);
      if (visible.audit_id !== request.query.auditId) throw notFound();
      const { reason, version, ...changes } = request.body;
      await db.transaction(async (tx) => {
        // Locked first, so the edit is merged into the very gap it replaces (a stale version: 409).
        const locked = await lockGap(tx, visible.id, version);
        const stored = await findGap(tx, visible.id);
        if (!stored) throw notFound();
        const gap = passed(
          checkGap(
            { ...gapAsInput(stored), ...changes },
            {
              formType: visible.form_type as AuditForm,
              planTimeline: visible.timeline,
              // A kept due date may have passed since it was set; only a new one must lie ahead.
              checkDueDateInFuture:
                changes.dueDate !== undefined &&
                (changes.dueDate === null ||
                  !stored.dueDate ||
                  new Date(changes.dueDate).getTime() !== new Date(stored.dueDate).getTime()),
            },
          ),
        );
        const why = reasonPassed(
          checkChangeReason({
            subject: 'dueDate',
            before: stored.dueDate,
            after: gap.dueDate as Date | undefined,
            reason,
          }),
        );
        await updateGap(tx, { locked, stored }, gap, user, why);
      });
      return { success: true as const, data: { gap: await gapOrNotFound(visible.id, user) } };
    },
  );

  fastify.patch(
    '/gap/:id/status',
    {
      config: { permission: 'changeGapStatus' },
      schema: {
        ...routeDefaults,
        summary:
          'Set a gap’s status and append it to the status history (client or auditor, not viewer)',
        ...actionPlanSchemas.changeGapStatus,
      },
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const { user } = request;
      const visible = await requireVisibleGap(
        db,
        user,
        request.params.id,
        request.query.targetCompanyId,
      );
      const { status } = request.body;
      if (!status) throw invalid(MISSING_STATUS);
      await db.transaction(async (tx) => {
        // The closure loop's states are the loop's: see ../../action-plans/closure.ts.
        await guardClosureLoop(tx, visible.id, status);
        await setGapStatus(tx, visible.id, status, user, { version: request.body.version });
      });
      return { success: true as const, data: { gap: await gapOrNotFound(visible.id, user) } };
    },
  );
};

export default gapRoutes;
