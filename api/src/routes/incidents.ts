import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  INCIDENT_ANSWER_REQUIRED,
  INCIDENT_CLOSED,
  INCIDENT_PHOTOS_REQUIRED,
  INCIDENT_QUESTION_MAX,
  INCIDENT_QUESTION_REQUIRED,
  INCIDENT_ROOT_CAUSE_MAX,
  INCIDENT_ROOT_CAUSE_REQUIRED,
  checkGap,
  checkIncident,
  checkIncidentClocks,
  checkIncidentText,
  incidentSchemas,
  type AuditForm,
  type SessionUser,
  readingIn,
} from '@verity/shared-api/src/server';
import { insertGap } from '../action-plans/gap-writes';
import {
  REMARK_UPLOAD_LIMITS,
  commitDocuments,
  discardDocuments,
  readRemarkUpload,
  sendStoredImage,
} from '../action-plans/remark-attachments';
import {
  MULTIPART_OVERHEAD_BYTES,
  claimUpload,
  uploadAllowance,
} from '../action-plans/upload-limits';
import {
  requireVisibleActionPlan,
  requireVisibleCompany,
  requireVisibleGap,
} from '../auth/tenancy';
import { isDatabaseUnavailable } from '../db/connection-errors';
import { invalid, notFound, passed } from '../errors';
import { conflict } from '../organisations/messages';
import { incidentExportFileName, incidentExportSelect } from '../incidents/incident-export';
import {
  answerQuestion,
  askQuestion,
  closeIncident,
  editIncident,
  incidentRegister,
  incidentsOfGap,
  linkCorrectiveAction,
  insertIncidentPhoto,
  readClocks,
  readIncident,
  reportIncident,
  requireVisibleIncident,
  requireVisiblePhoto,
  submitRootCause,
  writeClocks,
} from '../incidents/incidents';
import { callerLanguage } from '../language/answer-language';

const routeDefaults = { tags: ['incidents'] };

/**
 * Serious E&S incidents (docs/decisions/0099-serious-incidents.md): the company reports them and
 * writes the root cause, the client and the company's firms read them, the client asks questions,
 * closes them and sets the clocks; corrective actions are gaps of the company's plans. Another
 * tenancy's ids are 404.
 */
const incidentRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db, config } = fastify;
  const storage = fastify.attachments;
  const limits = {
    quotaBytes: config.attachmentQuotaBytes,
    rateBytesPerHour: config.uploadRateBytesPerHour,
  };
  // Only the photos' route takes a multipart body, under the remarks' limits.
  await fastify.register(multipart, { limits: REMARK_UPLOAD_LIMITS });
  const loose = { preValidation: async (request: { body: unknown }) => void (request.body ??= {}) };

  const answer = async (user: SessionUser, id: string) => ({
    success: true as const,
    data: { incident: await readIncident(db, user, id) },
  });

  fastify.post(
    '/target-company/:id/incidents',
    {
      config: { permission: 'reportIncident' },
      ...loose,
      schema: {
        ...routeDefaults,
        summary:
          "Report a serious incident: the company's client and its firms are told at once, which notifies the lender",
        description:
          "Target-company owners, admins and editors. `category` one of INCIDENT_CATEGORIES, `severity` low, medium, high or critical, `occurredAt` an ISO moment not in the future, `location` (500 characters), `description` and `immediateActions` (20,000 each), `peopleAffected` 0 or more. The due days follow the client's clocks in its time zone.",
        ...incidentSchemas.reportIncident,
      },
    },
    async (request, reply) => {
      const { user } = request;
      const company = await requireVisibleCompany(db, user, request.params.id);
      const values = passed(checkIncident(request.body));
      const id = await db.transaction(async (tx) => {
        const incidentId = await reportIncident(tx, company.id, values, user);
        await fastify.notifications.incidentReported(tx, incidentId, user);
        return incidentId;
      });
      fastify.notifications.emailsQueued();
      return reply.code(201).send(await answer(user, id));
    },
  );

  fastify.get(
    '/target-company/:id/incidents',
    {
      config: { permission: 'viewIncidents' },
      schema: {
        ...routeDefaults,
        summary:
          "The company's incident register: its incidents with their clocks, filtered by open, late, category and severity, and the counts",
        ...incidentSchemas.companyIncidents,
      },
    },
    async (request) => {
      const company = await requireVisibleCompany(db, request.user, request.params.id);
      return {
        success: true as const,
        data: await incidentRegister(db, { targetCompanyId: company.id }, request.query),
      };
    },
  );

  fastify.get(
    '/client/incidents',
    {
      config: { permission: 'viewIncidentPortfolio' },
      schema: {
        ...routeDefaults,
        summary:
          "The incident register across the client's portfolio, filtered by open, late, category and severity, and the counts",
        ...incidentSchemas.incidentPortfolio,
      },
    },
    async (request) => {
      const { clientId } = request.user;
      if (!clientId) throw notFound();
      return {
        success: true as const,
        data: await incidentRegister(db, { clientId }, request.query),
      };
    },
  );

  /** Streams the register's CSV: a long download at a slow reader's pace (csv-downloads.ts). */
  const sendCsv = (
    request: FastifyRequest,
    reply: FastifyReply,
    scope: { targetCompanyId: string } | { clientId: string },
  ) => {
    const { sql, params } = readingIn(callerLanguage(request), () => incidentExportSelect(scope));
    const name = incidentExportFileName('targetCompanyId' in scope ? scope.targetCompanyId : null);
    return fastify.csvDownloads.send(request, reply, name, () => db.copyOut(sql, params));
  };

  fastify.get(
    '/target-company/:id/incidents/export/csv',
    {
      config: { permission: 'viewIncidents' },
      handlerTimeout: 10 * 60_000,
      schema: {
        ...routeDefaults,
        summary: "The company's incident register as a CSV file, with its clocks",
        produces: ['text/csv'],
        ...incidentSchemas.exportIncidents,
      },
    },
    async (request, reply) => {
      const company = await requireVisibleCompany(db, request.user, request.params.id);
      return sendCsv(request, reply, { targetCompanyId: company.id });
    },
  );

  fastify.get(
    '/client/incidents/export/csv',
    {
      config: { permission: 'viewIncidentPortfolio' },
      handlerTimeout: 10 * 60_000,
      schema: {
        ...routeDefaults,
        summary: "The incident register across the client's portfolio as a CSV file",
        produces: ['text/csv'],
        ...incidentSchemas.exportIncidentPortfolio,
      },
    },
    async (request, reply) => {
      const { clientId } = request.user;
      if (!clientId) throw notFound();
      return sendCsv(request, reply, { clientId });
    },
  );

  fastify.get(
    '/client/incident-clocks',
    {
      config: { permission: 'viewClientSettings' },
      schema: {
        ...routeDefaults,
        summary:
          "The client's incident clocks: days after the event to notify and for the root cause",
        ...incidentSchemas.incidentClocks,
      },
    },
    async (request) => {
      const { clientId } = request.user;
      if (!clientId) throw notFound();
      return { success: true as const, data: { clocks: await readClocks(db, clientId) } };
    },
  );

  fastify.put(
    '/client/incident-clocks',
    {
      config: { permission: 'manageClientSettings' },
      ...loose,
      schema: {
        ...routeDefaults,
        summary: "Set the client's incident clocks (its owner)",
        description:
          '`notifyWithinDays` and `rootCauseWithinDays`, whole days 1 to 365. Incidents already reported keep their due days.',
        ...incidentSchemas.updateIncidentClocks,
      },
    },
    async (request) => {
      const { clientId, _id } = request.user;
      if (!clientId) throw notFound();
      const clocks = passed(checkIncidentClocks(request.body));
      await writeClocks(db, clientId, clocks, _id);
      return { success: true as const, data: { clocks: await readClocks(db, clientId) } };
    },
  );

  fastify.get(
    '/incident/:id',
    {
      config: { permission: 'viewIncidents' },
      schema: {
        ...routeDefaults,
        summary:
          'One incident: the report, its clocks, the root-cause analysis, the questions and the corrective actions',
        ...incidentSchemas.incident,
      },
    },
    async (request) => answer(request.user, request.params.id),
  );

  fastify.put(
    '/incident/:id',
    {
      config: { permission: 'reportIncident' },
      ...loose,
      schema: {
        ...routeDefaults,
        summary: 'Correct the report of an open incident',
        description:
          'Target-company owners, admins and editors; the fields as when reporting. `revision` as read: a stale one is 409, and so is a closed incident. A corrected moment moves the due days with it.',
        ...incidentSchemas.editIncident,
      },
    },
    async (request) => {
      const { revision, ...input } = request.body;
      const values = passed(checkIncident(input));
      await db.transaction((tx) =>
        editIncident(tx, request.user, request.params.id, values, revision),
      );
      return answer(request.user, request.params.id);
    },
  );

  fastify.put(
    '/incident/:id/root-cause',
    {
      config: { permission: 'reportIncident' },
      ...loose,
      schema: {
        ...routeDefaults,
        summary:
          'Write the root-cause analysis; the first one written stops its clock, later ones correct it',
        description:
          'Target-company owners, admins and editors. `rootCause` up to 50,000 characters. `revision` as read: a stale one is 409, and so is a closed incident.',
        ...incidentSchemas.submitRootCause,
      },
    },
    async (request) => {
      const rootCause = passed(
        checkIncidentText(
          request.body.rootCause,
          INCIDENT_ROOT_CAUSE_MAX,
          INCIDENT_ROOT_CAUSE_REQUIRED,
        ),
      );
      await db.transaction((tx) =>
        submitRootCause(tx, request.user, request.params.id, rootCause, request.body.revision),
      );
      return answer(request.user, request.params.id);
    },
  );

  fastify.post(
    '/incident/:id/close',
    {
      config: { permission: 'closeIncident' },
      ...loose,
      schema: {
        ...routeDefaults,
        summary: 'Close the incident (client users who are not viewers)',
        description: '`revision` as read: a stale one is 409, and so is a closed incident.',
        ...incidentSchemas.closeIncident,
      },
    },
    async (request) => {
      await db.transaction((tx) =>
        closeIncident(tx, request.user, request.params.id, request.body.revision),
      );
      return answer(request.user, request.params.id);
    },
  );

  fastify.post(
    '/incident/:id/questions',
    {
      config: { permission: 'askIncidentQuestion' },
      ...loose,
      schema: {
        ...routeDefaults,
        summary: 'Ask the company a question on the incident (client users who are not viewers)',
        description:
          "`question` up to 4,000 characters. A closed incident is 409. The company's non-viewers are notified.",
        ...incidentSchemas.askQuestion,
      },
    },
    async (request, reply) => {
      const question = passed(
        checkIncidentText(request.body.question, INCIDENT_QUESTION_MAX, INCIDENT_QUESTION_REQUIRED),
      );
      await db.transaction(async (tx) => {
        const questionId = await askQuestion(tx, request.user, request.params.id, question);
        await fastify.notifications.incidentQuestion(
          tx,
          'incidentQuestionAsked',
          questionId,
          request.user,
        );
      });
      fastify.notifications.emailsQueued();
      return reply.code(201).send(await answer(request.user, request.params.id));
    },
  );

  fastify.post(
    '/incident-question/:id/answer',
    {
      config: { permission: 'reportIncident' },
      ...loose,
      schema: {
        ...routeDefaults,
        summary: "Answer the client's question on an incident",
        description:
          "Target-company owners, admins and editors. `answer` up to 4,000 characters. A question answered already is 409. The client's non-viewers are notified.",
        ...incidentSchemas.answerQuestion,
      },
    },
    async (request) => {
      const text = passed(
        checkIncidentText(request.body.answer, INCIDENT_QUESTION_MAX, INCIDENT_ANSWER_REQUIRED),
      );
      const incidentId = await db.transaction(async (tx) => {
        const id = await answerQuestion(tx, request.user, request.params.id, text);
        await fastify.notifications.incidentQuestion(
          tx,
          'incidentQuestionAnswered',
          request.params.id,
          request.user,
        );
        return id;
      });
      fastify.notifications.emailsQueued();
      return answer(request.user, incidentId);
    },
  );

  fastify.post(
    '/incident/:id/corrective-actions',
    {
      config: { permission: 'addIncidentCorrectiveAction' },
      schema: {
        ...routeDefaults,
        summary:
          "Add a corrective action: a gap in one of the company's action plans, linked to the incident",
        description:
          "Target-company owners, admins and editors, or the firm's owners and admins. `actionPlanId` a plan of the incident's company the caller sees (404 otherwise); `gap` as for adding a gap, under the same rules.",
        ...incidentSchemas.addCorrectiveAction,
      },
    },
    async (request, reply) => {
      const { user } = request;
      const incident = await requireVisibleIncident(db, user, request.params.id);
      const plan = await requireVisibleActionPlan(
        db,
        user,
        request.body.actionPlanId,
        incident.targetCompanyId,
      );
      const gap = passed(
        checkGap(request.body.gap, {
          formType: plan.form_type as AuditForm,
          planTimeline: plan.timeline,
        }),
      );
      await db.transaction(async (tx) => {
        const gapId = await insertGap(
          tx,
          { actionPlanId: plan.id, targetCompanyId: plan.target_company_id, actor: user },
          gap,
        );
        await linkCorrectiveAction(tx, incident.id, gapId);
      });
      return reply.code(201).send(await answer(user, incident.id));
    },
  );

  fastify.get(
    '/gap/:gapId/incidents',
    {
      config: { permission: 'viewIncidents' },
      schema: {
        ...routeDefaults,
        summary: 'The incidents whose corrective action the gap is, for whoever sees the gap',
        ...incidentSchemas.gapIncidents,
      },
    },
    async (request) => {
      const gap = await requireVisibleGap(db, request.user, request.params.gapId);
      return { success: true as const, data: { incidents: await incidentsOfGap(db, gap.id) } };
    },
  );

  fastify.post(
    '/incident/:id/photos',
    {
      config: { permission: 'reportIncident', takesTurn: false },
      handlerTimeout: 2 * 60_000,
      schema: {
        ...routeDefaults,
        summary: 'Add photos to an open incident, checked and stored as remarks’ images are',
        description:
          'multipart/form-data: `documents` (PNG, JPEG, GIF or WebP files; at most 10, 5 MB each), each optionally after a `deviceCapture` field as for remarks. Target-company owners, admins and editors. The files count against the company’s storage quota (413 when full) and the user’s hourly upload rate (429 with Retry-After). A closed incident is 409.',
        consumes: ['multipart/form-data'],
        ...incidentSchemas.addPhotos,
      },
    },
    async (request, reply) => {
      const { user } = request;
      const visible = await requireVisibleIncident(db, user, request.params.id);
      if (visible.closed) throw conflict(INCIDENT_CLOSED);
      if (!request.isMultipart()) throw invalid(INCIDENT_PHOTOS_REQUIRED);
      const uploader = { targetCompanyId: visible.targetCompanyId, userId: user._id };
      const allowance = await uploadAllowance(db, uploader, limits);
      const declared = Number(request.headers['content-length']);
      if (declared > allowance.bytes + MULTIPART_OVERHEAD_BYTES) throw allowance.refusal();
      const upload = await readRemarkUpload(request.parts(), storage, allowance);
      try {
        if (upload.documents.length === 0) throw invalid(INCIDENT_PHOTOS_REQUIRED);
        await db.transaction(async (tx) => {
          const place = await requireVisibleIncident(tx, user, visible.id, true);
          if (place.closed) throw conflict(INCIDENT_CLOSED);
          const bytes = upload.documents.reduce((sum, doc) => sum + doc.size, 0);
          await claimUpload(tx, uploader, bytes, limits);
          for (const doc of upload.documents) await insertIncidentPhoto(tx, place, doc, user._id);
        });
        await commitDocuments(storage, upload.documents, (error) =>
          request.log.warn({ err: error }, 'attachment left pending for the sweep'),
        );
      } catch (error) {
        // A connection lost mid-transaction may still have committed: the sweep settles those files.
        if (!isDatabaseUnavailable(error)) await discardDocuments(storage, upload.documents);
        throw error;
      }
      return reply.code(201).send(await answer(user, visible.id));
    },
  );

  fastify.get(
    '/incident-photo/:id',
    {
      config: { permission: 'viewIncidents' },
      handlerTimeout: 10 * 60_000,
      schema: {
        ...routeDefaults,
        summary: 'An incident’s photo, for whoever can see the incident',
        ...incidentSchemas.incidentPhoto,
      },
    },
    async (request, reply) => {
      const photo = await requireVisiblePhoto(db, request.user, request.params.id);
      return sendStoredImage(reply, storage, photo);
    },
  );
};

export default incidentRoutes;
