import type { AuditorDashboard, ClientDashboard, TargetCompanyDashboard } from '../contract';
import { apiClient } from '@verity/session';
import type { KyInstance } from '@verity/session';
import { dataOf } from './envelope';

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
    client.get('dashboard/target-company', { searchParams: { targetCompanyId } }),
  );
}

/** GET /dashboard/client: the figures over all the client's companies, with the portfolio bars. */
export function getClientDashboard(client: KyInstance = apiClient): Promise<ClientDashboard> {
  return dataOf<ClientDashboard>(client.get('dashboard/client'));
}
