// The organisation's API tokens (docs/api.md "API tokens"): the settings page's card.
import type { ApiToken, ApiTokenPayload, NewApiToken } from '../contract';
import { apiClient } from '@verity/session';
import type { KyInstance } from '@verity/session';
import { dataOf } from './envelope';

/** GET /organisation/api-tokens (owners): live ones first, never a secret. */
export async function listApiTokens(client: KyInstance = apiClient): Promise<ApiToken[]> {
  return (await dataOf<{ tokens: ApiToken[] }>(client.get('organisation/api-tokens'))).tokens;
}

/** POST /organisation/api-tokens (owners): the token and its secret, the only time it is given. */
export function createApiToken(
  payload: ApiTokenPayload,
  client: KyInstance = apiClient,
): Promise<NewApiToken> {
  return dataOf<NewApiToken>(client.post('organisation/api-tokens', { json: payload }));
}

/** DELETE /organisation/api-tokens/{id} (owners): revoked at once. */
export async function revokeApiToken(
  id: string,
  client: KyInstance = apiClient,
): Promise<ApiToken> {
  return (
    await dataOf<{ token: ApiToken }>(
      client.delete(`organisation/api-tokens/${encodeURIComponent(id)}`),
    )
  ).token;
}
