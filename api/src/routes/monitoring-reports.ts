import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DEFAULT_DATE_STYLE,
  REPORT_NOT_ACCEPTED,
  checkReportReview,
  checkReportRule,
  checkReportSections,
  monitoringReportSchemas,
} from '@verity/shared-api/src/server';
import { requireVisibleCompany } from '../auth/tenancy';
import { notFound, passed } from '../errors';
import {
  annualReportFileName,
  writeAnnualReportPdf,
} from '../monitoring-reports/annual-report-pdf';
import {
  listCompanyReports,
  readReport,
  readRule,
  reportPortfolio,
  reviewReport,
  saveReport,
  startReport,
  submitReport,
  writeRule,
} from '../monitoring-reports/reports';
import { conflict } from '../organisations/messages';
import { attachmentDisposition } from '../reports/content-disposition';
import { wordsAsked } from '../reports/report-words';

const routeDefaults = { tags: ['monitoring reports'] };

/**
 * Annual monitoring reports (docs/decisions/0094-annual-monitoring-reports.md): the client's
 * reporting rule, the company's reports per period, submission, the client's review and the
 * accepted report's PDF. Auditors have no part in them (403); another tenancy's ids are 404.
 */
const monitoringReportRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;
  const loose = { preValidation: async (request: { body: unknown }) => void (request.body ??= {}) };

  const answer = async (request: { user: Parameters<typeof readReport>[1] }, id: string) => ({
    success: true as const,
    data: { report: await readReport(db, request.user, id) },
  });

  fastify.get(
    '/target-company/:id/monitoring-reports',
    {
      config: { permission: 'viewMonitoringReports' },
      schema: {
        ...routeDefaults,
        summary:
          "The company's monitoring reports, its reporting rule and the ended periods with no report yet",
        ...monitoringReportSchemas.companyReports,
      },
    },
    async (request) => {
      const company = await requireVisibleCompany(db, request.user, request.params.id);
      return {
        success: true as const,
        data: await listCompanyReports(db, company.id, request.user),
      };
    },
  );

  fastify.put(
    '/target-company/:id/report-rule',
    {
      config: { permission: 'manageReportRule' },
      ...loose,
      schema: {
        ...routeDefaults,
        summary:
          "Set when the company reports: annual or semi-annual, the financial year's end, the days after a period's end the report is due",
        description:
          "Client users who are not viewers. `frequency` 'annual' or 'semiAnnual', `yearEnd` MM-DD (not 02-29), `dueDays` 1 to 365. Reports already started keep their due dates.",
        ...monitoringReportSchemas.updateReportRule,
      },
    },
    async (request) => {
      const { user } = request;
      const company = await requireVisibleCompany(db, user, request.params.id);
      const rule = passed(checkReportRule(request.body));
      await writeRule(db, company.id, rule, user._id);
      const saved = await readRule(db, company.id);
      return { success: true as const, data: { rule: { ...saved.rule, isDefault: false } } };
    },
  );

  fastify.post(
    '/target-company/:id/monitoring-reports',
    {
      config: { permission: 'prepareMonitoringReport' },
      ...loose,
      schema: {
        ...routeDefaults,
        summary: 'Start the draft report of an ended period',
        description:
          'Target-company owners, admins and editors. `periodEnd`: one of the ended periods the rule gives (the latest four). A period already started is 409.',
        ...monitoringReportSchemas.startReport,
      },
    },
    async (request, reply) => {
      const company = await requireVisibleCompany(db, request.user, request.params.id);
      const id = await startReport(db, company.id, request.body.periodEnd, request.user._id);
      return reply.code(201).send(await answer(request, id));
    },
  );

  fastify.get(
    '/monitoring-report/:id',
    {
      config: { permission: 'viewMonitoringReports' },
      schema: {
        ...routeDefaults,
        summary:
          'One monitoring report: its sections, the ESAP figures (live in a draft, frozen once submitted), each submitted version and each review',
        ...monitoringReportSchemas.report,
      },
    },
    async (request) => answer(request, request.params.id),
  );

  fastify.put(
    '/monitoring-report/:id',
    {
      config: { permission: 'prepareMonitoringReport' },
      ...loose,
      schema: {
        ...routeDefaults,
        summary: 'Save the narrative sections of a draft, or of a report the client sent back',
        description:
          'Target-company owners, admins and editors. `sections`: text per section key (up to 20,000 characters each); sections left out stay. `revision` as read: a stale one is 409, and so is a report with the client.',
        ...monitoringReportSchemas.saveReport,
      },
    },
    async (request) => {
      const sections = passed(checkReportSections(request.body.sections));
      await db.transaction((tx) =>
        saveReport(tx, request.user, request.params.id, sections, request.body.revision),
      );
      return answer(request, request.params.id);
    },
  );

  fastify.post(
    '/monitoring-report/:id/submit',
    {
      config: { permission: 'prepareMonitoringReport' },
      ...loose,
      schema: {
        ...routeDefaults,
        summary:
          'Submit the report to the client: its sections and the figures as of now are kept as the next version',
        description:
          "Target-company owners, admins and editors; a draft or a report sent back (409 otherwise), with at least one section written. The client's non-viewers are notified.",
        ...monitoringReportSchemas.submitReport,
      },
    },
    async (request) => {
      const { user } = request;
      await db.transaction(async (tx) => {
        const place = await submitReport(tx, user, request.params.id, request.body.revision);
        await fastify.notifications.reportEvent(tx, {
          kind: 'reportSubmitted',
          ...place,
          author: user,
        });
      });
      fastify.notifications.emailsQueued();
      return answer(request, request.params.id);
    },
  );

  fastify.post(
    '/monitoring-report/:id/review',
    {
      config: { permission: 'reviewMonitoringReport' },
      ...loose,
      schema: {
        ...routeDefaults,
        summary: 'Answer the submitted version: request changes or accept, with comments',
        description:
          "Client users who are not viewers. `decision` 'requestChanges' (a comment on the report or a section is needed) or 'accept'; `comment` and `sectionComments` up to 4,000 characters each. Only a submitted report (409 otherwise). The company's non-viewers are notified.",
        ...monitoringReportSchemas.reviewReport,
      },
    },
    async (request) => {
      const { user } = request;
      const review = passed(checkReportReview(request.body));
      await db.transaction(async (tx) => {
        const place = await reviewReport(
          tx,
          user,
          request.params.id,
          review,
          request.body.revision,
        );
        await fastify.notifications.reportEvent(tx, {
          kind: review.decision === 'accept' ? 'reportAccepted' : 'reportChangesRequested',
          ...place,
          author: user,
          comment: review.comment,
        });
      });
      fastify.notifications.emailsQueued();
      return answer(request, request.params.id);
    },
  );

  fastify.get(
    '/monitoring-report/:id/pdf',
    {
      config: { permission: 'viewMonitoringReports' },
      handlerTimeout: 5 * 60_000,
      schema: {
        ...routeDefaults,
        summary:
          'The accepted report as a PDF: the monitoring report of its period, then its narrative, sign-off and review trail',
        produces: ['application/pdf'],
        ...monitoringReportSchemas.reportPdf,
      },
    },
    async (request, reply) => {
      const report = await readReport(db, request.user, request.params.id);
      const words = wordsAsked(request.query, request.user);
      if (report.status !== 'accepted') throw conflict(REPORT_NOT_ACCEPTED);
      const { stream, done } = await writeAnnualReportPdf(
        db,
        fastify.attachments,
        report,
        request.user.dateStyle ?? DEFAULT_DATE_STYLE,
        words,
      );
      done.catch((error: unknown) => reply.log.error({ err: error }, 'annual report PDF failed'));
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', attachmentDisposition(annualReportFileName(report)))
        .header('Cache-Control', 'private, no-store')
        .send(stream);
    },
  );

  fastify.get(
    '/client/monitoring-reports',
    {
      config: { permission: 'viewReportPortfolio' },
      schema: {
        ...routeDefaults,
        summary:
          "Each of the client's companies with the report of its latest ended period: due, late, under review or accepted",
        ...monitoringReportSchemas.reportPortfolio,
      },
    },
    async (request) => {
      const { clientId } = request.user;
      if (!clientId) throw notFound();
      return { success: true as const, data: { companies: await reportPortfolio(db, clientId) } };
    },
  );
};

export default monitoringReportRoutes;
