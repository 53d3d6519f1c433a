// Sign-in calls beyond the session's own (who is signed in, logout and refresh live in @verity/session).
import type { AccountLookupResult, OrganisationChoice, SessionUser } from '../contract';
import type { DateStyle } from '../domain/dates';
import type { Language } from '../domain/language';
import { apiClient, type KyInstance } from '@verity/session';

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

/**
 * PUT /auth/me/settings: the signed-in user's own date style or language (either or both); the
 * answer is the user as it now is.
 */
export async function updateMySettings(
  settings: { dateStyle?: DateStyle; language?: Language },
  client: KyInstance = apiClient,
): Promise<SessionUser> {
  const body = await client
    .put('auth/me/settings', { json: settings })
    .json<{ data: { user: SessionUser } }>();
  return body.data.user;
}

/** Finishes that sign-in in the chosen organisation: the session cookies are set by the answer. */
export async function chooseOrganisation(
  membershipId: string,
  client: KyInstance = apiClient,
): Promise<void> {
  await client.post('auth/choose', { json: { membershipId } });
}
