import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  TARGET_COMPANY_ID_NOT_FOUND,
  actionPlanSchemas,
  readingIn,
} from '@verity/shared-api/src/server';
import { exportFileName, exportSelect } from '../../action-plans/csv-export';
import { requireVisibleCompany } from '../../auth/tenancy';
import { invalid } from '../../errors';
import { isUuid } from '../../uuid';
import { routeDefaults } from './common';
import { callerLanguage } from '../../language/answer-language';

const exportRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;

  fastify.get(
    '/action-plan/export/csv',
    {
      config: { permission: 'exportActionPlans' },
      // A long download at a slow reader's pace; one that takes nothing for 30 s is closed (csv-downloads.ts).
      handlerTimeout: 10 * 60_000,
      schema: {
        ...routeDefaults,
        summary:
          'Every action plan and gap of a company (or of one of its audits) as a CSV file, streamed from the database',
        produces: ['text/csv'],
        ...actionPlanSchemas.exportCsv,
      },
    },
    async (request, reply) => {
      const { targetCompanyId, auditId } = request.query;
      if (!isUuid(targetCompanyId)) throw invalid(TARGET_COMPANY_ID_NOT_FOUND);
      const company = await requireVisibleCompany(db, request.user, targetCompanyId);
      // An audit of another company, or one the user cannot see, leaves the export empty: no
      // answer tells an audit of someone else apart from one that does not exist.
      const { sql, params } = readingIn(callerLanguage(request), () =>
        exportSelect(request.user, company.id, auditId),
      );
      return fastify.csvDownloads.send(request, reply, exportFileName(company.id), () =>
        db.copyOut(sql, params),
      );
    },
  );
};

export default exportRoutes;
