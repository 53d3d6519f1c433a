import { HTTPError } from 'ky';
import { createApiClient } from '../http/client';
import { getErrorText } from '../http/error-text';
import {
  chooseOrganisation,
  getCurrentUser,
  getOrganisationChoices,
  logout,
  lookupAccount,
} from './auth';

const BASE = 'http://verity.test/api/v1';

function recordingClient(answer: (request: Request) => Response) {
  const requests: Request[] = [];
  const client = createApiClient({
    prefixUrl: BASE,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      requests.push(request);
      return answer(request);
    },
  });
  return { client, requests };
}

const maya = {
  _id: 'u1',
  fullname: 'Maya Rao',
  emailId: 'maya@lender.example',
  role: 'owner',
  userType: 'client',
  clientId: 'c1',
};

describe('auth calls', () => {
  it('getCurrentUser returns data.user of GET auth/me', async () => {
    const { client, requests } = recordingClient(() =>
      Response.json({ success: true, data: { user: maya } }),
    );

    await expect(getCurrentUser(client)).resolves.toEqual(maya);
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      `GET ${BASE}/auth/me`,
    ]);
  });

  it('getCurrentUser rejects with the 401 when nobody is signed in', async () => {
    const { client } = recordingClient(() =>
      Response.json({ success: false, message: 'Not signed in' }, { status: 401 }),
    );

    const error = await getCurrentUser(client).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(HTTPError);
    expect((error as HTTPError).response.status).toBe(401);
  });

  it('logout posts auth/logout', async () => {
    const { client, requests } = recordingClient(() => Response.json({ success: true, data: {} }));

    await logout(client);
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      `POST ${BASE}/auth/logout`,
    ]);
  });

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
