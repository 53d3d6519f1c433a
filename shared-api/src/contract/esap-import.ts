// The contract of the ESAP spreadsheet import (docs/api.md "ESAP import").
import { Type, type Static } from '@sinclair/typebox';
import {
  ESAP_IMPORT_FIELDS,
  ESAP_STATUS_SOURCES,
  IMPORT_STATUS_TARGETS,
} from '../domain/esap-import';
import {
  Nullable,
  Uuid,
  errorAnswers,
  oneOf,
  routeSchemas,
  signedInErrors,
  successWith,
} from './common';
import { EsapMatchingPlan, EsapRevisionPreview } from './esap-revision';

/** POST /action-plan/import query; the file and the plan's fields arrive as multipart form data. */
export const EsapImportQuery = Type.Object({
  targetCompanyId: Uuid,
  auditId: Uuid,
  /** true: check only and write nothing; the answer is what the import would do. */
  dryRun: Type.Optional(Type.Boolean({ default: false })),
  /** Import into this existing plan of the audit (again, say) instead of a new one. */
  actionPlanId: Type.Optional(Uuid),
  /**
   * true: a new plan even though a plan of the audit already has the file's items (without it, such
   * an import is refused with 409 and a dry run names that plan: docs/decisions/0083-esap-revisions.md).
   */
  newPlan: Type.Optional(Type.Boolean({ default: false })),
});
export type EsapImportQuery = Static<typeof EsapImportQuery>;

export const EsapImportProblem = Type.Object({
  row: Nullable(
    Type.Integer({ description: "the spreadsheet's row number; null for the file or mapping" }),
  ),
  column: Nullable(Type.String({ description: "the column's letter (A, B, …)" })),
  /** The ESAP item the row holds, where it has a number: how the lender names it. */
  itemNumber: Type.Optional(Type.String({ description: "the row's ESAP item number" })),
  message: Type.String(),
});
export type EsapImportProblem = Static<typeof EsapImportProblem>;

export const EsapImportColumn = Type.Object({
  column: Type.String({ description: "the column's letter" }),
  header: Type.String({ description: 'as written; a two-row header joined with " / "' }),
  field: Nullable(oneOf(ESAP_IMPORT_FIELDS, { description: 'null: not imported' })),
  /** The field its header names, whatever the mapping sent chose. */
  detectedField: Nullable(oneOf(ESAP_IMPORT_FIELDS)),
  /** The two fields a combined header names ('Status / Responsibility'), else none. */
  combinedFields: Type.Optional(Type.Array(oneOf(ESAP_IMPORT_FIELDS))),
});
export type EsapImportColumn = Static<typeof EsapImportColumn>;

export const EsapImportPreviewRow = Type.Object({
  row: Type.Integer(),
  kind: oneOf(['item', 'section', 'footnote'] as const),
  /** A section's heading or a footnote's text, whichever column holds it. */
  title: Type.Optional(Type.String()),
  /** One text per column of `columns`, in its order. */
  cells: Type.Array(Type.String()),
});
export type EsapImportPreviewRow = Static<typeof EsapImportPreviewRow>;

/** One status of the file in the table the user confirms (0089). */
export const EsapImportStatus = Type.Object({
  text: Type.String({ description: 'as the file writes it (its first spelling)' }),
  items: Type.Integer({ description: 'items with this status' }),
  target: Nullable(oneOf(IMPORT_STATUS_TARGETS, { description: 'null: kept as text only' })),
  source: oneOf(ESAP_STATUS_SOURCES, {
    description:
      "sent: the request's statusMapping; remembered: the client's last import; known: proposed; unknown: kept as text",
  }),
});
export type EsapImportStatus = Static<typeof EsapImportStatus>;

export const EsapImportResult = Type.Object({
  dryRun: Type.Boolean(),
  /** The plan the gaps went (or would go) into; null on a dry run into a new plan. */
  actionPlanId: Nullable(Uuid),
  format: oneOf(['xlsx', 'csv'] as const),
  headerRows: Type.Array(Type.Integer()),
  gaps: Type.Object({
    items: Type.Integer({ description: 'rows read as ESAP items' }),
    imported: Type.Integer({ description: 'gaps created (or that a dry run would create)' }),
    alreadyInPlan: Type.Integer({
      description: 'items whose number the plan already has: compared, in `revision`',
    }),
    withErrors: Type.Integer({ description: 'rows skipped for their errors' }),
    sections: Type.Integer({
      description: 'section rows (their standard goes to the items below)',
    }),
  }),
  warnings: Type.Array(EsapImportProblem),
  errors: Type.Array(EsapImportProblem, {
    description: 'row null: a problem of the mapping or the plan, and nothing is imported',
  }),
  columns: Type.Array(EsapImportColumn),
  statuses: Type.Optional(
    Type.Array(EsapImportStatus, {
      description: "the file's ESAP statuses, each once, with the gap status the import sets",
    }),
  ),
  preview: Type.Array(EsapImportPreviewRow, { description: 'the first 10 rows below the header' }),
  rejectedRows: Type.Array(Type.Object({ row: Type.Integer(), cells: Type.Array(Type.String()) }), {
    description: 'the rows skipped for errors, one text per column, for a CSV of them',
  }),
  /** Into an existing plan: the revision it records (or would), item by item. */
  revision: Type.Optional(Nullable(EsapRevisionPreview)),
  /** Into a new plan: the plan of the audit that already has the file's items, if one has. */
  matchingPlan: Type.Optional(Nullable(EsapMatchingPlan)),
});
export type EsapImportResult = Static<typeof EsapImportResult>;

export const esapImportSchemas = routeSchemas({
  // multipart/form-data, read by the route itself: `file`, `actionPlanHeading`, `category`,
  // `timeline`, `mapping` (JSON), `statusMapping` (JSON), `ESGAspect`, `impactedSDGs` (JSON list or
  // commas), `riskSeverity`.
  importEsap: {
    querystring: EsapImportQuery,
    response: {
      200: successWith(EsapImportResult),
      201: successWith(EsapImportResult),
      ...signedInErrors,
      ...errorAnswers(409, 413, 422, 429),
    },
  },
});
