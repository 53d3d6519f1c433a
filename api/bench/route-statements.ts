// The statements of the routes that carry issue 16's route-overhead aim (API >= 0.7 of its SQL
// alone), called the way the routes call them. run-bench.ts calls them directly (the SQL alone);
// bare-server.ts answers each over a bare node:http server (the floor: the SQL alone plus an HTTP
// hop, without Fastify, sessions or headers).
import { findActionPlanDetail } from '../src/action-plans/action-plan-queries';
import { actionPlanFigures, companyGapStats, readableFigures } from '../src/dashboards/figures';
import { auditorScope, clientScope, visibleCompanyScope } from '../src/dashboards/scopes';
import type { Queryable } from '../src/db';
import type { SessionUser } from '@verity/shared-api/src/server';
import { BENCH, largeCompanyId, planOf, smallCompanyId } from './generate';

/** The generated client's owner, as the API's session would give it. */
export const benchClientUser = {
  _id: BENCH.clientUserId,
  fullname: 'Bench Client',
  emailId: 'bench.client@verity.test',
  role: 'owner',
  userType: 'client',
  clientId: BENCH.clientId,
  organisationName: 'Bench Capital',
} satisfies SessionUser;

/** The generated auditor firm's owner, as the API's session would give it. */
export const benchAuditorUser = {
  _id: BENCH.auditorUserId,
  fullname: 'Bench Auditor',
  emailId: 'bench.auditor@verity.test',
  role: 'owner',
  userType: 'auditor',
  auditorId: BENCH.auditorId,
  organisationName: 'Bench Audit',
} satisfies SessionUser;

export function routeStatements(db: Queryable) {
  return {
    'target-company-dashboard-small': () =>
      readableFigures(db, visibleCompanyScope(benchClientUser, smallCompanyId)),
    'target-company-dashboard-large': () =>
      readableFigures(db, visibleCompanyScope(benchClientUser, largeCompanyId)),
    'auditor-dashboard': () => companyGapStats(db, auditorScope(BENCH.auditorId)),
    'client-dashboard': () =>
      Promise.all([
        actionPlanFigures(db, clientScope(BENCH.clientId)),
        companyGapStats(db, clientScope(BENCH.clientId)),
      ]),
    'action-plan-detail': () =>
      findActionPlanDetail(db, planOf(2, 1), benchClientUser, smallCompanyId),
  };
}

export type RouteStatement = keyof ReturnType<typeof routeStatements>;
