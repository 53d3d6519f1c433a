import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { TARGET_COMPANY_ID_NOT_FOUND } from '@verity/shared-api/src/messages';
import { exportFileName, exportSelect } from '../../action-plans/csv-export';
import { requireVisibleCompany } from '../../auth/tenancy';
import { invalid } from '../../errors';
import { errorResponses } from '../../schemas/envelope';
import { routeDefaults } from './common';

const exportRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;

  fastify.get(
    '/action-plan/export/csv',
    {
      onRequest: fastify.authenticate,
      // A long download at a slow reader's pace; a reader that stalls is cut by the socket time-out.
      handlerTimeout: 10 * 60_000,
      schema: {
        ...routeDefaults,
        summary: 'Every action plan and gap of a company as a CSV file, streamed from the database',
        produces: ['text/csv'],
        querystring: Type.Object({ targetCompanyId: Type.Optional(Type.String()) }),
        response: {
          200: Type.Unsafe<Readable>({
            type: 'string',
            description: 'text/csv with a header line',
          }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { targetCompanyId } = request.query;
      if (!targetCompanyId) throw invalid(TARGET_COMPANY_ID_NOT_FOUND);
      if (!UUID.test(targetCompanyId)) throw invalid(TARGET_COMPANY_ID_NOT_FOUND);
      const company = await requireVisibleCompany(db, request.user, targetCompanyId);
      const { sql, params } = exportSelect(request.user, company.id);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${exportFileName(company.id)}"`)
        .header('Cache-Control', 'private, no-store')
        .send(db.copyOut(sql, params));
    },
  );
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default exportRoutes;
