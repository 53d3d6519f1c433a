// The contract of the monitoring report (docs/api.md "Monitoring report").
import { Type } from '@sinclair/typebox';
import { Uuid, routeSchemas, signedInErrors } from './common';

/** The language of a report's own words, and whether each is followed by its English. */
export const REPORT_LANGUAGE_QUERY = {
  language: Type.Optional(
    Type.String({
      description:
        "the language of the report's own words (en, fr, es, pt, tr, ar); default the caller's language, else English. An Arabic report is written right to left.",
    }),
  ),
  bilingual: Type.Optional(
    Type.String({
      description:
        "true: each of the report's own words in the language, then ' / ', then in English; false (default): the language alone",
    }),
  ),
};

/** Format, period, language and bilingual: checked by the route with the report's own messages (domain/reports). */
const ReportQuery = {
  format: Type.Optional(Type.String({ description: 'pdf (default) or xlsx' })),
  from: Type.Optional(
    Type.String({ description: 'first day, yyyy-mm-dd; default 90 days before `to`' }),
  ),
  to: Type.Optional(
    Type.String({ description: "last day, yyyy-mm-dd; default today in the company's time zone" }),
  ),
  ...REPORT_LANGUAGE_QUERY,
};

const ReportFile = Type.Unsafe<unknown>({
  type: 'string',
  format: 'binary',
  description:
    'application/pdf or the Excel workbook (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet), streamed, as an attachment',
});

export const reportSchemas = routeSchemas({
  actionPlanReport: {
    params: Type.Object({ id: Uuid }),
    querystring: Type.Object({ targetCompanyId: Uuid, ...ReportQuery }),
    response: { 200: ReportFile, ...signedInErrors },
  },
  companyReport: {
    params: Type.Object({ id: Uuid }),
    querystring: Type.Object(ReportQuery),
    response: { 200: ReportFile, ...signedInErrors },
  },
});

/** GET /action-plan/{id}/esap-workbook (docs/decisions/0093-esap-back-in-the-lenders-layout.md). */
export const esapWorkbookSchemas = routeSchemas({
  esapWorkbook: {
    params: Type.Object({ id: Uuid }),
    querystring: Type.Object({
      targetCompanyId: Uuid,
      asOf: Type.Optional(
        Type.String({
          description:
            "the day the status, progress and evidence are given as of, yyyy-mm-dd; default today in the company's time zone",
        }),
      ),
    }),
    response: {
      200: Type.Unsafe<unknown>({
        type: 'string',
        format: 'binary',
        description:
          'the Excel workbook (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet) in the layout of the one the ESAP was imported from, streamed, as an attachment',
      }),
      ...signedInErrors,
    },
  },
});
