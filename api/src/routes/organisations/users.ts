import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  NO_TARGET_COMPANY_ID_FOR_USER,
  newUserSchema,
  organisationSchemas,
  runRules,
  type SessionUser,
  type UserType,
} from '@verity/shared-api/src/server';
import { ADMIN_OR_OWNER, requireRole, type RoleRule } from '../../auth/tenancy';
import { ApiError, forbidden, invalid, notFound, passed } from '../../errors';
import { invitationMessage } from '../../invitations/invitation-mail';
import { errorCodes } from '../../messages';
import { organisationMessages } from '../../organisations/messages';
import {
  countUsers,
  createUser,
  deleteUser,
  listUsers,
  organisationOf,
  reinviteUser,
} from '../../organisations/users';
import { routeDocs } from './route-docs';

interface Area {
  userType: UserType;
  /** The path segment of the area: /client/user, /auditor/user, /target-company/user. */
  segment: string;
  tag: string;
  /** Who may add and remove users there. */
  manage: RoleRule;
}

const AREAS: Area[] = [
  {
    userType: 'client',
    segment: 'client',
    tag: 'client users',
    manage: { userTypes: ['client'], roles: ['owner'] },
  },
  {
    userType: 'auditor',
    segment: 'auditor',
    tag: 'auditor users',
    manage: { userTypes: ['auditor'], roles: ADMIN_OR_OWNER },
  },
  {
    userType: 'targetCompany',
    segment: 'target-company',
    tag: 'company users',
    manage: { userTypes: ['targetCompany'], roles: ADMIN_OR_OWNER },
  },
];

/** The caller's own organisation; a company user without a company cannot add users (spec section 8). */
function ownOrganisation(user: SessionUser) {
  const organisation = organisationOf(user);
  if (!organisation) {
    if (user.userType === 'targetCompany') throw invalid(NO_TARGET_COMPANY_ID_FOR_USER);
    throw notFound();
  }
  return organisation;
}

/** Users of the caller's own client, auditor firm or target company. */
const userRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/client/users',
    {
      schema: {
        ...routeDocs('client users', "The client's users, newest first, with counts per role"),
        ...organisationSchemas.clientUsers,
      },
    },
    async (request) => {
      requireRole(request.user, { userTypes: ['client'] });
      const organisation = ownOrganisation(request.user);
      const [users, counts] = [
        await listUsers(fastify.db, organisation),
        await countUsers(fastify.db, organisation),
      ];
      return { success: true as const, data: { users, counts } };
    },
  );

  fastify.get(
    '/auditor/users',
    {
      schema: {
        ...routeDocs('auditor users', "The auditor firm's users, newest first"),
        ...organisationSchemas.auditorUsers,
      },
    },
    async (request) => {
      requireRole(request.user, { userTypes: ['auditor'] });
      const users = await listUsers(fastify.db, ownOrganisation(request.user));
      return { success: true as const, data: { users } };
    },
  );

  fastify.get(
    '/target-company/users',
    {
      schema: {
        ...routeDocs('company users', "The target company's users, newest first"),
        ...organisationSchemas.companyUsers,
      },
    },
    async (request) => {
      requireRole(request.user, { userTypes: ['targetCompany'] });
      const organisation = ownOrganisation(request.user);
      if (request.query.targetCompanyId !== organisation.id) throw notFound();
      const users = await listUsers(fastify.db, organisation);
      return { success: true as const, data: { users } };
    },
  );

  for (const area of AREAS) {
    fastify.post(
      `/${area.segment}/user`,
      {
        schema: {
          ...routeDocs(area.tag, "Add a user to the caller's organisation (invited by e-mail)"),
          ...organisationSchemas.addUser,
        },
      },
      async (request, reply) => {
        requireRole(request.user, area.manage);
        const organisation = ownOrganisation(request.user);
        const input = passed(runRules(newUserSchema(area.userType), request.body));
        // Only an owner makes an owner.
        if (input.role === 'owner' && request.user.role !== 'owner') throw forbidden();
        const { user, invitation } = await createUser(
          fastify.db,
          organisation,
          input,
          request.user._id,
        );
        fastify.mailer.sendLater(invitationMessage(invitation, fastify.config.publicUrl));
        return reply.code(201).send({ success: true as const, data: { user } });
      },
    );

    fastify.post(
      `/${area.segment}/user/:id/invitation`,
      {
        // Each resend e-mails someone: a manager may not turn it into a mail cannon.
        preHandler: [
          fastify.rateLimit({
            max: 20,
            timeWindow: '1 hour',
            keyGenerator: (request) => `invitations:${request.user._id}`,
          }),
        ],
        schema: {
          ...routeDocs(area.tag, 'E-mail a new invitation to a user who has not joined yet'),
          ...organisationSchemas.reinviteUser,
        },
      },
      async (request) => {
        requireRole(request.user, area.manage);
        const organisation = ownOrganisation(request.user);
        const invitation = await reinviteUser(
          fastify.db,
          organisation,
          request.params.id,
          request.user._id,
        );
        try {
          await fastify.mailer.send(invitationMessage(invitation, fastify.config.publicUrl));
        } catch (error) {
          request.log.error({ err: error }, 'invitation e-mail not sent');
          throw new ApiError(
            502,
            errorCodes.mailUnavailable,
            organisationMessages.invitationNotSent,
          );
        }
        return { success: true as const, data: {} };
      },
    );

    fastify.delete(
      `/${area.segment}/user/:id`,
      {
        schema: {
          ...routeDocs(
            area.tag,
            'Remove a user (never oneself; an owner only by an owner, never the last one)',
          ),
          ...organisationSchemas.removeUser,
        },
      },
      async (request) => {
        requireRole(request.user, area.manage);
        const organisation = ownOrganisation(request.user);
        await deleteUser(fastify.db, request.user, organisation, request.params.id);
        return { success: true as const, data: {} };
      },
    );
  }
};

export default userRoutes;
