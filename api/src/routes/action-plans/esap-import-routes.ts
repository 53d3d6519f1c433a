// POST /action-plan/import: an ESAP spreadsheet into a new (or an existing) action plan of an audit.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Multipart } from '@fastify/multipart';
import {
  ESAP_IMPORT_MAX_BYTES,
  ESAP_IMPORT_MESSAGES,
  ESAP_REVISION_MESSAGES,
  ESAP_REVISION_NOTE_MAX,
  esapImportSchemas,
  esapRevisionSchemas,
  type AuditForm,
  type EsapImportProblem,
} from '@verity/shared-api/src/server';
import { checkRoutePermission } from '../../auth/route-permission';
import { requireVisibleActionPlan, requireVisibleAudit } from '../../auth/tenancy';
import { ApiError, invalid, notFound } from '../../errors';
import { callerLanguage, inLanguage } from '../../language/answer-language';
import { importEsap, type ImportRequest } from '../../esap-import/import-esap';
import {
  keepSourceWorkbook,
  settleStagedWorkbook,
  sourceFileName,
  stageWorkbook,
} from '../../esap-import/source-workbook';
import { findPlanRevisions } from '../../esap-import/revision';
import type { GapDefaults } from '../../esap-import/prepare-gaps';
import { readSpreadsheet } from '../../esap-import/read-spreadsheet';
import { MULTIPART_OVERHEAD_BYTES } from '../../action-plans/upload-limits';
import { routeDefaults } from './common';

const MEGABYTE = 1024 * 1024;
const fileTooLarge = () =>
  new ApiError(
    413,
    'UPLOAD_TOO_LARGE',
    ESAP_IMPORT_MESSAGES.tooLarge(ESAP_IMPORT_MAX_BYTES / MEGABYTE),
  );

/** The form's text fields the import reads; anything else is ignored. */
const TEXT_FIELDS = [
  'actionPlanHeading',
  'category',
  'timeline',
  'mapping',
  'statusMapping',
  'ESGAspect',
  'impactedSDGs',
  'riskSeverity',
  'revisionNote',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

interface ImportForm {
  file: Buffer | null;
  /** The file's name as the browser sent it. */
  fileName: string;
  fields: Partial<Record<TextField, string>>;
}

async function readImportForm(parts: AsyncIterableIterator<Multipart>): Promise<ImportForm> {
  const form: ImportForm = { file: null, fileName: '', fields: {} };
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || form.file) {
        part.file.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > ESAP_IMPORT_MAX_BYTES) throw fileTooLarge();
        chunks.push(chunk);
      }
      if (part.file.truncated) throw fileTooLarge();
      form.file = Buffer.concat(chunks);
      form.fileName = part.filename;
    } else if ((TEXT_FIELDS as readonly string[]).includes(part.fieldname)) {
      form.fields[part.fieldname as TextField] = String(part.value ?? '');
    }
  }
  return form;
}

/** The SDG list as the form sends it: a JSON list, or codes separated by commas. */
function sdgList(text: string | undefined): string[] {
  if (!text || text.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed)) return parsed.map(String);
  } catch {
    // not JSON: a comma-separated list
  }
  return text
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');
}

const esapImportRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db, config, attachments } = fastify;

  fastify.post(
    '/action-plan/import',
    {
      // Its body is read in the handler, at the sender's pace: no turn at the database meanwhile.
      config: { permission: 'createActionPlan', takesTurn: false },
      // Each import reads a file of up to 10 MB in a worker: the permission before the limit, which
      // counts only those who may import, and both before the file is read.
      onRequest: [
        checkRoutePermission,
        fastify.rateLimit({
          max: config.esapImportsPerMinute,
          timeWindow: '1 minute',
          keyGenerator: (request) => `esap-import:${request.user._id}`,
        }),
      ],
      // A 10 MB workbook arrives, is read and 2,000 gaps are written in one transaction.
      handlerTimeout: 2 * 60_000,
      schema: {
        ...routeDefaults,
        summary:
          'Import an ESAP spreadsheet (.xlsx or .csv) into a new action plan of an audit, or into one of its plans (auditor owner or admin, own firm’s audit)',
        description:
          'multipart/form-data: `file` (.xlsx or .csv, at most 10 MB and 2,000 rows), the new plan’s `actionPlanHeading`, `category` and `timeline`, an optional `mapping` (JSON: column letter → field or null) over the automatic one, an optional `statusMapping` (JSON: ESAP status → `open`, `provClosed` or null to keep it as text only; remembered for the client on import), and values for every item the file has no column for: `ESGAspect`, `impactedSDGs` (JSON list or commas), `riskSeverity`. `dryRun=true` runs the same import and rolls it back. `actionPlanId` imports into that plan of the audit as a revision of its ESAP (`revisionNote`; items matched by number: new ones added, changed ones updated in the fields the file carries, those the file no longer lists dropped; the answer’s `revision`). Without it, a file whose items a plan of the audit already has is named in `matchingPlan` and refused (409) unless `newPlan=true`. Rows with errors are skipped and listed; a problem of the mapping or the plan stops the import (400; listed with row null on a dry run). The file is read in a worker of its own and refused as it is read past 100 MB unpacked, 10,000 rows read or a CSV row of 1,000,000 characters (413), 512 MB of memory (413) or 20 s (422); at most `ESAP_IMPORTS_PER_MINUTE` (default 10) imports a minute per user (429 with Retry-After). A real import of an .xlsx keeps the file as the plan’s workbook, replacing the one it had (`GET /action-plan/{id}/esap-workbook`).',
        consumes: ['multipart/form-data'],
        ...esapImportSchemas.importEsap,
      },
    },
    async (request, reply) => {
      const { user } = request;
      const {
        targetCompanyId,
        auditId,
        dryRun = false,
        actionPlanId,
        newPlan = false,
      } = request.query;
      const audit = await requireVisibleAudit(db, user, auditId, targetCompanyId);
      const existing = actionPlanId
        ? await requireVisibleActionPlan(db, user, actionPlanId, targetCompanyId)
        : null;
      if (existing && existing.audit_id !== audit.id) throw notFound();
      if (!request.isMultipart()) throw invalid(ESAP_IMPORT_MESSAGES.fileRequired);
      // A body that cannot fit is refused before it is read.
      const declared = Number(request.headers['content-length']);
      if (declared > ESAP_IMPORT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) throw fileTooLarge();
      const form = await readImportForm(
        request.parts({
          limits: { fileSize: ESAP_IMPORT_MAX_BYTES + 1, files: 1, fields: 20, fieldSize: 100_000 },
        }),
      );
      if (!form.file || form.file.length === 0) throw invalid(ESAP_IMPORT_MESSAGES.fileRequired);
      const sheet = await readSpreadsheet(form.file);
      const { fields } = form;
      const revisionNote = fields.revisionNote?.trim() || null;
      if (revisionNote && revisionNote.length > ESAP_REVISION_NOTE_MAX) {
        throw invalid(ESAP_REVISION_MESSAGES.noteTooLong);
      }
      const defaults: GapDefaults = {
        ESGAspect: fields.ESGAspect?.trim() || null,
        impactedSDGs: sdgList(fields.impactedSDGs),
        riskSeverity: fields.riskSeverity?.trim() || null,
      };
      // The workbook of a real import is kept to write it back in its layout (0093): stored pending
      // now, named in the import's transaction, made permanent once that commits.
      const staged =
        !dryRun && sheet.format === 'xlsx' ? await stageWorkbook(attachments, form.file) : null;
      let replaced: string | null | undefined;
      const keepSource: ImportRequest['keepSource'] = staged
        ? async (tx, { actionPlanId, revision, layout }) => {
            replaced = await keepSourceWorkbook(
              tx,
              {
                actionPlanId,
                revision,
                ...layout,
                storageKey: staged,
                fileName: sourceFileName(form.fileName),
              },
              user._id,
            );
          }
        : undefined;
      const result = await importEsap(db, sheet, {
        audit: {
          id: audit.id,
          targetCompanyId: audit.target_company_id,
          formType: audit.audit_form as AuditForm,
        },
        existingPlan: existing ? { id: existing.id, timeline: existing.timeline } : null,
        plan: {
          actionPlanHeading: fields.actionPlanHeading,
          category: fields.category,
          timeline: fields.timeline || undefined,
        },
        mapping: fields.mapping,
        statusMapping: fields.statusMapping,
        defaults,
        dryRun,
        actor: user,
        revisionNote,
        newPlan,
        keepSource,
      }).catch(async (error: unknown) => {
        if (staged) await attachments.delete(staged).catch(() => undefined);
        throw error;
      });
      if (staged) await settleStagedWorkbook(attachments, staged, replaced, request.log);
      const created = !dryRun && !existing && result.actionPlanId !== null;
      // The findings in the caller's language, as a refusal's message (decision 0110).
      const language = callerLanguage(request);
      const written = (problems: EsapImportProblem[]) =>
        problems.map((problem) => ({ ...problem, message: inLanguage(language, problem.message) }));
      return reply.code(created ? 201 : 200).send({
        success: true as const,
        data: { ...result, warnings: written(result.warnings), errors: written(result.errors) },
      });
    },
  );

  fastify.get(
    '/action-plan/:id/revisions',
    {
      config: { permission: 'viewActionPlans' },
      schema: {
        ...routeDefaults,
        summary:
          'The revisions of a plan’s ESAP, newest first down to Rev 0 (the plan as created), each with its differences',
        ...esapRevisionSchemas.planRevisions,
      },
    },
    async (request) => {
      const plan = await requireVisibleActionPlan(
        db,
        request.user,
        request.params.id,
        request.query.targetCompanyId,
      );
      return { success: true as const, data: await findPlanRevisions(db, plan.id) };
    },
  );
};

export default esapImportRoutes;
