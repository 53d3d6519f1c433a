import type { AccountLookupResult } from '../domain/entities';
import type { SessionUser } from '../domain/user';
import { apiClient } from '../http/client';
import type { KyInstance } from 'ky';

export async function getCurrentUser(client: KyInstance = apiClient): Promise<SessionUser> {
  const body = await client.get('auth/me').json<{ data: { user: SessionUser } }>();
  return body.data.user;
}

export async function logout(client: KyInstance = apiClient): Promise<void> {
  await client.post('auth/logout');
}

export async function refresh(client: KyInstance = apiClient): Promise<void> {
  await client.post('auth/refresh');
}

/** The accounts service's email lookup; a non-ok status rejects with an HTTPError. */
export async function lookupAccount(
  email: string,
  client: KyInstance = apiClient,
): Promise<AccountLookupResult> {
  return client.get('accounts/user', { searchParams: { email } }).json<AccountLookupResult>();
}
