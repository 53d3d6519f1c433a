import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { dashboardSchemas } from '@verity/shared-api/src/server';
import { actionPlanFigures, companyGapStats, readableFigures } from '../../dashboards/figures';
import { auditorScope, clientScope, visibleCompanyScope } from '../../dashboards/scopes';
import { notFound } from '../../errors';

/** The dashboards routes of /api/v1 (see docs/api.md and docs/decisions.md "Derived figures"). */
const dashboardRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
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
    async (request) => {
      const { user } = request;
      if (request.query.auditorId !== user.auditorId) throw notFound();
      const { projectsOverview, companies } = await companyGapStats(
        fastify.db,
        auditorScope(request.query.auditorId),
      );
      return {
        success: true as const,
        data: { projectsOverview, targetCompanyActionPlanStats: companies },
      };
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
    async (request) => {
      const figures = await readableFigures(
        fastify.db,
        visibleCompanyScope(request.user, request.query.targetCompanyId),
      );
      if (!figures) throw notFound();
      return { success: true as const, data: figures };
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
    async (request) => {
      const { user } = request;
      const scope = clientScope(user.clientId!);
      const [figures, stats] = await Promise.all([
        actionPlanFigures(fastify.db, scope),
        companyGapStats(fastify.db, scope),
      ]);
      return {
        success: true as const,
        data: { ...figures, targetCompanyActionPlanStats: stats.companies },
      };
    },
  );
};

export default dashboardRoutes;
