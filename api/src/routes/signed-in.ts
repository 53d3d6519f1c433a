import type { FastifyPluginAsync } from 'fastify';
import accountsRoutes from './accounts';
import actionPlanRoutes from './action-plans';
import meRoutes from './auth/me';
import dashboardRoutes from './dashboards';
import organisationRoutes from './organisations';

/**
 * Every route that needs a session, in one encapsulated plugin: the session is checked once, here,
 * in onRequest, before any body is parsed or validated (signed out is 401, never 400), so a route
 * registered below cannot forget it. The OpenAPI document marks each with the session cookie.
 */
const signedInRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ session: [] }] };
  });
  fastify.addHook('onRequest', fastify.authenticate);

  await fastify.register(meRoutes);
  await fastify.register(accountsRoutes);
  await fastify.register(organisationRoutes);
  await fastify.register(actionPlanRoutes);
  await fastify.register(dashboardRoutes);
};

export default signedInRoutes;
