import type { FastifyPluginAsync } from 'fastify';
import auditRoutes from './audits';
import auditorRoutes from './auditors';
import clientSettingsRoutes from './client-settings';
import targetCompanyRoutes from './target-companies';
import userRoutes from './users';

/** The organisations routes of /api/v1 (see docs/api.md). */
const organisationRoutes: FastifyPluginAsync = async (fastify) => {
  await fastify.register(targetCompanyRoutes);
  await fastify.register(auditorRoutes);
  await fastify.register(userRoutes);
  await fastify.register(auditRoutes);
  await fastify.register(clientSettingsRoutes);
};

export default organisationRoutes;
