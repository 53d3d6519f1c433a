import type { Audit, AuditPage, AuditQuery, CreateAuditPayload } from '../contract';
import { apiClient } from '@verity/session';
import type { KyInstance } from '@verity/session';
import { dataOf, pageInfoOf, query } from './envelope';

/** GET /target-company/{auditorId}/audits: one page of the audits of one auditor firm on one company. */
export async function getAudits(
  {
    auditorId,
    targetCompanyId,
    search,
    auditType,
    auditCategory,
    page,
    pageSize,
  }: AuditQuery & { auditorId: string },
  client: KyInstance = apiClient,
): Promise<AuditPage> {
  const data = await dataOf<Partial<AuditPage>>(
    client.get(`target-company/${encodeURIComponent(auditorId)}/audits`, {
      searchParams: query({
        targetCompanyId,
        auditorId,
        search: search?.trim(),
        auditType,
        auditCategory,
        page,
        pageSize,
      }),
    }),
  );
  const audits = data.audits ?? [];
  return { audits, ...pageInfoOf(audits, data) };
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
