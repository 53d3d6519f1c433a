import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auditorSchema, organisationSchemas, runRules } from '@verity/shared-api/src/server';
import { requireVisibleCompany } from '../../auth/tenancy';
import { passed } from '../../errors';
import { requireExistingAccount } from '../../organisations/account-lookup';
import {
  createAuditor,
  listClientAuditors,
  listCompanyAuditors,
} from '../../organisations/auditors';
import { pageRouteDocs, routeDocs } from './route-docs';

/** Auditor firms: those a client engaged, engaging a new one, and the firms assigned to a company. */
const auditorRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/auditor',
    {
      config: { permission: 'viewEngagedAuditors' },
      schema: {
        ...pageRouteDocs(
          'auditors',
          "One page of the auditor firms the caller's client engaged, newest first",
          'firms',
        ),
        ...organisationSchemas.auditors,
      },
    },
    async (request) => {
      const page = await listClientAuditors(fastify.db, request.user.clientId!, request.query);
      return { success: true as const, data: page };
    },
  );

  fastify.post(
    '/auditor',
    {
      config: { permission: 'engageAuditor' },
      schema: {
        ...routeDocs(
          'auditors',
          "Engage an auditor firm for the caller's client: the firm its owner's email names, else a new firm owned by the email (invited)",
        ),
        ...organisationSchemas.createAuditor,
      },
    },
    async (request, reply) => {
      const { user } = request;
      const input = passed(runRules(auditorSchema, request.body));
      const account = await requireExistingAccount(
        fastify.identity,
        request.log,
        input.emailId,
        user._id,
      );
      const { auditor } = await createAuditor(
        fastify.db,
        user.clientId!,
        input,
        account,
        user._id,
        fastify.notifications,
      );
      fastify.notifications.emailsQueued();
      return reply.code(201).send({ success: true as const, data: { auditor } });
    },
  );

  fastify.get(
    '/target-company/auditors',
    {
      config: { permission: 'viewCompanyAuditors' },
      schema: {
        ...pageRouteDocs(
          'auditors',
          'One page of the auditor firms assigned to a target company, newest first',
          'firms',
        ),
        ...organisationSchemas.companyAuditors,
      },
    },
    async (request) => {
      const { user } = request;
      const { targetCompanyId, ...query } = request.query;
      const company = await requireVisibleCompany(fastify.db, user, targetCompanyId);
      const page = await listCompanyAuditors(fastify.db, user, company.id, query);
      return { success: true as const, data: page };
    },
  );
};

export default auditorRoutes;
