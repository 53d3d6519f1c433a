import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BULK_GAPS_MAX,
  MISSING_STATUS,
  actionPlanSchemas,
  checkGap,
  type AuditForm,
} from '@verity/shared-api/src/server';
import { guardClosureLoop } from '../../action-plans/closure';
import { applyBulkChange, bulkChangeOf } from '../../action-plans/bulk-changes';
import { findMyActions } from '../../action-plans/my-actions';
import { editGap, insertGap, setGapStatus } from '../../action-plans/gap-writes';
import { requireVisibleActionPlan, requireVisibleGap } from '../../auth/tenancy';
import { forbidden, invalid, notFound, passed } from '../../errors';
import { gapOrNotFound, routeDefaults } from './common';

const gapRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;

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
        .send({ success: true as const, data: { gap: await gapOrNotFound(db, id, user) } });
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
      await db.transaction((tx) => editGap(tx, visible, { changes, reason, version }, user));
      return { success: true as const, data: { gap: await gapOrNotFound(db, visible.id, user) } };
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
      return { success: true as const, data: { gap: await gapOrNotFound(db, visible.id, user) } };
    },
  );

  fastify.post(
    '/action-plan/:actionPlanId/gaps/bulk',
    {
      config: { permission: 'changeGapStatus' },
      schema: {
        ...routeDefaults,
        summary:
          'One change to many gaps of a plan: a status (client or auditor, not viewer), or a due date or responsibility (auditor owner or admin)',
        description: `Each gap is named with the version the user saw, at most ${BULK_GAPS_MAX}. Each is changed as its single edit changes it (status history, change history); one gap refused (stale: 409; the closure loop: 409; a later due date without a reason: 422; a broken gap rule: 400) refuses them all, with a message naming the gap.`,
        ...actionPlanSchemas.bulkChangeGaps,
      },
    },
    async (request) => {
      const { user } = request;
      const change = bulkChangeOf(user, request.body);
      const plan = await requireVisibleActionPlan(
        db,
        user,
        request.params.actionPlanId,
        request.query.targetCompanyId,
      );
      const gaps = await db.transaction((tx) =>
        applyBulkChange(tx, plan, request.body.gaps, change, user),
      );
      return { success: true as const, data: { gaps } };
    },
  );

  fastify.get(
    '/target-company/my-actions',
    {
      config: { permission: 'viewOwnActions' },
      schema: {
        ...routeDefaults,
        summary:
          'The open gaps of the signed-in company user’s company whose responsibility names them, overdue first (company users)',
        ...actionPlanSchemas.myActions,
      },
    },
    async (request) => {
      const { user } = request;
      if (!user.targetCompanyId) throw forbidden();
      const data = await findMyActions(db, { ...user, targetCompanyId: user.targetCompanyId });
      return { success: true as const, data };
    },
  );
};

export default gapRoutes;
