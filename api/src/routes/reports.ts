import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { buffer } from 'node:stream/consumers';
import type { FastifyReply } from 'fastify';
import {
  checkReportPeriod,
  esapWorkbookFileName,
  esapWorkbookMessages,
  esapWorkbookSchemas,
  isReportDay,
  isReportFormat,
  reportFileName,
  reportMessages,
  reportSchemas,
  DEFAULT_DATE_STYLE,
  type ReportFormat,
  type SessionUser,
} from '@verity/shared-api/src/server';
import { requireVisibleActionPlan, requireVisibleCompany } from '../auth/tenancy';
import { ApiError, invalid } from '../errors';
import { errorCodes } from '../messages';
import { findSourceWorkbook } from '../esap-import/source-workbook';
import { writeWorkbookBack } from '../esap-import/workbook-back';
import { readGapsAsOf } from '../esap-import/workbook-as-of';
import { AttachmentNotFoundError } from '../storage/attachment-storage';
import { attachmentDisposition } from '../reports/content-disposition';
import { findReportCompany, gatherReport, type ReportScope } from '../reports/report-data';
import { writeReportPdf } from '../reports/report-pdf';
import { writeReportXlsx } from '../reports/report-xlsx';
import { wordsAsked } from '../reports/report-words';

interface ReportQuery {
  format?: string;
  from?: string;
  to?: string;
  language?: string;
  bilingual?: string;
}

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
    query: ReportQuery,
    reader: SessionUser,
  ) {
    const format = query.format ?? 'pdf';
    if (!isReportFormat(format)) throw invalid(reportMessages.badFormat);
    const words = wordsAsked(query, reader);
    const company = await findReportCompany(db, targetCompanyId);
    const period = checkReportPeriod(query.from, query.to, company.today);
    if (!period.ok) throw invalid(period.message);
    const data = await gatherReport(db, company, scope, period, reader.dateStyle, reader);
    const { stream, done } =
      format === 'pdf'
        ? await writeReportPdf(data, attachments, words)
        : await writeReportXlsx(data, words);
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
      const { targetCompanyId, ...query } = request.query;
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
        query,
        request.user,
      );
    },
  );

  fastify.get(
    '/action-plan/:id/esap-workbook',
    {
      config: { permission: 'viewActionPlans' },
      handlerTimeout: 2 * 60_000,
      schema: {
        ...routeDefaults,
        summary:
          "An imported ESAP written back in the lender's own workbook, with status, progress, evidence and verification as of a day (whoever may read the plan)",
        description:
          'The workbook the plan’s ESAP was imported from (the latest revision’s), its title block, header rows, section rows, columns, styles and merges as they were; the status column (the lender’s own, else added) and the added columns (Progress / latest remark, Evidence (files), Latest evidence, Verified, Verified on, Due date (Verity)) filled in as of the end of `asOf` in the company’s time zone; an “as of” line in the title block; the plan’s gaps the file does not list appended below the table (added in Verity, by section; dropped by a revision). 404 for a plan not imported from a workbook (.xlsx); 400 for an `asOf` that is not a day or is after today.',
        produces: [CONTENT_TYPES.xlsx],
        ...esapWorkbookSchemas.esapWorkbook,
      },
    },
    async (request, reply) => {
      const { asOf: sentAsOf, targetCompanyId } = request.query;
      const plan = await requireVisibleActionPlan(
        db,
        request.user,
        request.params.id,
        targetCompanyId,
      );
      const company = await findReportCompany(db, plan.target_company_id);
      const asOf = sentAsOf === undefined || sentAsOf === '' ? company.today : sentAsOf;
      if (!isReportDay(asOf) || asOf > company.today) throw invalid(esapWorkbookMessages.badAsOf);
      const noWorkbook = () =>
        new ApiError(404, errorCodes.notFound, esapWorkbookMessages.noWorkbook);
      const source = await findSourceWorkbook(db, plan.id);
      if (!source) throw noWorkbook();
      const gaps = await readGapsAsOf(db, plan.id, asOf);
      const bytes = await attachments.get(source.storageKey).then(
        (file) => buffer(file),
        (error: unknown) => {
          throw error instanceof AttachmentNotFoundError ? noWorkbook() : error;
        },
      );
      const workbook = await writeWorkbookBack({
        bytes,
        source,
        gaps,
        asOf,
        dateStyle: request.user.dateStyle ?? DEFAULT_DATE_STYLE,
        timeZone: company.timeZone,
      });
      return reply
        .header('Content-Type', CONTENT_TYPES.xlsx)
        .header(
          'Content-Disposition',
          attachmentDisposition(esapWorkbookFileName(source.fileName, asOf)),
        )
        .header('Cache-Control', 'private, no-store')
        .send(workbook);
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
