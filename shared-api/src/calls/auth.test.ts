import { API_BASE_PATH as SESSION_API_BASE_PATH, HTTPError } from '@verity/session';
import { TEST_API_BASE as BASE, recordingClient } from '@verity/session/src/testing';
import { API_BASE_PATH, signInUrl } from '../domain/user';
import { getErrorText } from './error-text';
import { chooseOrganisation, getOrganisationChoices, lookupAccount } from './auth';

describe('auth calls', () => {
  it('lookupAccount sends the email as a query and returns success and user', async () => {
    const found = {
      name: 'Ola Berg',
      email: 'ola+esg@audit.example',
      sub: 'acc-9',
      email_verified: true,
    };
    const { client, requests } = recordingClient(() =>
      Response.json({ success: true, user: found }),
    );

    await expect(lookupAccount('ola+esg@audit.example', client)).resolves.toEqual({
      success: true,
      user: found,
    });
    expect(new URL(requests[0]!.url).pathname).toBe('/api/v1/accounts/user');
    expect(new URL(requests[0]!.url).searchParams.get('email')).toBe('ola+esg@audit.example');
  });

  it('lookupAccount treats a non-ok status as an error', async () => {
    const { client } = recordingClient(() =>
      Response.json({ success: false, message: 'Too many lookups' }, { status: 429 }),
    );

    const error = await lookupAccount('a@b.example', client).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(HTTPError);
    expect(getErrorText(error)).toBe('Too many lookups');
  });

  it('getOrganisationChoices returns data.organisations of GET auth/choose', async () => {
    const organisations = [
      { membershipId: 'm1', organisationName: 'Northwind Capital', role: 'viewer' },
      { membershipId: 'm2', organisationName: 'Southbank Finance', role: 'editor' },
    ];
    const { client, requests } = recordingClient(() =>
      Response.json({ success: true, data: { organisations } }),
    );

    await expect(getOrganisationChoices(client)).resolves.toEqual(organisations);
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      `GET ${BASE}/auth/choose`,
    ]);
  });

  it('chooseOrganisation posts the membership id to auth/choose', async () => {
    const { client, requests } = recordingClient(() => Response.json({ success: true }));

    await chooseOrganisation('m2', client);
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      `POST ${BASE}/auth/choose`,
    ]);
    expect(await requests[0]!.json()).toEqual({ membershipId: 'm2' });
  });
});

describe('the API base path', () => {
  it('is the same for sign-in links (the contract) and for the calls (the session client)', () => {
    expect(API_BASE_PATH).toBe(SESSION_API_BASE_PATH);
    expect(signInUrl('targetCompany')).toBe(`${SESSION_API_BASE_PATH}/auth/target-company/verity`);
  });
});
