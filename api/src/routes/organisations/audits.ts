import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auditSchema, organisationSchemas, runRules } from '@verity/shared-api/src/server';
import { requireVisibleCompany } from '../../auth/tenancy';
import { invalid, notFound, passed } from '../../errors';
import {
  checkWithinAssignment,
  createAudit,
  findAudit,
  listAudits,
  requireAssignment,
} from '../../organisations/audits';
import { organisationMessages } from '../../organisations/messages';
import { pageRouteDocs, routeDocs } from './route-docs';

/** Audits of a target company by an auditor firm. */
const auditRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/target-company/:auditorId/audits',
    {
      config: { permission: 'viewAudits' },
      schema: {
        ...pageRouteDocs(
          'audits',
          "One page of an auditor firm's audits of a target company, newest first",
          'audits',
        ),
        ...organisationSchemas.audits,
      },
    },
    async (request) => {
      const { user } = request;
      const { auditorId } = request.params;
      const { targetCompanyId, auditorId: named, ...query } = request.query;
      if (named && named !== auditorId) throw invalid(organisationMessages.auditorIdMismatch);
      if (user.userType === 'auditor' && auditorId !== user.auditorId) throw notFound();
      const company = await requireVisibleCompany(fastify.db, user, targetCompanyId);
      const page = await listAudits(fastify.db, user, company.id, auditorId, query);
      return { success: true as const, data: page };
    },
  );

  fastify.get(
    '/target-company/audit/:auditId',
    {
      config: { permission: 'viewAudits' },
      schema: {
        ...routeDocs('audits', 'One audit'),
        ...organisationSchemas.audit,
      },
    },
    async (request) => {
      const audit = await findAudit(fastify.db, request.user, request.params.auditId);
      return { success: true as const, data: { audit } };
    },
  );

  fastify.post(
    '/target-company/audit',
    {
      config: { permission: 'addAudit' },
      schema: {
        ...routeDocs('audits', 'Create an audit by an assigned auditor firm'),
        ...organisationSchemas.createAudit,
      },
    },
    async (request, reply) => {
      const { user } = request;
      const body = request.body;
      const company = await requireVisibleCompany(fastify.db, user, body.targetCompanyId);
      const assignment = await requireAssignment(fastify.db, company.id, body.auditorId);
      const input = passed(runRules(auditSchema, body));
      checkWithinAssignment(assignment, input);
      const audit = await createAudit(
        fastify.db,
        user,
        company.id,
        body.auditorId,
        input,
        body.fields ?? [],
      );
      return reply.code(201).send({ success: true as const, data: { audit } });
    },
  );
};

export default auditRoutes;
