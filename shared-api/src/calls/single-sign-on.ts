// The organisation's own identity provider (docs/api.md "Single sign-on"): the settings page's card.
import type { SsoConnection, SsoConnectionPayload } from '../contract';
import { apiClient } from '@verity/session';
import type { KyInstance } from '@verity/session';
import { dataOf } from './envelope';

/** GET /organisation/sso (owners): the settings, never the client secret; null when none. */
export async function getSingleSignOn(
  client: KyInstance = apiClient,
): Promise<SsoConnection | null> {
  return (await dataOf<{ connection: SsoConnection | null }>(client.get('organisation/sso')))
    .connection;
}

/** PUT /organisation/sso (owners): saves the settings, or requires them once tested. */
export async function saveSingleSignOn(
  payload: SsoConnectionPayload,
  client: KyInstance = apiClient,
): Promise<SsoConnection> {
  return (
    await dataOf<{ connection: SsoConnection }>(client.put('organisation/sso', { json: payload }))
  ).connection;
}

/** DELETE /organisation/sso (owners): every member signs in with Verity's own sign-in again. */
export async function removeSingleSignOn(client: KyInstance = apiClient): Promise<void> {
  await dataOf<Record<string, never>>(client.delete('organisation/sso'));
}
