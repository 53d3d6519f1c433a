import type { FastifyPluginAsync } from 'fastify';
import { checkRoutePermission } from '../auth/route-permission';
import apiTokenRoutes from './organisations/api-tokens';
import webhookRoutes from './organisations/webhooks';
import singleSignOnRoutes from './organisations/single-sign-on';
import accountsRoutes from './accounts';
import actionPlanRoutes from './action-plans';
import meRoutes from './auth/me';
import dashboardRoutes from './dashboards';
import liveRoutes from './live';
import notificationRoutes from './notifications';
import organisationRoutes from './organisations';
import portfolioRoutes from './portfolio';
import reportRoutes from './reports';
import incidentRoutes from './incidents';
import grievanceRoutes from './grievances';
import monitoringReportRoutes from './monitoring-reports';
import { named } from '../plugin-name';

/**
 * Every route that needs a session, in one encapsulated plugin: the session is checked once, here,
 * in onRequest, before any body is parsed or validated (signed out is 401, never 400), so a route
 * registered below cannot forget it. Each route names its permission (`config.permission`); the
 * check runs after validation and before the handler, as the role checks always did. The OpenAPI
 * document marks each route with the session cookie and its permission. A write answered sends a
 * fence (plugins/app/figure-notices.ts).
 */
const signedInRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (!permission) throw new Error(`${route.method} ${route.url} names no permission`);
    route.schema = {
      ...route.schema,
      security: [{ session: [] }, { apiToken: [] }],
      'x-permission': permission,
    };
  });
  fastify.addHook('onRequest', fastify.authenticate);
  // A system's requests are limited per token (docs/decisions/0095-api-tokens.md), a person's by
  // the routes' own limits only.
  const tokenLimit = fastify.rateLimit({
    max: fastify.config.apiTokenRequestsPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => `api-token:${request.apiToken!.id}`,
  });
  fastify.addHook('onRequest', async function limitToken(request, reply) {
    if (request.apiToken) await tokenLimit.call(this, request, reply);
  });
  fastify.addHook('preHandler', checkRoutePermission);
  // A write answered sends a fence, so what it changed shows at once in the writer's next reads,
  // whichever process answers them (docs/decisions/0064-dashboards-kept-on-the-databases-word.md).
  fastify.addHook('onSend', async (request, reply) => fastify.fenceWrites(request, reply));

  await fastify.register(named(meRoutes));
  await fastify.register(named(accountsRoutes));
  await fastify.register(named(organisationRoutes));
  await fastify.register(named(apiTokenRoutes));
  await fastify.register(named(webhookRoutes));
  await fastify.register(named(singleSignOnRoutes));
  await fastify.register(named(actionPlanRoutes));
  await fastify.register(named(dashboardRoutes));
  await fastify.register(named(portfolioRoutes));
  await fastify.register(named(notificationRoutes));
  await fastify.register(named(reportRoutes));
  await fastify.register(named(monitoringReportRoutes));
  await fastify.register(named(incidentRoutes));
  await fastify.register(named(grievanceRoutes));
  await fastify.register(named(liveRoutes));
};

export default signedInRoutes;
