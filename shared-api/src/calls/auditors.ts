import type { AuditorListItem, AuditorPage, AuditorQuery, CreateAuditorPayload } from '../contract';
import { apiClient } from '@verity/session';
import type { KyInstance } from '@verity/session';
import { dataOf, pageInfoOf, query } from './envelope';

/** GET /auditor: one page of the auditor firms engaged by the client; one when `auditorId` is given. */
export async function getAuditors(
  { auditorId, search, page, pageSize }: AuditorQuery = {},
  client: KyInstance = apiClient,
): Promise<AuditorPage> {
  const data = await dataOf<Partial<AuditorPage>>(
    client.get('auditor', {
      searchParams: query({ auditorId, search: search?.trim(), page, pageSize }),
    }),
  );
  const auditors = data.auditors ?? [];
  return { auditors, ...pageInfoOf(auditors, data) };
}

/** POST /auditor: creates an auditor firm for the client, owned by the account of `emailId` (client owner). */
export async function createAuditor(
  payload: CreateAuditorPayload,
  client: KyInstance = apiClient,
): Promise<AuditorListItem> {
  const data = await dataOf<{ auditor: AuditorListItem }>(
    client.post('auditor', { json: payload }),
  );
  return data.auditor;
}
