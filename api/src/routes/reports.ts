import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import {
  checkReportPeriod,
  isReportFormat,
  reportFileName,
  reportMessages,
  reportSchemas,
  type ReportFormat,
  type SessionUser,
} from '@verity/shared-api/src/server';
import { requireVisibleActionPlan, requireVisibleCompany } from '../auth/tenancy';
import { invalid } from '../errors';
import { attachmentDisposition } from '../reports/content-disposition';
import { findReportCompany, gatherReport, type ReportScope } from '../reports/report-data';
import { writeReportPdf } from '../reports/report-pdf';
import { writeReportXlsx } from '../reports/report-xlsx';

const CONTENT_TYPES: Readonly<Record<ReportFormat, string>> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const routeDefaults = { tags: ['reports'] };

/** The lender's monitoring report of one plan or of a company (docs/api.md "Monitoring report"). */
const reportRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db, attachments } = fastify;

  /** Checks format and period (400 with the report's words), gathers the report and streams it. */
  async function sendReport(
    reply: FastifyReply,
    targetCompanyId: string,
    scope: ReportScope,
    query: { format?: string; from?: string; to?: string },
    reader: SessionUser,
  ) {
    const format = query.format ?? 'pdf';
    if (!isReportFormat(format)) throw invalid(reportMessages.badFormat);
    const company = await findReportCompany(db, targetCompanyId);
    const period = checkReportPeriod(query.from, query.to, company.today);
    if (!period.ok) throw invalid(period.message);
    const data = await gatherReport(db, company, scope, period, reader.dateStyle, reader);
    const { stream, done } =
      format === 'pdf' ? await writeReportPdf(data, attachments) : await writeReportXlsx(data);
    // A failure after the first bytes can only cut the download short; it is logged here.
    done.catch((error: unknown) => reply.log.error({ err: error }, 'monitoring report failed'));
    return reply
      .header('Content-Type', CONTENT_TYPES[format])
      .header(
        'Content-Disposition',
        attachmentDisposition(reportFileName(company.name, period.from, period.to, format)),
      )
      .header('Cache-Control', 'private, no-store')
      .send(stream);
  }

  fastify.get(
    '/action-plan/:id/report',
    {
      config: { permission: 'viewActionPlans' },
      handlerTimeout: 5 * 60_000,
      schema: {
        ...routeDefaults,
        summary:
          "An action plan's monitoring report for lenders, as PDF or Excel (whoever may read the plan)",
        produces: [CONTENT_TYPES.pdf, CONTENT_TYPES.xlsx],
        ...reportSchemas.actionPlanReport,
      },
    },
    async (request, reply) => {
      const { format, from, to, targetCompanyId } = request.query;
      const plan = await requireVisibleActionPlan(
        db,
        request.user,
        request.params.id,
        targetCompanyId,
      );
      return sendReport(
        reply,
        plan.target_company_id,
        { kind: 'actionPlan', actionPlanId: plan.id },
        { format, from, to },
        request.user,
      );
    },
  );

  fastify.get(
    '/target-company/:id/report',
    {
      config: { permission: 'viewCompanyDashboard' },
      handlerTimeout: 5 * 60_000,
      schema: {
        ...routeDefaults,
        summary:
          "A target company's monitoring report for lenders, over every action plan the caller may see, as PDF or Excel",
        produces: [CONTENT_TYPES.pdf, CONTENT_TYPES.xlsx],
        ...reportSchemas.companyReport,
      },
    },
    async (request, reply) => {
      const company = await requireVisibleCompany(db, request.user, request.params.id);
      return sendReport(
        reply,
        company.id,
        { kind: 'company', reader: request.user },
        request.query,
        request.user,
      );
    },
  );
};

export default reportRoutes;
