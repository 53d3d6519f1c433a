import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { REMARK_UPLOAD_LIMITS } from '../../action-plans/remark-attachments';
import actionPlanRoutes from './action-plan-routes';
import closureRoutes from './closure-routes';
import esapImportRoutes from './esap-import-routes';
import exportRoutes from './export-routes';
import extensionRoutes from './extension-routes';
import gapRoutes from './gap-routes';
import remarkRoutes from './remark-routes';
import remarkWithdrawalRoutes from './remark-withdrawal-routes';
import { named } from '../../plugin-name';

/** The action-plans routes of /api/v1 (see docs/api.md). */
const actionPlanPlugin: FastifyPluginAsync = async (fastify) => {
  // Registered here, so only these routes accept multipart bodies.
  await fastify.register(multipart, { limits: REMARK_UPLOAD_LIMITS });
  const storage = fastify.attachments;
  await fastify.register(named(actionPlanRoutes));
  await fastify.register(named(gapRoutes));
  await fastify.register(named(closureRoutes));
  await fastify.register(named(extensionRoutes));
  await fastify.register(named(remarkRoutes), { storage });
  await fastify.register(named(remarkWithdrawalRoutes), { storage });
  await fastify.register(named(exportRoutes));
  await fastify.register(named(esapImportRoutes));
};

export default actionPlanPlugin;
