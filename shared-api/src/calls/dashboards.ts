import type { AuditorDashboard, ClientDashboard, TargetCompanyDashboard } from '../contract';
import { apiClient } from '@verity/session';
import type { KyInstance } from '@verity/session';
import { dataOf } from './envelope';

/** How long after `readDashboardsFresh` the dashboards are read afresh. */
export const FRESH_DASHBOARDS_MS = 5_000;
let freshUntil = 0;

/**
 * The dashboards read in the next FRESH_DASHBOARDS_MS ask for figures computed afresh
 * (`Cache-Control: no-cache`), not ones an API process cached on the figure notices: after a live
 * change they show it even through a process that has not received its notice yet
 * (`mayServeCached` in api/src/answer-cache.ts).
 */
export function readDashboardsFresh(): void {
  freshUntil = Date.now() + FRESH_DASHBOARDS_MS;
}

const freshHeaders = () => (Date.now() < freshUntil ? { 'cache-control': 'no-cache' } : undefined);

/** GET /dashboard/auditor: the firm's projects overview and the gaps per target company. */
export function getAuditorDashboard(
  auditorId: string,
  client: KyInstance = apiClient,
): Promise<AuditorDashboard> {
  return dataOf<AuditorDashboard>(client.get('dashboard/auditor', { searchParams: { auditorId } }));
}

/** GET /dashboard/target-company: one company's action plan and gap figures. */
export function getTargetCompanyDashboard(
  targetCompanyId: string,
  client: KyInstance = apiClient,
): Promise<TargetCompanyDashboard> {
  return dataOf<TargetCompanyDashboard>(
    client.get('dashboard/target-company', {
      searchParams: { targetCompanyId },
      headers: freshHeaders(),
    }),
  );
}

/** GET /dashboard/client: the figures over all the client's companies, with the portfolio bars. */
export function getClientDashboard(client: KyInstance = apiClient): Promise<ClientDashboard> {
  return dataOf<ClientDashboard>(client.get('dashboard/client', { headers: freshHeaders() }));
}
