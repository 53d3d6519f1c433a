// The matrix rows of the action-plan routes: plans, gaps, status, remarks, attachments and the CSV export.
import type { InjectOptions } from 'fastify';
import { inDays } from './fixtures';
import { ownRemarkToWithdraw, remarkForm, validGap } from './requests';
import { json, type MatrixRow } from './matrix-types';

export const ACTION_PLAN_ROWS: readonly MatrixRow[] = [
  {
    route: 'POST /action-plan',
    write: true,
    own: {
      client: [403, 403, 403, 403],
      auditor: [201, 201, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    foreign: {
      client: [403, 403, 403, 403],
      auditor: [404, 404, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    mixed: ['auditId'],
    request: ({ ids, serial }) =>
      json(
        'POST',
        '/action-plan',
        {
          actionPlanHeading: `Energy plan ${serial}`,
          category: 'environment',
          formType: 'ap',
          timeline: inDays(90),
          gap: validGap(serial),
        },
        { targetCompanyId: ids.targetCompanyId, auditId: ids.auditId },
      ),
  },
  {
    route: 'GET /action-plan/{auditId}/action-plans',
    write: false,
    own: {
      client: [200, 200, 200, 200],
      auditor: [200, 200, 200, 200],
      targetCompany: [200, 200, 200, 200],
    },
    foreign: {
      client: [404, 404, 404, 404],
      auditor: [404, 404, 404, 404],
      targetCompany: [404, 404, 404, 404],
    },
    mixed: ['auditId'],
    request: ({ ids }) => ({
      method: 'GET',
      url: `/action-plan/${ids.auditId}/action-plans`,
      query: { targetCompanyId: ids.targetCompanyId },
    }),
  },
  {
    route: 'GET /action-plan/{id}',
    write: false,
    own: {
      client: [200, 200, 200, 200],
      auditor: [200, 200, 200, 200],
      targetCompany: [200, 200, 200, 200],
    },
    foreign: {
      client: [404, 404, 404, 404],
      auditor: [404, 404, 404, 404],
      targetCompany: [404, 404, 404, 404],
    },
    mixed: ['actionPlanId'],
    request: ({ ids }) => ({
      method: 'GET',
      url: `/action-plan/${ids.actionPlanId}`,
      query: { targetCompanyId: ids.targetCompanyId },
    }),
  },
  {
    route: 'GET /action-plan/{actionPlanId}/gaps',
    write: false,
    own: {
      client: [200, 200, 200, 200],
      auditor: [200, 200, 200, 200],
      targetCompany: [200, 200, 200, 200],
    },
    foreign: {
      client: [404, 404, 404, 404],
      auditor: [404, 404, 404, 404],
      targetCompany: [404, 404, 404, 404],
    },
    mixed: ['actionPlanId'],
    request: ({ ids }) => ({
      method: 'GET',
      url: `/action-plan/${ids.actionPlanId}/gaps`,
      query: { targetCompanyId: ids.targetCompanyId },
    }),
  },
  {
    route: 'PUT /action-plan/{id}',
    write: true,
    own: {
      client: [403, 403, 403, 403],
      auditor: [200, 200, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    foreign: {
      client: [403, 403, 403, 403],
      auditor: [404, 404, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    mixed: ['actionPlanId'],
    // Each call moves the timeline a little later than the one before, so it gives its reason.
    request: ({ ids, serial }) =>
      json(
        'PUT',
        `/action-plan/${ids.actionPlanId}`,
        {
          actionPlanHeading: `Water plan ${serial}`,
          timeline: inDays(90),
          reason: 'The programme was extended',
        },
        { auditId: ids.auditId },
      ),
  },
  {
    route: 'GET /action-plan/export/csv',
    write: false,
    own: {
      client: [200, 200, 200, 200],
      auditor: [200, 200, 200, 200],
      targetCompany: [200, 200, 200, 200],
    },
    foreign: {
      client: [404, 404, 404, 404],
      auditor: [404, 404, 404, 404],
      targetCompany: [404, 404, 404, 404],
    },
    request: ({ ids }) => ({
      method: 'GET',
      url: '/action-plan/export/csv',
      query: { targetCompanyId: ids.targetCompanyId },
    }),
  },
  {
    route: 'POST /action-plan/{actionPlanId}/gaps',
    write: true,
    own: {
      client: [403, 403, 403, 403],
      auditor: [201, 201, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    foreign: {
      client: [403, 403, 403, 403],
      auditor: [404, 404, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    mixed: ['actionPlanId'],
    request: ({ ids, serial }) =>
      json('POST', `/action-plan/${ids.actionPlanId}/gaps`, validGap(serial), {
        auditId: ids.auditId,
      }),
  },
  {
    route: 'PUT /gap/{gapId}',
    write: true,
    own: {
      client: [403, 403, 403, 403],
      auditor: [200, 200, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    foreign: {
      client: [403, 403, 403, 403],
      auditor: [404, 404, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    mixed: ['gapId'],
    // Each call moves the due date a little later than the one before, so it gives its reason.
    request: ({ ids, serial }) =>
      json(
        'PUT',
        `/gap/${ids.gapId}`,
        { ...validGap(serial), reason: 'The contractor needs more time' },
        { auditId: ids.auditId },
      ),
  },
  {
    route: 'PATCH /gap/{id}/status',
    write: true,
    own: {
      client: [200, 200, 200, 403],
      auditor: [200, 200, 200, 403],
      targetCompany: [403, 403, 403, 403],
    },
    foreign: {
      client: [404, 404, 404, 403],
      auditor: [404, 404, 404, 403],
      targetCompany: [403, 403, 403, 403],
    },
    mixed: ['gapId'],
    request: ({ ids }) =>
      json(
        'PATCH',
        `/gap/${ids.gapId}/status`,
        { status: 'provClosed' },
        {
          targetCompanyId: ids.targetCompanyId,
        },
      ),
  },
  {
    // A status change (the route's permission); a due date or responsibility also asks editGap
    // (api/test/routes/action-plans/bulk-changes.test.ts).
    route: 'POST /action-plan/{actionPlanId}/gaps/bulk',
    write: true,
    own: {
      client: [200, 200, 200, 403],
      auditor: [200, 200, 200, 403],
      targetCompany: [403, 403, 403, 403],
    },
    foreign: {
      client: [404, 404, 404, 403],
      auditor: [404, 404, 404, 403],
      targetCompany: [403, 403, 403, 403],
    },
    mixed: ['gapId'],
    request: async ({ app, ids }) => {
      const { rows } = await app.db.query<{ version: number }>(
        'SELECT version FROM gaps WHERE id = $1',
        [ids.gapId],
      );
      return json(
        'POST',
        `/action-plan/${ids.actionPlanId}/gaps/bulk`,
        { gaps: [{ id: ids.gapId, version: rows[0]?.version ?? 1 }], status: 'provClosed' },
        { targetCompanyId: ids.targetCompanyId },
      );
    },
  },
  {
    // The signed-in company user's own open gaps: no id to send, so no foreign call.
    route: 'GET /target-company/my-actions',
    write: false,
    own: {
      client: [403, 403, 403, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [200, 200, 200, 200],
    },
    request: () => ({ method: 'GET', url: '/target-company/my-actions' }),
  },
  {
    route: 'PATCH /gap/{id}/remark',
    write: true,
    own: {
      client: [200, 200, 200, 403],
      auditor: [200, 200, 200, 403],
      targetCompany: [200, 200, 200, 403],
    },
    foreign: {
      client: [404, 404, 404, 403],
      auditor: [404, 404, 404, 403],
      targetCompany: [404, 404, 404, 403],
    },
    mixed: ['gapId'],
    request: ({ ids, serial }) => ({
      method: 'PATCH',
      url: `/gap/${ids.gapId}/remark`,
      query: { targetCompanyId: ids.targetCompanyId },
      payload: remarkForm(serial) as unknown as InjectOptions['payload'],
    }),
  },
  {
    route: 'DELETE /gap/{gapId}/remark/{remarkId}',
    write: true,
    own: {
      client: [200, 200, 200, 403],
      auditor: [200, 200, 200, 403],
      targetCompany: [200, 200, 200, 403],
    },
    foreign: {
      client: [404, 404, 404, 403],
      auditor: [404, 404, 404, 403],
      targetCompany: [404, 404, 404, 403],
    },
    mixed: ['remarkId'],
    request: async (ctx) => {
      // Own: a remark the caller wrote; otherwise the ids as given (a foreign remark, or a foreign gap).
      const remarkId =
        ctx.target === 'own' ? (await ownRemarkToWithdraw(ctx)).remarkId : ctx.ids.remarkId;
      return {
        method: 'DELETE',
        url: `/gap/${ctx.ids.gapId}/remark/${remarkId}`,
        query: { targetCompanyId: ctx.ids.targetCompanyId },
      };
    },
  },
  {
    route: 'GET /gap/{gapId}/remarks',
    write: false,
    own: {
      client: [200, 200, 200, 200],
      auditor: [200, 200, 200, 200],
      targetCompany: [200, 200, 200, 200],
    },
    foreign: {
      client: [404, 404, 404, 404],
      auditor: [404, 404, 404, 404],
      targetCompany: [404, 404, 404, 404],
    },
    mixed: ['gapId'],
    request: ({ ids }) => ({
      method: 'GET',
      url: `/gap/${ids.gapId}/remarks`,
      query: { targetCompanyId: ids.targetCompanyId },
    }),
  },
  // The page before a remark: a remark of another tenant's gap is not one of this gap's.
  {
    route: 'GET /gap/{gapId}/remarks',
    write: false,
    own: {
      client: [200, 200, 200, 200],
      auditor: [200, 200, 200, 200],
      targetCompany: [200, 200, 200, 200],
    },
    foreign: {
      client: [404, 404, 404, 404],
      auditor: [404, 404, 404, 404],
      targetCompany: [404, 404, 404, 404],
    },
    mixed: ['remarkId'],
    request: ({ ids }) => ({
      method: 'GET',
      url: `/gap/${ids.gapId}/remarks`,
      query: { targetCompanyId: ids.targetCompanyId, before: ids.remarkId },
    }),
  },
  {
    route: 'GET /gap/{gapId}/changes',
    write: false,
    own: {
      client: [200, 200, 200, 200],
      auditor: [200, 200, 200, 200],
      targetCompany: [200, 200, 200, 200],
    },
    foreign: {
      client: [404, 404, 404, 404],
      auditor: [404, 404, 404, 404],
      targetCompany: [404, 404, 404, 404],
    },
    mixed: ['gapId'],
    request: ({ ids }) => ({
      method: 'GET',
      url: `/gap/${ids.gapId}/changes`,
      query: { targetCompanyId: ids.targetCompanyId },
    }),
  },
  {
    route: 'GET /remark-document/{documentId}',
    write: false,
    file: true,
    own: {
      client: [200, 200, 200, 200],
      auditor: [200, 200, 200, 200],
      targetCompany: [200, 200, 200, 200],
    },
    foreign: {
      client: [404, 404, 404, 404],
      auditor: [404, 404, 404, 404],
      targetCompany: [404, 404, 404, 404],
    },
    request: ({ documentId }) => ({ method: 'GET', url: `/remark-document/${documentId}` }),
  },
  {
    route: 'DELETE /remark-document/{documentId}',
    write: true,
    own: {
      client: [200, 200, 200, 403],
      auditor: [200, 200, 200, 403],
      targetCompany: [200, 200, 200, 403],
    },
    foreign: {
      client: [404, 404, 404, 403],
      auditor: [404, 404, 404, 403],
      targetCompany: [404, 404, 404, 403],
    },
    request: async (ctx) => ({
      method: 'DELETE',
      url: `/remark-document/${ctx.target === 'own' ? (await ownRemarkToWithdraw(ctx)).documentId : ctx.documentId}`,
    }),
  },
];
