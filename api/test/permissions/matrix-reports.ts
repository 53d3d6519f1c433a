// The matrix rows of the monitoring report: whoever may read the plan, or the company's dashboard.
import type { MatrixRow } from './matrix-types';

const EVERYONE_OWN = {
  client: [200, 200, 200, 200],
  auditor: [200, 200, 200, 200],
  targetCompany: [200, 200, 200, 200],
} as const;

const EVERYONE_FOREIGN = {
  client: [404, 404, 404, 404],
  auditor: [404, 404, 404, 404],
  targetCompany: [404, 404, 404, 404],
} as const;

export const REPORT_ROWS: readonly MatrixRow[] = [
  {
    route: 'GET /action-plan/{id}/report',
    write: false,
    own: EVERYONE_OWN,
    foreign: EVERYONE_FOREIGN,
    mixed: ['actionPlanId'],
    request: ({ ids }) => ({
      method: 'GET',
      url: `/action-plan/${ids.actionPlanId}/report`,
      query: { targetCompanyId: ids.targetCompanyId, format: 'xlsx' },
    }),
  },
  {
    route: 'GET /target-company/{id}/report',
    write: false,
    own: EVERYONE_OWN,
    foreign: EVERYONE_FOREIGN,
    request: ({ ids }) => ({
      method: 'GET',
      url: `/target-company/${ids.targetCompanyId}/report`,
      query: { format: 'pdf' },
    }),
  },
];
