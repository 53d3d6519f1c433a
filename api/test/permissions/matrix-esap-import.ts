// The matrix rows of the ESAP import into a new plan of an audit, and of a plan's ESAP revisions (into one of its plans, with
// `actionPlanId`, is tested with own and foreign plans in api/test/routes/action-plans/esap-import.test.ts).
import type { InjectOptions } from 'fastify';
import type { MatrixRow } from './matrix-types';
import type { RequestContext } from './requests';

/**
 * A small ESAP as CSV, with item numbers no other call of the run has, due in 30 days, and statuses
 * the import does not know, mapped by the table sent with it.
 */
function esapForm({ serial }: RequestContext): FormData {
  const due = new Date(Date.now() + 30 * 86_400_000);
  const day = `${String(due.getUTCDate()).padStart(2, '0')}/${String(due.getUTCMonth() + 1).padStart(2, '0')}/${due.getUTCFullYear()}`;
  const csv = [
    'No.,Action,E&S Risk,Requirements,Responsibility,Timetable,Status',
    'PR1 Assessment and Management',
    `M${serial}.1,Adopt an ESMS,No ESMS,PR1,HSE Manager,${day},Tender stage`,
    `M${serial}.2,Train the staff,No training,PR2,HR Director,${day},Recurring`,
  ].join('\n');
  const form = new FormData();
  form.append('actionPlanHeading', `Imported ESAP ${serial}`);
  form.append('category', 'environment');
  form.append('timeline', new Date(Date.now() + 60 * 86_400_000).toISOString());
  form.append('ESGAspect', 'Environmental');
  form.append('impactedSDGs', 'SDG8');
  // The table of statuses the user confirmed, remembered for the company's client.
  form.append('statusMapping', JSON.stringify({ 'Tender stage': 'open', Recurring: null }));
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'esap.csv');
  return form;
}

const importRequest = (ctx: RequestContext): InjectOptions => ({
  method: 'POST',
  url: '/action-plan/import',
  query: { targetCompanyId: ctx.ids.targetCompanyId, auditId: ctx.ids.auditId },
  payload: esapForm(ctx) as unknown as InjectOptions['payload'],
});

export const ESAP_IMPORT_ROWS: readonly MatrixRow[] = [
  {
    route: 'POST /action-plan/import',
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
    request: (ctx) => importRequest(ctx),
  },
  {
    // Whoever sees the plan sees its ESAP's revisions.
    route: 'GET /action-plan/{id}/revisions',
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
      url: `/action-plan/${ids.actionPlanId}/revisions`,
      query: { targetCompanyId: ids.targetCompanyId },
    }),
  },
];
