import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actionPlanSchemas, type SessionUser } from '@verity/shared-api/src/server';
import {
  findGapRevision,
  recordAttachmentWithdrawn,
  recordRemarkWithdrawn,
} from '../../action-plans/change-history';
import { findRemark } from '../../action-plans/gap-sql';
import {
  authorshipSql,
  requireWithdrawalRight,
  withdrawDocument,
  withdrawRemark,
  type RemarkAuthorship,
} from '../../action-plans/remark-withdrawal';
import { auditVisibleSql, requireVisibleGap } from '../../auth/tenancy';
import type { Queryable } from '../../db';
import { notFound } from '../../errors';
import type { AttachmentStorage } from '../../storage/attachment-storage';
import { routeDefaults } from './common';

export interface RemarkWithdrawalRoutesOptions {
  storage: AttachmentStorage;
}

async function remarkAnswer(db: Queryable, remarkId: string, gapId: string, reader: SessionUser) {
  const remark = await findRemark(db, remarkId, reader);
  if (!remark) throw notFound();
  return { success: true as const, data: { remark, gap: await findGapRevision(db, gapId) } };
}

/** Withdrawing remarks and attachments (docs/api.md): the trace stays, the text and files go. */
const remarkWithdrawalRoutes: FastifyPluginAsyncTypebox<RemarkWithdrawalRoutesOptions> = async (
  fastify,
  { storage },
) => {
  const { db, config } = fastify;

  /** Deletes the withdrawn files once their rows no longer point at them; a failure only logs. */
  async function deleteFiles(keys: string[], log: typeof fastify.log) {
    await Promise.all(
      keys.map((key) =>
        storage.delete(key).catch((error: unknown) => {
          log.error({ err: error, key }, 'a withdrawn attachment could not be deleted');
        }),
      ),
    );
  }

  fastify.delete(
    '/gap/:gapId/remark/:remarkId',
    {
      config: { permission: 'withdrawRemarks' },
      schema: {
        ...routeDefaults,
        summary:
          'Withdraw a remark: its author within its window, or an owner of their organisation (not viewer)',
        description:
          'The remark stays in the gap’s list as a trace (who withdrew it and when); its text and images are erased and the images’ storage is released.',
        ...actionPlanSchemas.withdrawRemark,
      },
    },
    async (request) => {
      const { user } = request;
      const gap = await requireVisibleGap(
        db,
        user,
        request.params.gapId,
        request.query.targetCompanyId,
      );
      const { rows } = await db.query<RemarkAuthorship & { now: Date }>(
        `SELECT ${authorshipSql('r')}, now() AS now FROM remarks r WHERE r.id = $1 AND r.gap_id = $2`,
        [request.params.remarkId, gap.id],
      );
      const remark = rows[0];
      if (!remark) throw notFound();
      requireWithdrawalRight(user, remark, config.remarkWithdrawalWindowSeconds, remark.now);
      const { remarkId } = request.params;
      const keys = await db.transaction(async (tx) => {
        const withdrawn = await withdrawRemark(tx, remarkId, user);
        await recordRemarkWithdrawn(tx, gap.id, user, {
          remarkId,
          attachments: withdrawn.length,
        });
        return withdrawn;
      });
      await deleteFiles(keys, request.log);
      return remarkAnswer(db, remarkId, gap.id, request.user);
    },
  );

  fastify.delete(
    '/remark-document/:documentId',
    {
      config: { permission: 'withdrawRemarks' },
      schema: {
        ...routeDefaults,
        summary:
          'Withdraw one image of a remark: the remark’s author within its window, or an owner of their organisation (not viewer)',
        description:
          'The image shows as withdrawn (who and when) in its remark; its file is deleted and its storage released.',
        ...actionPlanSchemas.withdrawRemarkDocument,
      },
    },
    async (request) => {
      const { user } = request;
      const params: unknown[] = [request.params.documentId];
      const { rows } = await db.query<
        RemarkAuthorship & { remark_id: string; gap_id: string; now: Date }
      >(
        `SELECT r.id AS remark_id, r.gap_id, ${authorshipSql('r')}, now() AS now
         FROM remark_documents d JOIN remarks r ON r.id = d.remark_id JOIN gaps g ON g.id = r.gap_id
         JOIN action_plans ap ON ap.id = g.action_plan_id JOIN audits a ON a.id = ap.audit_id
         WHERE d.id = $1 AND ${auditVisibleSql(user, 'a', params)}`,
        params,
      );
      const remark = rows[0];
      if (!remark) throw notFound();
      requireWithdrawalRight(user, remark, config.remarkWithdrawalWindowSeconds, remark.now);
      const { documentId } = request.params;
      const keys = await db.transaction(async (tx) => {
        const withdrawn = await withdrawDocument(tx, documentId, user);
        await recordAttachmentWithdrawn(tx, remark.gap_id, user, {
          remarkId: remark.remark_id,
          documentId,
        });
        return withdrawn;
      });
      await deleteFiles(keys, request.log);
      return remarkAnswer(db, remark.remark_id, remark.gap_id, request.user);
    },
  );
};

export default remarkWithdrawalRoutes;
