import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auditorSchema, organisationSchemas, runRules } from '@verity/shared-api/src/server';
import { requireVisibleCompany } from '../../auth/tenancy';
import { passed } from '../../errors';
import { invitationMessage } from '../../invitations/invitation-mail';
import { requireExistingAccount } from '../../organisations/account-lookup';
import {
  createAuditor,
  listClientAuditors,
  listCompanyAuditors,
} from '../../organisations/auditors';
import { routeDocs } from './route-docs';

/** Auditor firms: those a client engaged, engaging a new one, and the firms assigned to a company. */
const auditorRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/auditor',
    {
      config: { permission: 'viewEngagedAuditors' },
      schema: {
        ...routeDocs('auditors', "The auditor firms the caller's client engaged, newest first"),
        ...organisationSchemas.auditors,
      },
    },
    async (request) => {
      const { user } = request;
      const auditors = await listClientAuditors(
        fastify.db,
        user.clientId!,
        request.query.auditorId,
      );
      return { success: true as const, data: { auditors } };
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
      const { auditor, invitation } = await createAuditor(
        fastify.db,
        user.clientId!,
        input,
        account,
        user._id,
      );
      if (invitation)
        fastify.mailer.sendLater(invitationMessage(invitation, fastify.config.publicUrl));
      return reply.code(201).send({ success: true as const, data: { auditor } });
    },
  );

  fastify.get(
    '/target-company/auditors',
    {
      config: { permission: 'viewCompanyAuditors' },
      schema: {
        ...routeDocs('auditors', 'The auditor firms assigned to a target company, newest first'),
        ...organisationSchemas.companyAuditors,
      },
    },
    async (request) => {
      const { user } = request;
      const company = await requireVisibleCompany(fastify.db, user, request.query.targetCompanyId);
      const auditors = await listCompanyAuditors(fastify.db, user, company.id);
      return { success: true as const, data: { auditors } };
    },
  );
};

export default auditorRoutes;
