// The organisation's own identity provider (docs/api.md "Single sign-on"): the settings page's card.
import type { SsoConnection, SsoConnectionPayload } from '../contract';
import { apiClient } from '@verity/session';
import type { KyInstance } from '@verity/session';
import { dataOf } from './envelope';

/**
 * GET /organisation/sso (owners): the settings, never the client secret (null when none), and the
 * redirect address to register at the provider.
 */
export function getSingleSignOn(
  client: KyInstance = apiClient,
): Promise<{ connection: SsoConnection | null; redirectUri: string }> {
  return dataOf<{ connection: SsoConnection | null; redirectUri: string }>(
    client.get('organisation/sso'),
  );
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
