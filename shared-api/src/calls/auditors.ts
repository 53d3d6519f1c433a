import type { AuditorListItem, CreateAuditorPayload } from '../contract';
import { apiClient } from '@verity/session';
import type { KyInstance } from '@verity/session';
import { dataOf, query } from './envelope';

/** GET /auditor: the auditor firms engaged by the client; one when `auditorId` is given. */
export async function getAuditors(
  filter: { auditorId?: string } = {},
  client: KyInstance = apiClient,
): Promise<AuditorListItem[]> {
  const data = await dataOf<{ auditors?: AuditorListItem[] }>(
    client.get('auditor', { searchParams: query({ auditorId: filter.auditorId }) }),
  );
  return data.auditors ?? [];
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
