import type { FastifyPluginAsync } from 'fastify';
import auditRoutes from './audits';
import auditorRoutes from './auditors';
import clientSettingsRoutes from './client-settings';
import targetCompanyRoutes from './target-companies';
import userRoutes from './users';
import { named } from '../../plugin-name';

/** The organisations routes of /api/v1 (see docs/api.md). */
const organisationRoutes: FastifyPluginAsync = async (fastify) => {
  await fastify.register(named(targetCompanyRoutes));
  await fastify.register(named(auditorRoutes));
  await fastify.register(named(userRoutes));
  await fastify.register(named(auditRoutes));
  await fastify.register(named(clientSettingsRoutes));
};

export default organisationRoutes;
