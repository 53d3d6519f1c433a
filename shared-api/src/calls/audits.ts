import type { Audit, CreateAuditPayload } from '../contract';
import { apiClient } from '@verity/session';
import type { KyInstance } from '@verity/session';
import { dataOf } from './envelope';

/** GET /target-company/{auditorId}/audits: the audits of one auditor firm on one company. */
export async function getAudits(
  { auditorId, targetCompanyId }: { auditorId: string; targetCompanyId: string },
  client: KyInstance = apiClient,
): Promise<Audit[]> {
  const data = await dataOf<{ audits?: Audit[] }>(
    client.get(`target-company/${encodeURIComponent(auditorId)}/audits`, {
      searchParams: { targetCompanyId, auditorId },
    }),
  );
  return data.audits ?? [];
}

/** GET /target-company/audit/{auditId}. */
export async function getAudit(auditId: string, client: KyInstance = apiClient): Promise<Audit> {
  const data = await dataOf<{ audit: Audit }>(
    client.get(`target-company/audit/${encodeURIComponent(auditId)}`),
  );
  return data.audit;
}

/** POST /target-company/audit (client, not viewer; the auditor must be assigned to the company). */
export async function createAudit(
  payload: CreateAuditPayload,
  client: KyInstance = apiClient,
): Promise<Audit> {
  const data = await dataOf<{ audit: Audit }>(
    client.post('target-company/audit', { json: payload }),
  );
  return data.audit;
}
