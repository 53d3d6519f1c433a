import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  checkMilestones,
  companyAuditorSettingsSchema,
  may,
  organisationSchemas,
  runRules,
  targetCompanySchema,
} from '@verity/shared-api/src/server';
import { requireVisibleCompany } from '../../auth/tenancy';
import { notFound, passed } from '../../errors';
import { requireExistingAccount } from '../../organisations/account-lookup';
import { readMilestones, writeMilestones } from '../../organisations/milestones';
import { conflict, organisationMessages } from '../../organisations/messages';
import {
  assignAuditor,
  createTargetCompany,
  isEngaged,
  listTargetCompanies,
} from '../../organisations/target-companies';
import { pageRouteDocs, routeDocs } from './route-docs';

/** Target companies: the list each user type sees, creation by client owners, and auditor assignment. */
const targetCompanyRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/target-company',
    {
      config: { permission: 'viewTargetCompanies' },
      schema: {
        ...pageRouteDocs(
          'target companies',
          'One page of the target companies the user sees, newest first',
          'companies',
        ),
        ...organisationSchemas.targetCompanies,
      },
    },
    async (request) => {
      const { user } = request;
      const { auditorId } = request.query;
      if (user.userType === 'auditor' && auditorId && auditorId !== user.auditorId)
        throw notFound();
      const page = await listTargetCompanies(fastify.db, user, request.query);
      return { success: true as const, data: page };
    },
  );

  fastify.get(
    '/auditor/target-company',
    {
      config: { permission: 'viewAssignedTargetCompanies' },
      schema: {
        ...pageRouteDocs(
          'target companies',
          "One page of the target companies the auditor's firm is assigned to, newest first",
          'companies',
        ),
        ...organisationSchemas.auditorTargetCompanies,
      },
    },
    async (request) => {
      const { user } = request;
      const { auditorId } = request.query;
      if (auditorId && auditorId !== user.auditorId) throw notFound();
      // The firm's companies are those it is assigned to: visibility already says so.
      const page = await listTargetCompanies(fastify.db, user, {
        ...request.query,
        auditorId: undefined,
      });
      return { success: true as const, data: page };
    },
  );

  fastify.post(
    '/target-company',
    {
      config: { permission: 'addTargetCompany' },
      schema: {
        ...routeDocs(
          'target companies',
          'Create a target company with its owner user (invited by e-mail) and first auditor, in one transaction',
        ),
        ...organisationSchemas.createTargetCompany,
      },
    },
    async (request, reply) => {
      const { user } = request;
      const input = passed(runRules(targetCompanySchema, request.body));
      // An auditor firm of another client is out of reach (404) before anything about the email is said.
      if (!(await isEngaged(fastify.db, user.clientId!, input.auditorId))) throw notFound();
      const account = await requireExistingAccount(
        fastify.identity,
        request.log,
        input.emailId,
        user._id,
      );
      const created = await createTargetCompany(
        fastify.db,
        user.clientId!,
        input,
        account,
        user._id,
        fastify.notifications,
      );
      fastify.notifications.emailsQueued();
      return reply.code(201).send({ success: true as const, data: created });
    },
  );

  fastify.post(
    '/client/add-target-company-auditor',
    {
      config: { permission: 'assignCompanyAuditor' },
      schema: {
        ...routeDocs('target companies', 'Assign an engaged auditor firm to a target company'),
        ...organisationSchemas.addCompanyAuditor,
      },
    },
    async (request, reply) => {
      const { user } = request;
      const company = await requireVisibleCompany(fastify.db, user, request.body.targetCompanyId);
      const settings = passed(runRules(companyAuditorSettingsSchema, request.body));
      if (!(await isEngaged(fastify.db, user.clientId!, settings.auditorId))) throw notFound();
      const audit = await assignAuditor(fastify.db, company.id, settings);
      if (!audit) throw conflict(organisationMessages.auditorAlreadyAssigned);
      return reply.code(201).send({ success: true as const, data: { audit } });
    },
  );

  fastify.get(
    '/target-company/:id/milestones',
    {
      config: { permission: 'viewMilestones' },
      schema: {
        ...routeDocs(
          'target companies',
          "The company's financing milestones (financial close, first disbursement and the client's) and the dates reached",
        ),
        ...organisationSchemas.companyMilestones,
      },
    },
    async (request) => {
      const { user } = request;
      const company = await requireVisibleCompany(fastify.db, user, request.params.id);
      const milestones = await readMilestones(fastify.db, company.id);
      return {
        success: true as const,
        data: { milestones, canManage: may(user, 'manageMilestones') },
      };
    },
  );

  fastify.put(
    '/target-company/:id/milestones',
    {
      config: { permission: 'manageMilestones' },
      schema: {
        ...routeDocs(
          'target companies',
          "Set the company's financing milestones and their dates; the gaps due relative to one get their due dates in the same transaction",
        ),
        ...organisationSchemas.updateCompanyMilestones,
      },
    },
    async (request) => {
      const { user } = request;
      const company = await requireVisibleCompany(fastify.db, user, request.params.id);
      const milestones = passed(checkMilestones(request.body.milestones));
      const saved = await writeMilestones(fastify.db, company.id, milestones, user._id);
      return { success: true as const, data: { milestones: saved, canManage: true } };
    },
  );
};

export default targetCompanyRoutes;
