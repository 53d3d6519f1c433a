import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  NO_TARGET_COMPANY_ID_FOR_USER,
  newUserSchema,
  organisationSchemas,
  runRules,
  type Permission,
  type SessionUser,
  type UserType,
} from '@verity/shared-api/src/server';
import { requirePermission } from '../../auth/tenancy';
import { ApiError, invalid, notFound, passed } from '../../errors';
import { invitationMessage } from '../../invitations/invitation-mail';
import { errorCodes } from '../../messages';
import { organisationMessages } from '../../organisations/messages';
import { signInLimitsOf } from '../../organisations/sign-in-limits';
import {
  createUser,
  deleteUser,
  listUsers,
  listUsersWithCounts,
  organisationOf,
  reinviteUser,
} from '../../organisations/users';
import { pageRouteDocs, routeDocs } from './route-docs';

interface Area {
  userType: UserType;
  /** The path segment of the area: /client/user, /auditor/user, /target-company/user. */
  segment: string;
  tag: string;
  /** Who may add, invite again and remove users there. */
  manage: Permission;
}

const AREAS: Area[] = [
  {
    userType: 'client',
    segment: 'client',
    tag: 'client users',
    manage: 'manageClientUsers',
  },
  {
    userType: 'auditor',
    segment: 'auditor',
    tag: 'auditor users',
    manage: 'manageAuditorUsers',
  },
  {
    userType: 'targetCompany',
    segment: 'target-company',
    tag: 'company users',
    manage: 'manageCompanyUsers',
  },
];

/** The caller's own organisation; a company user without a company cannot add users. */
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
      config: { permission: 'viewClientUsers' },
      schema: {
        ...pageRouteDocs(
          'client users',
          "One page of the client's users, newest first, with the counts of all of them per role",
          'users',
        ),
        ...organisationSchemas.clientUsers,
      },
    },
    async (request) => {
      // One statement: the page, and the counts of all the users per role (with a search, the page
      // counts what it found in the same statement).
      const page = await listUsersWithCounts(
        fastify.db,
        ownOrganisation(request.user),
        request.query,
      );
      return { success: true as const, data: page };
    },
  );

  fastify.get(
    '/auditor/users',
    {
      config: { permission: 'viewAuditorUsers' },
      schema: {
        ...pageRouteDocs(
          'auditor users',
          "One page of the auditor firm's users, newest first",
          'users',
        ),
        ...organisationSchemas.auditorUsers,
      },
    },
    async (request) => {
      const page = await listUsers(fastify.db, ownOrganisation(request.user), request.query);
      return { success: true as const, data: page };
    },
  );

  fastify.get(
    '/target-company/users',
    {
      config: { permission: 'viewCompanyUsers' },
      schema: {
        ...pageRouteDocs(
          'company users',
          "One page of the target company's users, newest first",
          'users',
        ),
        ...organisationSchemas.companyUsers,
      },
    },
    async (request) => {
      const organisation = ownOrganisation(request.user);
      const { targetCompanyId, ...query } = request.query;
      if (targetCompanyId !== organisation.id) throw notFound();
      return { success: true as const, data: await listUsers(fastify.db, organisation, query) };
    },
  );

  const limitsSummary =
    'The users whose sign-ins the identity provider refuses for now (too many failed attempts), and until when';
  const readLimits = (user: SessionUser) =>
    signInLimitsOf(fastify, ownOrganisation(user), user._id).then((limits) => ({
      success: true as const,
      data: { limits },
    }));

  fastify.get(
    '/client/users/sign-in-limits',
    {
      config: { permission: 'manageClientUsers' },
      schema: { ...routeDocs('client users', limitsSummary), ...organisationSchemas.signInLimits },
    },
    (request) => readLimits(request.user),
  );

  fastify.get(
    '/auditor/users/sign-in-limits',
    {
      config: { permission: 'manageAuditorUsers' },
      schema: { ...routeDocs('auditor users', limitsSummary), ...organisationSchemas.signInLimits },
    },
    (request) => readLimits(request.user),
  );

  fastify.get(
    '/target-company/users/sign-in-limits',
    {
      config: { permission: 'manageCompanyUsers' },
      schema: {
        ...routeDocs('company users', limitsSummary),
        ...organisationSchemas.companySignInLimits,
      },
    },
    async (request) => {
      if (request.query.targetCompanyId !== ownOrganisation(request.user).id) throw notFound();
      return readLimits(request.user);
    },
  );

  for (const area of AREAS) {
    fastify.post(
      `/${area.segment}/user`,
      {
        config: { permission: area.manage },
        schema: {
          ...routeDocs(area.tag, "Add a user to the caller's organisation (invited by e-mail)"),
          ...organisationSchemas.addUser,
        },
      },
      async (request, reply) => {
        const organisation = ownOrganisation(request.user);
        const input = passed(runRules(newUserSchema(area.userType), request.body));
        if (input.role === 'owner') requirePermission(request.user, 'manageOwners');
        const { user } = await createUser(
          fastify.db,
          organisation,
          input,
          request.user._id,
          fastify.notifications,
        );
        fastify.notifications.emailsQueued();
        return reply.code(201).send({ success: true as const, data: { user } });
      },
    );

    fastify.post(
      `/${area.segment}/user/:id/invitation`,
      {
        config: { permission: area.manage },
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
        config: { permission: area.manage },
        schema: {
          ...routeDocs(
            area.tag,
            'Remove a user (never oneself; an owner only by an owner, never the last one)',
          ),
          ...organisationSchemas.removeUser,
        },
      },
      async (request) => {
        const organisation = ownOrganisation(request.user);
        await deleteUser(fastify.db, request.user, organisation, request.params.id);
        // Their sessions ended with them: this process keeps none of them from now on.
        fastify.sessions.forgetUser(request.params.id);
        return { success: true as const, data: {} };
      },
    );
  }
};

export default userRoutes;
