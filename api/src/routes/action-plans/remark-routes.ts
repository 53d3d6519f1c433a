import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ADD_YOUR_COMMENTS,
  GAP_CHANGE_PREVIEW,
  GAP_REMARK_PREVIEW,
  LIST_MAX_PAGE_SIZE,
  LIST_PAGE_SIZE,
  TEXT_LIMITS,
  actionPlanSchemas,
  tooLongMessage,
  type Remark,
} from '@verity/shared-api/src/server';
import {
  findChangePage,
  findGapRevision,
  recordRemarkAdded,
} from '../../action-plans/change-history';
import { findRemark, findRemarkPage } from '../../action-plans/gap-sql';
import {
  commitDocuments,
  discardDocuments,
  insertRemarkDocument,
  readRemarkUpload,
  sendStoredImage,
} from '../../action-plans/remark-attachments';
import { organisationOf } from '../../action-plans/remark-withdrawal';
import {
  claimUpload,
  MULTIPART_OVERHEAD_BYTES,
  uploadAllowance,
} from '../../action-plans/upload-limits';
import { isDatabaseUnavailable } from '../../db/connection-errors';
import { auditVisibleSql, requireVisibleGap } from '../../auth/tenancy';
import { invalid, notFound } from '../../errors';
import { isUuid } from '../../uuid';
import type { AttachmentStorage } from '../../storage/attachment-storage';
import { routeDefaults } from './common';
import { translate } from '../../language/translate';

export interface RemarkRoutesOptions {
  storage: AttachmentStorage;
}

const remarkRoutes: FastifyPluginAsyncTypebox<RemarkRoutesOptions> = async (
  fastify,
  { storage },
) => {
  const { db, config } = fastify;
  const limits = {
    quotaBytes: config.attachmentQuotaBytes,
    rateBytesPerHour: config.uploadRateBytesPerHour,
  };

  fastify.patch(
    '/gap/:id/remark',
    {
      // Its body is read in the handler, at the sender's pace: no turn at the database meanwhile.
      config: { permission: 'addRemark', takesTurn: false },
      onRequest: fastify.rateLimit({
        max: config.remarksPerMinute,
        timeWindow: '1 minute',
        keyGenerator: (request) => `remark:${request.user._id}`,
      }),
      // Up to 10 images of 5 MB arrive within the server's 60 s request time-out, then one transaction.
      handlerTimeout: 2 * 60_000,
      schema: {
        ...routeDefaults,
        summary: 'Add a remark with image attachments to a gap (not viewer)',
        description:
          'multipart/form-data: `comments` (text) and `documents` (PNG, JPEG, GIF or WebP files; at most 10, 5 MB each), each optionally after a `deviceCapture` text field: JSON `{ capturedAt, gps? }`, the device’s clock with its UTC offset and its position, kept for a photo whose file carries no capture time (400 when malformed or not just before a file). The files count against the company’s storage quota (413 when full) and the user’s hourly upload rate (429 with Retry-After); at most `REMARKS_PER_MINUTE` (default 30) remarks a minute per user. An `Idempotency-Key` header (a UUID the device chose for this remark) makes the write happen once: the same key again answers the remark it added, unchanged.',
        consumes: ['multipart/form-data'],
        ...actionPlanSchemas.addRemark,
      },
    },
    async (request) => {
      const { user } = request;
      const gap = await requireVisibleGap(
        db,
        user,
        request.params.id,
        request.query.targetCompanyId,
      );
      if (!request.isMultipart()) throw invalid(ADD_YOUR_COMMENTS);
      const clientKey = idempotencyKeyOf(request.headers['idempotency-key']);
      if (clientKey) {
        // Sent again after its answer was lost (a phone's outbox): the remark already added.
        const sent = await remarkSentWith(clientKey);
        if (sent) {
          await drainParts(request.parts());
          return sent;
        }
      }
      const uploader = { targetCompanyId: gap.target_company_id, userId: user._id };
      const allowance = await uploadAllowance(db, uploader, limits);
      // A body that cannot fit is refused before a byte of it is stored.
      const declared = Number(request.headers['content-length']);
      if (declared > allowance.bytes + MULTIPART_OVERHEAD_BYTES) throw allowance.refusal();
      const upload = await readRemarkUpload(request.parts(), storage, allowance);
      try {
        if (upload.comments.trim() === '') throw invalid(ADD_YOUR_COMMENTS);
        if (upload.comments.trim().length > TEXT_LIMITS.remark) {
          throw invalid(tooLongMessage('A remark', TEXT_LIMITS.remark));
        }
        const remark = await db.transaction(async (tx) => {
          const bytes = upload.documents.reduce((sum, doc) => sum + doc.size, 0);
          await claimUpload(tx, uploader, bytes, limits);
          const { rows } = await tx.query<{ id: string }>(
            `INSERT INTO remarks (gap_id, comments, user_id, user_type, fullname, role, author_organisation_id, withdrawable_until, client_key)
             VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8), $9) RETURNING id`,
            [
              gap.id,
              upload.comments.trim(),
              user._id,
              user.userType,
              user.fullname,
              user.role,
              organisationOf(user),
              config.remarkWithdrawalWindowSeconds,
              clientKey,
            ],
          );
          const remarkId = (rows[0] as { id: string }).id;
          for (const [position, doc] of upload.documents.entries()) {
            await insertRemarkDocument(tx, remarkId, doc, position);
          }
          await recordRemarkAdded(tx, gap.id, user, {
            remarkId,
            attachments: upload.documents.length,
          });
          await fastify.notifications.gapEvent(tx, {
            kind: 'remarkAdded',
            gapId: gap.id,
            author: user,
            text: upload.comments.trim(),
          });
          return (await findRemark(tx, remarkId, user)) as Remark;
        });
        fastify.notifications.emailsQueued();
        await commitDocuments(storage, upload.documents, (error) =>
          request.log.warn({ err: error }, 'attachment left pending for the sweep'),
        );
        return {
          success: true as const,
          data: { remark, gap: await findGapRevision(db, gap.id) },
        };
      } catch (error) {
        // A connection lost mid-transaction may still have committed: the sweep settles those files.
        if (!isDatabaseUnavailable(error)) await discardDocuments(storage, upload.documents);
        // The same key sent twice at once: the other request added it.
        const sent = clientKey && isUniqueViolation(error) ? await remarkSentWith(clientKey) : null;
        if (sent) return sent;
        throw error;
      }

      /** The remark this user added under `key` on this gap, as its first answer gave it; null if none. */
      async function remarkSentWith(key: string) {
        const found = await db.query<{ id: string }>(
          'SELECT id FROM remarks WHERE user_id = $1 AND client_key = $2 AND gap_id = $3',
          [user._id, key, gap.id],
        );
        const id = found.rows[0]?.id;
        if (!id) return null;
        return {
          success: true as const,
          data: {
            remark: (await findRemark(db, id, user)) as Remark,
            gap: await findGapRevision(db, gap.id),
          },
        };
      }
    },
  );

  fastify.get(
    '/gap/:gapId/remarks',
    {
      config: { permission: 'viewActionPlans' },
      schema: {
        ...routeDefaults,
        summary: 'A page of a gap’s remarks, oldest first: the newest, or those just before one',
        description: `Each gap carries its newest ${GAP_REMARK_PREVIEW} remarks; this gives the earlier ones, ${LIST_PAGE_SIZE} a page unless \`pageSize\` (at most ${LIST_MAX_PAGE_SIZE}) says otherwise. \`before\` is the remark the page ends just before (404 when it is not one of the gap's); \`earlier\` counts the remarks still before the page.`,
        ...actionPlanSchemas.remarks,
      },
    },
    async (request) => {
      const { targetCompanyId, before, pageSize = LIST_PAGE_SIZE } = request.query;
      const gap = await requireVisibleGap(db, request.user, request.params.gapId, targetCompanyId);
      const page = await findRemarkPage(db, gap.id, { before, pageSize }, request.user);
      if (!page) throw notFound();
      return { success: true as const, data: page };
    },
  );

  fastify.get(
    '/gap/:gapId/changes',
    {
      config: { permission: 'viewActionPlans' },
      schema: {
        ...routeDefaults,
        summary: 'A page of a gap’s change history, newest first: the newest, or those before one',
        description: `Each gap carries its newest ${GAP_CHANGE_PREVIEW} changes; this gives the earlier ones, ${LIST_PAGE_SIZE} a page unless \`pageSize\` (at most ${LIST_MAX_PAGE_SIZE}) says otherwise. \`before\` is the change the page comes just after (404 when it is not one of the gap's); \`earlier\` counts the changes still before the page.`,
        ...actionPlanSchemas.changes,
      },
    },
    async (request) => {
      const { targetCompanyId, before, pageSize = LIST_PAGE_SIZE } = request.query;
      const gap = await requireVisibleGap(db, request.user, request.params.gapId, targetCompanyId);
      const page = await findChangePage(db, gap.id, { before, pageSize });
      if (!page) throw notFound();
      return { success: true as const, data: page };
    },
  );

  fastify.get(
    '/remark-document/:documentId',
    {
      config: { permission: 'viewRemarkDocuments' },
      // An image download at a slow reader's pace; a reader that stalls is cut by the socket time-out.
      handlerTimeout: 10 * 60_000,
      schema: {
        ...routeDefaults,
        summary: 'A remark’s image, for whoever can see its gap',
        ...actionPlanSchemas.remarkDocument,
      },
    },
    async (request, reply) => {
      const params: unknown[] = [request.params.documentId];
      const { rows } = await db.query<{ storage_key: string; content_type: string; size: number }>(
        `SELECT d.storage_key, d.content_type, d.size FROM remark_documents d
         JOIN remarks r ON r.id = d.remark_id JOIN gaps g ON g.id = r.gap_id
         JOIN action_plans ap ON ap.id = g.action_plan_id JOIN audits a ON a.id = ap.audit_id
         WHERE d.id = $1 AND d.withdrawn_at IS NULL AND ${auditVisibleSql(request.user, 'a', params)}`,
        params,
      );
      const doc = rows[0];
      if (!doc) throw notFound();
      return sendStoredImage(reply, storage, doc);
    },
  );
};

/** The Idempotency-Key header: absent, or a UUID (400 otherwise). */
function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (typeof header !== 'string' || !isUuid(header.toLowerCase())) {
    throw invalid(translate('en', 'error.remark.idempotencyKey'));
  }
  return header.toLowerCase();
}

/** Reads a body that is not needed to its end, so the connection is left clean. */
async function drainParts(parts: AsyncIterable<{ type: string; file?: NodeJS.ReadableStream }>) {
  for await (const part of parts) {
    if (part.type === 'file') part.file?.resume();
  }
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

export default remarkRoutes;
