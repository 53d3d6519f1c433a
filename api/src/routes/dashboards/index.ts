import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { dashboardSchemas } from '@verity/shared-api/src/server';
import { answerCache, changeFeed, figureNotices } from '../../answer-cache';
import { companyGapStats, readableFiguresUntil } from '../../dashboards/figures';
import { auditorScope, clientScope, visibleCompanyScope } from '../../dashboards/scopes';
import { notFound } from '../../errors';
import { organisationKey } from '../../organisations/users';
import { portfolioToken } from '../../portfolio/portfolio-figures';

/** The auditor dashboards cached, at most, in bytes of JSON (a firm of 200 companies: about 30 KB). */
const AUDITOR_DASHBOARDS_MAX_BYTES = 8 * 2 ** 20;
/** The company and client dashboards cached, at most, in bytes of JSON (a company's about 700 bytes, a client's of 200 companies about 30 KB). */
const FIGURE_DASHBOARDS_MAX_BYTES = 8 * 2 ** 20;
const clientGroup = (clientId: string) => `client:${clientId}`;

/**
 * The dashboards routes of /api/v1 (see docs/api.md and docs/decisions/0006-derived-figures.md).
 * Their answers are cached under the rule of api/src/answer-cache.ts.
 */
const dashboardRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;
  // A firm's dashboard (docs/decisions/0063-auditor-dashboards-kept.md): checked by the portfolio's
  // token on every request, invalidated by a change-feed notice of a write to the firm's work.
  const auditorDashboards = answerCache(
    fastify,
    {
      validity: 'token',
      invalidatedBy: changeFeed(({ auditorId }) => (auditorId ? [auditorId] : [])),
    },
    AUDITOR_DASHBOARDS_MAX_BYTES,
  );
  // The company and client dashboards (docs/decisions/0064-dashboards-kept-on-the-databases-word.md):
  // no statement while served from the cache, invalidated by the figure notices of a write to a
  // company's figures or to the company (its own and its client's answers).
  const figureDashboards = answerCache(
    fastify,
    {
      validity: 'figure-notices',
      invalidatedBy: figureNotices((targetCompanyId, clientId) => [
        targetCompanyId,
        clientGroup(clientId),
      ]),
    },
    FIGURE_DASHBOARDS_MAX_BYTES,
  );

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
      return auditorDashboards.send(request, reply, {
        key: auditorId,
        token: () => portfolioToken(db, scope),
        compute: async () => {
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
      });
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
      // decided by facts no route changes; an auditor's depend on the firm's assignment: not cached.
      const reader = user.userType === 'auditor' ? undefined : organisationKey(user);
      return figureDashboards.send(request, reply, {
        key: reader === undefined ? undefined : `${targetCompanyId}\n${reader}`,
        group: targetCompanyId,
        compute: async () => {
          const { figures, nextMoment } = await readableFiguresUntil(db, scope);
          if (!figures) throw notFound();
          return {
            body: JSON.stringify({ success: true, data: figures }),
            expiresAt: nextMoment?.getTime() ?? Number.POSITIVE_INFINITY,
          };
        },
      });
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
      return figureDashboards.send(request, reply, {
        key: clientGroup(clientId),
        compute: async () => {
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
        },
      });
    },
  );
};

export default dashboardRoutes;
