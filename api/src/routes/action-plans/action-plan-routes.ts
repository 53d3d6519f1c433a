import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  LIST_MAX_PAGE_SIZE,
  LIST_PAGE_SIZE,
  PLAN_LIST_GAP_PREVIEW,
  actionPlanSchemas,
  checkActionPlan,
  type AuditForm,
} from '@verity/shared-api/src/server';
import {
  findActionPlan,
  listPlanGaps,
  planDetailToken,
  planListToken,
  readActionPlanDetail,
  readActionPlanPage,
} from '../../action-plans/action-plan-queries';
import { findPlanChangeHistory } from '../../action-plans/change-history';
import { insertGap } from '../../action-plans/gap-writes';
import { editActionPlan, insertActionPlan } from '../../action-plans/plan-writes';
import { answerCache, changeFeed } from '../../answer-cache';
import { requireVisibleActionPlan, requireVisibleAudit } from '../../auth/tenancy';
import { organisationKey } from '../../organisations/users';
import { pageOf } from '../../pages';
import { notFound, passed } from '../../errors';
import { routeDefaults } from './common';
import { recordWebhookEvent } from '../../webhooks/events';

/** The plan lists cached, at most, in bytes of JSON (a page of 20 plans is about 20 KB). */
const PLAN_LISTS_MAX_BYTES = 16 * 2 ** 20;

/** The plan details cached, at most, in bytes of JSON (a plan of 10 gaps is about 40 KB). */
const PLAN_DETAILS_MAX_BYTES = 16 * 2 ** 20;

/** The group of a company's plan lists among the cached answers: a notice of a write there invalidates them. */
const companyGroup = (targetCompanyId: string) => `company:${targetCompanyId}`;

const actionPlanRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;
  // The plan lists (docs/decisions/0062-plan-list-answers-kept.md): checked by the list's token on
  // every request, invalidated by a change-feed notice of a write to their company's gaps and plans.
  const planLists = answerCache(
    fastify,
    {
      validity: 'token',
      invalidatedBy: changeFeed(({ change }) => [companyGroup(change.targetCompanyId)]),
    },
    PLAN_LISTS_MAX_BYTES,
  );
  // The plan details (docs/decisions/0065-plan-details-kept-on-their-rows-versions.md): checked by
  // the detail's token on every request, which changes with anything the detail shows (no notices).
  const planDetails = answerCache(fastify, { validity: 'token' }, PLAN_DETAILS_MAX_BYTES);

  fastify.post(
    '/action-plan',
    {
      config: { permission: 'createActionPlan' },
      schema: {
        ...routeDefaults,
        summary:
          'Create an action plan with its first gap (auditor owner or admin, own firm’s audit)',
        ...actionPlanSchemas.create,
      },
    },
    async (request, reply) => {
      const { user } = request;
      const { targetCompanyId, auditId } = request.query;
      const audit = await requireVisibleAudit(db, user, auditId, targetCompanyId);
      const { actionPlan, gap } = passed(
        checkActionPlan(request.body, { auditForm: audit.audit_form as AuditForm }),
      );
      const id = await db.transaction(async (tx) => {
        const planId = await insertActionPlan(
          tx,
          { id: audit.id, targetCompanyId: audit.target_company_id },
          actionPlan,
          user,
        );
        await insertGap(
          tx,
          { actionPlanId: planId, targetCompanyId: audit.target_company_id, actor: user },
          gap,
        );
        await recordWebhookEvent(tx, {
          type: 'action_plan.created',
          actionPlanId: planId,
          targetCompanyId: audit.target_company_id,
        });
        return planId;
      });
      const created = await findActionPlan(db, id);
      if (!created) throw notFound();
      return reply.code(201).send({ success: true as const, data: { actionPlan: created } });
    },
  );

  fastify.get(
    '/action-plan/:auditId/action-plans',
    {
      config: { permission: 'viewActionPlans' },
      schema: {
        ...routeDefaults,
        summary:
          'One page of the action plans of an audit, each with its overall status, statistics and newest gaps',
        description: `Newest first, ${LIST_PAGE_SIZE} plans a page unless \`pageSize\` (at most ${LIST_MAX_PAGE_SIZE}) says otherwise; \`total\` counts the plans that pass the filters. Each plan carries its newest ${PLAN_LIST_GAP_PREVIEW} gaps as list rows; \`GET /action-plan/{id}/gaps\` gives all of them.`,
        ...actionPlanSchemas.list,
      },
    },
    async (request, reply) => {
      const { targetCompanyId, ...filters } = request.query;
      const { auditId } = request.params;
      const { page, pageSize } = pageOf(filters);
      // The answer is the audit's and the filters' alone: whoever may see the audit reads the same.
      const key = JSON.stringify([
        auditId,
        page,
        pageSize,
        filters.category ?? null,
        filters.status ?? null,
        filters.search?.trim() || null,
      ]);
      return planLists.send(request, reply, {
        key,
        group: companyGroup(targetCompanyId),
        token: async () => {
          const token = await planListToken(db, auditId, request.user, targetCompanyId);
          if (token === undefined) throw notFound();
          return token;
        },
        compute: async () => {
          const read = await readActionPlanPage(db, auditId, filters, {
            reader: request.user,
            targetCompanyId,
            nextDue: true,
          });
          if (!read) throw notFound();
          const { list, nextDue } = read;
          return {
            body: JSON.stringify({ success: true, data: list }),
            expiresAt: nextDue?.getTime() ?? Number.POSITIVE_INFINITY,
          };
        },
      });
    },
  );

  fastify.get(
    '/action-plan/:actionPlanId/gaps',
    {
      config: { permission: 'viewActionPlans' },
      schema: {
        ...routeDefaults,
        summary:
          'One page of a plan’s gaps as list rows, in the plan’s order (by ESAP item number, then newest first)',
        description: `${LIST_PAGE_SIZE} gaps a page unless \`pageSize\` (at most ${LIST_MAX_PAGE_SIZE}) says otherwise; each row is what the action plan list shows of a gap. \`GET /action-plan/{id}\` gives the gaps in full.`,
        ...actionPlanSchemas.planGaps,
      },
    },
    async (request) => {
      const { targetCompanyId, ...query } = request.query;
      const plan = await requireVisibleActionPlan(
        db,
        request.user,
        request.params.actionPlanId,
        targetCompanyId,
      );
      return { success: true as const, data: await listPlanGaps(db, plan.id, query) };
    },
  );

  fastify.get(
    '/action-plan/:id',
    {
      config: { permission: 'viewActionPlans' },
      schema: {
        ...routeDefaults,
        summary: 'One action plan with its statistics and gaps (with status history and remarks)',
        ...actionPlanSchemas.detail,
      },
    },
    async (request, reply) => {
      const { user } = request;
      const { id } = request.params;
      const { targetCompanyId } = request.query;
      // The readers of one organisation see the same detail; a user of none sees no plan.
      const organisation = organisationKey(user);
      if (!organisation) throw notFound();
      return planDetails.send(request, reply, {
        key: `${id}\n${organisation}`,
        token: async () => {
          const token = await planDetailToken(db, id, user, targetCompanyId);
          if (token === undefined) throw notFound();
          return token;
        },
        compute: async () => {
          const read = await readActionPlanDetail(db, id, user, targetCompanyId);
          if (!read) throw notFound();
          return {
            body: reply.serialize({ success: true as const, data: read.detail }) as string,
            expiresAt: read.nextDue?.getTime() ?? Number.POSITIVE_INFINITY,
          };
        },
      });
    },
  );

  fastify.put(
    '/action-plan/:id',
    {
      config: { permission: 'editActionPlan' },
      schema: {
        ...routeDefaults,
        summary:
          'Edit an action plan’s heading, category or timeline (auditor owner or admin, own firm’s audit)',
        description:
          'With `version` (the one the user saw) a plan changed since is refused with 409 and left as it was. Moving the timeline later, or taking it away, needs a `reason` of 10 characters or more (422 without); a timeline earlier than a gap’s due date is refused. Each changed field is kept in the plan’s `changeHistory`.',
        ...actionPlanSchemas.editActionPlan,
      },
    },
    async (request) => {
      const { user } = request;
      const plan = await requireVisibleActionPlan(db, user, request.params.id);
      if (plan.audit_id !== request.query.auditId) throw notFound();
      await db.transaction((tx) => editActionPlan(tx, plan.id, request.body, user));
      const [actionPlan, changeHistory] = await Promise.all([
        findActionPlan(db, plan.id),
        findPlanChangeHistory(db, plan.id),
      ]);
      if (!actionPlan) throw notFound();
      return { success: true as const, data: { actionPlan, changeHistory } };
    },
  );
};

export default actionPlanRoutes;
