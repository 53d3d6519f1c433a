import { recordingClient } from '@verity/session/src/testing';
import {
  FRESH_DASHBOARDS_MS,
  getAuditorDashboard,
  getClientDashboard,
  getTargetCompanyDashboard,
  readDashboardsFresh,
} from './dashboards';

describe('dashboard calls', () => {
  afterEach(() => jest.restoreAllMocks());

  const asked = () => {
    const { client, requests } = recordingClient(() => Response.json({ success: true, data: {} }));
    const read = async () => {
      await getClientDashboard(client);
      await getTargetCompanyDashboard('company-1', client);
      await getAuditorDashboard('firm-1', client);
      return requests.splice(0).map((request) => request.headers.get('cache-control'));
    };
    return read;
  };

  it('ask for figures cached or not, as the API likes, until a live change says otherwise', async () => {
    const read = asked();
    expect(await read()).toEqual([null, null, null]);

    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now);
    readDashboardsFresh();
    // The client's and the company's dashboards may be cached on the figure notices: asked afresh; the
    // firm's is checked by its token on every request anyway.
    expect(await read()).toEqual(['no-cache', 'no-cache', null]);

    jest.spyOn(Date, 'now').mockReturnValue(now + FRESH_DASHBOARDS_MS);
    expect(await read()).toEqual([null, null, null]);
  });
});
