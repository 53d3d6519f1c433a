import type { AnswerData, ClientSettings, Gap, actionPlanSchemas } from '../contract';
import type { ClosureCheckFlag, ClosureMethod } from '../domain/closure';
import { apiClient } from '@verity/session';
import type { KyInstance } from '@verity/session';
import { dataOf } from './envelope';

type GapAnswer = AnswerData<(typeof actionPlanSchemas)['requestClosure'], 200>;

/** POST /gap/{id}/closure-request: sends the gap with its photo evidence for review (company, not viewer). */
export async function requestClosure(
  gapId: string,
  targetCompanyId: string,
  note?: string,
  client: KyInstance = apiClient,
): Promise<Gap> {
  const data = await dataOf<GapAnswer>(
    client.post(`gap/${encodeURIComponent(gapId)}/closure-request`, {
      searchParams: { targetCompanyId },
      json: note ? { note } : {},
    }),
  );
  return data.gap;
}

/** What a reviewer decides: accept with how it was verified, or return with why. */
export type ClosureReviewInput =
  | {
      decision: 'accept';
      method: ClosureMethod;
      comment?: string;
      /** YYYY-MM-DD, with `visitedBy`: needed for a site verification. */
      visitDate?: string;
      visitedBy?: string;
      /** The evidence warnings the reviewer checked: each one the evidence carries. */
      checkedFlags?: ClosureCheckFlag[];
    }
  | { decision: 'return'; reason: string };

/** POST /gap/{id}/closure-review (auditor owner or admin; client, not viewer). */
export async function reviewClosure(
  gapId: string,
  targetCompanyId: string,
  review: ClosureReviewInput,
  client: KyInstance = apiClient,
): Promise<Gap> {
  const data = await dataOf<GapAnswer>(
    client.post(`gap/${encodeURIComponent(gapId)}/closure-review`, {
      searchParams: { targetCompanyId },
      json: review,
    }),
  );
  return data.gap;
}

/** GET /client/settings: the client's portfolio settings (client users). */
export async function getClientSettings(client: KyInstance = apiClient): Promise<ClientSettings> {
  const data = await dataOf<{ settings: ClientSettings }>(client.get('client/settings'));
  return data.settings;
}

/** PUT /client/settings (client owner). */
export async function updateClientSettings(
  changes: Partial<ClientSettings>,
  client: KyInstance = apiClient,
): Promise<ClientSettings> {
  const data = await dataOf<{ settings: ClientSettings }>(
    client.put('client/settings', { json: changes }),
  );
  return data.settings;
}
