import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { dashboardSchemas } from '@verity/shared-api/src/server';
import {
  AnswerCache,
  KeptAnswer,
  keptAnswers,
  sendKeptAnswer,
  type WorkedAnswer,
} from '../../answer-cache';
import { companyGapStats, readableFiguresUntil } from '../../dashboards/figures';
import { auditorScope, clientScope, visibleCompanyScope } from '../../dashboards/scopes';
import { notFound } from '../../errors';
import { organisationKey } from '../../organisations/users';
import { portfolioToken } from '../../portfolio/portfolio-figures';

/** The auditor dashboards kept, at most, in bytes of JSON (a firm of 200 companies: about 30 KB). */
const AUDITOR_DASHBOARDS_MAX_BYTES = 8 * 2 ** 20;
/** The company and client dashboards kept, at most, in bytes of JSON (a company's about 700 bytes, a client's of 200 companies about 30 KB). */
const FIGURES_KEPT_MAX_BYTES = 8 * 2 ** 20;
/** The token of a dashboard kept on the notices: nothing read, the figures' notices and fences decide. */
const ON_THE_NOTICES = 'notices';
const clientGroup = (clientId: string) => `client:${clientId}`;

/**
 * The dashboards routes of /api/v1 (see docs/api.md and docs/decisions/0006-derived-figures.md).
 */
const dashboardRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;
  // A firm's dashboard kept as the portfolio is (docs/decisions/0063-auditor-dashboards-kept.md):
  // forgotten on a notice of a write to the firm's work, the portfolio's token read on every request.
  const auditorDashboards = keptAnswers(
    fastify,
    ({ auditorId }) => (auditorId ? [auditorId] : []),
    AUDITOR_DASHBOARDS_MAX_BYTES,
  );
  // The company and client dashboards kept on the database's word
  // (docs/decisions/0064-dashboards-kept-on-the-databases-word.md): served with no statement while
  // the figures' notices are heard and the reader's fence is, forgotten on a notice of a write to a
  // company's figures or to the company.
  const onTheNotices = new AnswerCache(Date.now, FIGURES_KEPT_MAX_BYTES);
  const unwatch = fastify.figureNotices.watch({
    company: (targetCompanyId, clientId) =>
      onTheNotices.changed([targetCompanyId, clientGroup(clientId)]),
    missed: () => onTheNotices.missed(),
  });
  fastify.addHook('onClose', async () => unwatch());
  /** The answer kept under `kept` while trusted, else worked out for this read alone; sent compressed when accepted. */
  const sendOnTheNotices = async (
    request: FastifyRequest,
    reply: FastifyReply,
    kept: { key: string; group?: string } | undefined,
    work: () => Promise<WorkedAnswer>,
  ) => {
    const answer =
      kept && fastify.mayServeKept(request)
        ? await onTheNotices.answer(kept, () => ON_THE_NOTICES, work)
        : new KeptAnswer((await work()).body);
    return sendKeptAnswer(request, reply, answer);
  };

  fastify.get(
    '/dashboard/auditor',
    {
      config: { permission: 'viewAuditorDashboard' },
      schema: {
        tags: ['dashboards'],
        summary: "The auditor firm's dashboard: its target companies and their gaps",
        ...dashboardSchemas.auditor,
      },
    },
    async (request, reply) => {
      const { auditorId } = request.query;
      if (auditorId !== request.user.auditorId) throw notFound();
      const scope = auditorScope(auditorId);
      const answer = await auditorDashboards.answer(
        { key: auditorId },
        () => portfolioToken(db, scope),
        async () => {
          const { projectsOverview, companies, nextDue } = await companyGapStats(db, scope, {
            nextDue: true,
          });
          return {
            body: JSON.stringify({
              success: true,
              data: { projectsOverview, targetCompanyActionPlanStats: companies },
            }),
            expiresAt: nextDue?.getTime() ?? Number.POSITIVE_INFINITY,
          };
        },
      );
      return sendKeptAnswer(request, reply, answer);
    },
  );

  fastify.get(
    '/dashboard/target-company',
    {
      config: { permission: 'viewCompanyDashboard' },
      schema: {
        tags: ['dashboards'],
        summary: "A target company's dashboard: its action plans and gaps",
        ...dashboardSchemas.targetCompany,
      },
    },
    async (request, reply) => {
      const { user } = request;
      const { targetCompanyId } = request.query;
      const scope = visibleCompanyScope(user, targetCompanyId);
      // Whom the answer is for: the company's client or the company itself see the same figures,
      // decided by facts no route changes; an auditor's depend on the firm's assignment, read afresh.
      const reader = user.userType === 'auditor' ? undefined : organisationKey(user);
      return sendOnTheNotices(
        request,
        reply,
        reader === undefined
          ? undefined
          : { key: `${targetCompanyId}\n${reader}`, group: targetCompanyId },
        async () => {
          const { figures, nextMoment } = await readableFiguresUntil(db, scope);
          if (!figures) throw notFound();
          return {
            body: JSON.stringify({ success: true, data: figures }),
            expiresAt: nextMoment?.getTime() ?? Number.POSITIVE_INFINITY,
          };
        },
      );
    },
  );

  fastify.get(
    '/dashboard/client',
    {
      config: { permission: 'viewClientDashboard' },
      schema: {
        tags: ['dashboards'],
        summary: "The client's portfolio dashboard: every target company's action plans and gaps",
        ...dashboardSchemas.client,
      },
    },
    async (request, reply) => {
      const clientId = request.user.clientId!;
      const scope = clientScope(clientId);
      return sendOnTheNotices(request, reply, { key: clientGroup(clientId) }, async () => {
        const [{ figures, nextMoment }, { companies, nextDue }] = await Promise.all([
          readableFiguresUntil(db, scope),
          companyGapStats(db, scope, { nextDue: true }),
        ]);
        return {
          body: JSON.stringify({
            success: true,
            data: { ...figures, targetCompanyActionPlanStats: companies },
          }),
          // Whichever comes first: a plan's moment, or a gap falling due.
          expiresAt: Math.min(
            nextMoment?.getTime() ?? Number.POSITIVE_INFINITY,
            nextDue?.getTime() ?? Number.POSITIVE_INFINITY,
          ),
        };
      });
    },
  );
};

export default dashboardRoutes;
