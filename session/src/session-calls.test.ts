import { HTTPError } from 'ky';
import { getCurrentUser, logout, refresh } from './session-calls';
import { TEST_API_BASE as BASE, recordingClient } from './testing';

const sent = (requests: Request[]) => requests.map((request) => `${request.method} ${request.url}`);

const maya = {
  _id: 'u1',
  fullname: 'Maya Rao',
  emailId: 'maya@lender.example',
  role: 'owner',
  userType: 'client',
  clientId: 'c1',
};

describe('session calls', () => {
  it('getCurrentUser returns data.user of GET auth/me', async () => {
    const { client, requests } = recordingClient(() =>
      Response.json({ success: true, data: { user: maya } }),
    );

    await expect(getCurrentUser(client)).resolves.toEqual(maya);
    expect(sent(requests)).toEqual([`GET ${BASE}/auth/me`]);
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
    expect(sent(requests)).toEqual([`POST ${BASE}/auth/logout`]);
  });

  it('refresh posts auth/refresh', async () => {
    const { client, requests } = recordingClient(() => Response.json({ success: true, data: {} }));

    await refresh(client);
    expect(sent(requests)).toEqual([`POST ${BASE}/auth/refresh`]);
  });
});
