import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  checkGrievance,
  checkGrievanceStep,
  checkGrievanceTargets,
  grievanceSchemas,
  type SessionUser,
  readingIn,
} from '@verity/shared-api/src/server';
import { requireVisibleCompany } from '../auth/tenancy';
import { notFound, passed } from '../errors';
import { grievanceExportFileName, grievanceExportSelect } from '../grievances/grievance-export';
import {
  grievanceRegister,
  readGrievance,
  readGrievanceSettings,
  recordGrievance,
  takeGrievanceStep,
  writeGrievanceTargets,
  writeIdentityViewers,
} from '../grievances/grievances';
import { callerLanguage } from '../language/answer-language';

const routeDefaults = { tags: ['grievances'] };

/**
 * The company's grievance log (docs/decisions/0104-grievances.md): the company records grievances
 * and moves them through their steps; the company, its client and its firms read the log, the
 * complainant's identity only for the company users its owner names. Another tenancy's ids are 404.
 */
const grievanceRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;
  const loose = { preValidation: async (request: { body: unknown }) => void (request.body ??= {}) };

  const answer = async (user: SessionUser, id: string) => ({
    success: true as const,
    data: { grievance: await readGrievance(db, user, id) },
  });

  /** The settings' company: the user's own company, visible; another's id is 404. */
  const ownCompany = async (user: SessionUser, id: string) => {
    const company = await requireVisibleCompany(db, user, id);
    if (user.userType !== 'targetCompany') throw notFound();
    return company;
  };

  fastify.post(
    '/target-company/:id/grievances',
    {
      config: { permission: 'recordGrievance' },
      ...loose,
      schema: {
        ...routeDefaults,
        summary:
          "Record a grievance received by the company, with its due days from the company's targets",
        description:
          "Target-company owners, admins and editors. `channel` one of GRIEVANCE_CHANNELS, `receivedOn` YYYY-MM-DD not in the future, `complainantType` worker, contractorWorker or community, `category` one of GRIEVANCE_CATEGORIES, `description` (20,000 characters), `anonymous` true or false; a named complainant's `complainantName` (200) and optional `complainantContact` (500), none for an anonymous one.",
        ...grievanceSchemas.recordGrievance,
      },
    },
    async (request, reply) => {
      const { user } = request;
      const company = await requireVisibleCompany(db, user, request.params.id);
      const values = passed(checkGrievance(request.body));
      const id = await db.transaction((tx) => recordGrievance(tx, company.id, values, user));
      return reply.code(201).send(await answer(user, id));
    },
  );

  fastify.get(
    '/target-company/:id/grievances',
    {
      config: { permission: 'viewGrievances' },
      schema: {
        ...routeDefaults,
        summary:
          "The company's grievance log, filtered by open, late and category, with the counts by category and by month",
        ...grievanceSchemas.companyGrievances,
      },
    },
    async (request) => {
      const company = await requireVisibleCompany(db, request.user, request.params.id);
      return {
        success: true as const,
        data: await grievanceRegister(
          db,
          request.user,
          { targetCompanyId: company.id },
          request.query,
        ),
      };
    },
  );

  fastify.get(
    '/client/grievances',
    {
      config: { permission: 'viewGrievancePortfolio' },
      schema: {
        ...routeDefaults,
        summary:
          "The grievance log across the client's portfolio, filtered by open, late and category, with the counts by category and by month",
        ...grievanceSchemas.grievancePortfolio,
      },
    },
    async (request) => {
      const { clientId } = request.user;
      if (!clientId) throw notFound();
      return {
        success: true as const,
        data: await grievanceRegister(db, request.user, { clientId }, request.query),
      };
    },
  );

  /** Streams the register's CSV: a long download at a slow reader's pace (csv-downloads.ts). */
  const sendCsv = (
    request: FastifyRequest,
    reply: FastifyReply,
    scope: { targetCompanyId: string } | { clientId: string },
  ) => {
    const { sql, params } = readingIn(callerLanguage(request), () => grievanceExportSelect(scope));
    const name = grievanceExportFileName('targetCompanyId' in scope ? scope.targetCompanyId : null);
    return fastify.csvDownloads.send(request, reply, name, () => db.copyOut(sql, params));
  };

  fastify.get(
    '/target-company/:id/grievances/export/csv',
    {
      config: { permission: 'viewGrievances' },
      handlerTimeout: 10 * 60_000,
      schema: {
        ...routeDefaults,
        summary: "The company's grievance log as a CSV file, without complainants' identities",
        produces: ['text/csv'],
        ...grievanceSchemas.exportGrievances,
      },
    },
    async (request, reply) => {
      const company = await requireVisibleCompany(db, request.user, request.params.id);
      return sendCsv(request, reply, { targetCompanyId: company.id });
    },
  );

  fastify.get(
    '/client/grievances/export/csv',
    {
      config: { permission: 'viewGrievancePortfolio' },
      handlerTimeout: 10 * 60_000,
      schema: {
        ...routeDefaults,
        summary:
          "The grievance log across the client's portfolio as a CSV file, without complainants' identities",
        produces: ['text/csv'],
        ...grievanceSchemas.exportGrievancePortfolio,
      },
    },
    async (request, reply) => {
      const { clientId } = request.user;
      if (!clientId) throw notFound();
      return sendCsv(request, reply, { clientId });
    },
  );

  fastify.get(
    '/grievance/:id',
    {
      config: { permission: 'viewGrievances' },
      schema: {
        ...routeDefaults,
        summary:
          "One grievance with its steps and the time each took; the complainant's identity only for the company users its owner names",
        ...grievanceSchemas.grievance,
      },
    },
    async (request) => answer(request.user, request.params.id),
  );

  fastify.post(
    '/grievance/:id/steps',
    {
      config: { permission: 'recordGrievance' },
      ...loose,
      schema: {
        ...routeDefaults,
        summary:
          'Move the grievance to its next step: acknowledged, investigated, resolved, closed',
        description:
          'Target-company owners, admins and editors. `step` the next step, `on` its day (YYYY-MM-DD, not in the future, not before the step before it); `text` what the investigation found or how it was resolved (20,000 characters) for investigated and resolved; `response` satisfied, notSatisfied or noResponse for closed. A step out of order or a stale `revision` is 409.',
        ...grievanceSchemas.grievanceStep,
      },
    },
    async (request) => {
      const { revision, ...input } = request.body;
      const step = passed(checkGrievanceStep(input));
      await db.transaction((tx) =>
        takeGrievanceStep(tx, request.user, request.params.id, step, revision),
      );
      return answer(request.user, request.params.id);
    },
  );

  fastify.get(
    '/target-company/:id/grievance-targets',
    {
      config: { permission: 'viewGrievances' },
      schema: {
        ...routeDefaults,
        summary:
          "The company's grievance targets (days to acknowledge and to resolve) and the users who see complainants' identities",
        ...grievanceSchemas.grievanceSettings,
      },
    },
    async (request) => {
      const company = await requireVisibleCompany(db, request.user, request.params.id);
      return {
        success: true as const,
        data: { settings: await readGrievanceSettings(db, company.id) },
      };
    },
  );

  fastify.put(
    '/target-company/:id/grievance-targets',
    {
      config: { permission: 'manageGrievanceTargets' },
      ...loose,
      schema: {
        ...routeDefaults,
        summary: "Set the company's grievance targets (its owner and admins)",
        description:
          '`acknowledgeWithinDays` and `resolveWithinDays`, whole days 1 to 365 after the day received. Grievances already recorded keep their due days.',
        ...grievanceSchemas.updateGrievanceTargets,
      },
    },
    async (request) => {
      const company = await ownCompany(request.user, request.params.id);
      const targets = passed(checkGrievanceTargets(request.body));
      await writeGrievanceTargets(db, company.id, targets, request.user._id);
      return {
        success: true as const,
        data: { settings: await readGrievanceSettings(db, company.id) },
      };
    },
  );

  fastify.put(
    '/target-company/:id/grievance-identity-viewers',
    {
      config: { permission: 'manageGrievanceIdentityViewers' },
      ...loose,
      schema: {
        ...routeDefaults,
        summary: "Name the company users who see complainants' names and contacts (its owner)",
        description:
          '`userIds`: the whole list, at most 50, each a user of this company (400 otherwise). Everyone else reads the log with the identity withheld.',
        ...grievanceSchemas.updateGrievanceIdentityViewers,
      },
    },
    async (request) => {
      const company = await ownCompany(request.user, request.params.id);
      await db.transaction((tx) => writeIdentityViewers(tx, company.id, request.body.userIds));
      return {
        success: true as const,
        data: { settings: await readGrievanceSettings(db, company.id) },
      };
    },
  );
};

export default grievanceRoutes;
