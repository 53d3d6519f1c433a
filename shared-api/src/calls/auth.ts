import type { AccountLookupResult, OrganisationChoice, SessionUser } from '../contract';
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

/** The organisations a person who just signed in may choose from (the API's signed choice cookie). */
export async function getOrganisationChoices(
  client: KyInstance = apiClient,
): Promise<OrganisationChoice[]> {
  const body = await client
    .get('auth/choose')
    .json<{ data: { organisations?: OrganisationChoice[] } }>();
  return body.data.organisations ?? [];
}

/** Finishes that sign-in in the chosen organisation: the session cookies are set by the answer. */
export async function chooseOrganisation(
  membershipId: string,
  client: KyInstance = apiClient,
): Promise<void> {
  await client.post('auth/choose', { json: { membershipId } });
}
