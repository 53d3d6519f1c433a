import { HTTPError } from 'ky';
import { switchLanguage } from '../language/texts';
import { createApiClient } from './client';
import type { ApiHttpError } from './errors';
import { TEST_API_BASE as BASE, caught } from '../testing';

interface Call {
  method: string;
  path: string;
  body: string;
  credentials: RequestCredentials;
  language: string | null;
}

/** A small stand-in for the API: gap routes answer 403 until a refresh has succeeded. */
function fakeApi(
  options: { refreshStatus?: number; alwaysForbidden?: boolean; refreshGate?: Promise<void> } = {},
) {
  const calls: Call[] = [];
  let sessionFresh = false;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    calls.push({
      method: request.method,
      path,
      body: await request.text(),
      credentials: request.credentials,
      language: request.headers.get('Accept-Language'),
    });
    if (path === '/api/v1/auth/refresh') {
      await options.refreshGate;
      const status = options.refreshStatus ?? 200;
      if (status === 200) sessionFresh = true;
      return Response.json(
        status === 200
          ? { success: true, data: {} }
          : { success: false, message: 'Session expired', code: 'refresh_invalid' },
        { status },
      );
    }
    if (!sessionFresh || options.alwaysForbidden) {
      return Response.json(
        { success: false, message: 'Access token expired', code: 'token_expired' },
        { status: 403 },
      );
    }
    return Response.json({ success: true, data: { gap: { id: path.split('/').pop() } } });
  };
  return { fetch, calls, expire: () => (sessionFresh = false) };
}

/** The message of the server's JSON body, as the client kept it on the error. */
const serverMessage = (error: unknown) =>
  ((error as ApiHttpError).data as { message?: string })?.message;

const paths = (calls: Call[]) => calls.map((call) => `${call.method} ${call.path}`);

/**
 * Web Locks as a browser grants them: one holder per name, the next waiter granted in a later task.
 * Only for the tests: Node has no navigator.locks.
 */
function lockManager() {
  const queues = new Map<string, Promise<void>>();
  return {
    async request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const previous = queues.get(name) ?? Promise.resolve();
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      queues.set(
        name,
        previous.then(() => held),
      );
      await previous;
      // Granted in a later turn of the event loop, after messages already posted have landed.
      await new Promise((resolve) => setImmediate(resolve));
      try {
        return await callback();
      } finally {
        release();
      }
    },
  };
}

let channelSerial = 0;

describe('createApiClient', () => {
  it('answers a 403 with one refresh and one retry of the original request', async () => {
    const api = fakeApi();
    const client = createApiClient({ prefixUrl: BASE, fetch: api.fetch });

    const body = await client.get('gap/g1').json();

    expect(body).toEqual({ success: true, data: { gap: { id: 'g1' } } });
    expect(paths(api.calls)).toEqual([
      'GET /api/v1/gap/g1',
      'POST /api/v1/auth/refresh',
      'GET /api/v1/gap/g1',
    ]);
    expect(api.calls.every((call) => call.credentials === 'include')).toBe(true);
  });

  it('names the language the page shows on every call, the refresh and the retry too', async () => {
    const api = fakeApi();
    const client = createApiClient({ prefixUrl: BASE, fetch: api.fetch });
    await client.get('gap/g1').json();
    await switchLanguage('tr');
    try {
      api.expire();
      await client.get('gap/g2').json();
    } finally {
      await switchLanguage('en');
    }
    expect(api.calls.map((call) => `${call.language} ${call.path}`)).toEqual([
      'en /api/v1/gap/g1',
      'en /api/v1/auth/refresh',
      'en /api/v1/gap/g1',
      'tr /api/v1/gap/g2',
      'tr /api/v1/auth/refresh',
      'tr /api/v1/gap/g2',
    ]);
  });

  it('sends the same body again when it retries a write', async () => {
    const api = fakeApi();
    const client = createApiClient({ prefixUrl: BASE, fetch: api.fetch });

    await client.patch('gap/g7/status', { json: { status: 'closed' } }).json();

    const writes = api.calls.filter((call) => call.method === 'PATCH');
    expect(writes.map((call) => call.body)).toEqual(['{"status":"closed"}', '{"status":"closed"}']);
  });

  it('shares one refresh between parallel requests that all got 403', async () => {
    let openGate: () => void = () => undefined;
    const refreshGate = new Promise<void>((resolve) => (openGate = resolve));
    const api = fakeApi({ refreshGate });
    const client = createApiClient({ prefixUrl: BASE, fetch: api.fetch });

    const requests = ['g1', 'g2', 'g3', 'g4', 'g5'].map((id) => client.get(`gap/${id}`).json());
    await new Promise((resolve) => setImmediate(resolve));
    openGate();
    const bodies = await Promise.all(requests);

    expect(bodies.map((body) => (body as { data: { gap: { id: string } } }).data.gap.id)).toEqual([
      'g1',
      'g2',
      'g3',
      'g4',
      'g5',
    ]);
    expect(paths(api.calls).filter((call) => call.endsWith('/auth/refresh'))).toHaveLength(1);
    expect(api.calls).toHaveLength(11);
  });

  it('refreshes again for a later 403 once the earlier refresh has finished', async () => {
    const api = fakeApi();
    const client = createApiClient({ prefixUrl: BASE, fetch: api.fetch });

    await client.get('gap/g1');
    api.expire();
    await client.get('gap/g2');

    expect(paths(api.calls).filter((call) => call.endsWith('/auth/refresh'))).toHaveLength(2);
  });

  it('rejects a retried request that gets 403 again instead of looping', async () => {
    const api = fakeApi({ alwaysForbidden: true });
    const client = createApiClient({ prefixUrl: BASE, fetch: api.fetch });

    const error = await caught(client.get('gap/g1').json());

    expect(error).toBeInstanceOf(HTTPError);
    expect((error as HTTPError).response.status).toBe(403);
    expect(serverMessage(error)).toBe('Access token expired');
    expect(paths(api.calls)).toEqual([
      'GET /api/v1/gap/g1',
      'POST /api/v1/auth/refresh',
      'GET /api/v1/gap/g1',
    ]);
  });

  it('rejects the original error and reports the expired session when the refresh fails', async () => {
    const api = fakeApi({ refreshStatus: 401 });
    const onSessionExpired = jest.fn();
    const client = createApiClient({ prefixUrl: BASE, fetch: api.fetch, onSessionExpired });

    const errors = await Promise.all([caught(client.get('gap/g1')), caught(client.get('gap/g2'))]);

    expect(errors.map((error) => (error as HTTPError).response.status)).toEqual([403, 403]);
    expect(errors.map((error) => serverMessage(error))).toEqual([
      'Access token expired',
      'Access token expired',
    ]);
    expect(paths(api.calls)).toEqual([
      'GET /api/v1/gap/g1',
      'GET /api/v1/gap/g2',
      'POST /api/v1/auth/refresh',
    ]);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('does not refresh when the refresh call itself answers 403', async () => {
    const api = fakeApi({ refreshStatus: 403 });
    const client = createApiClient({ prefixUrl: BASE, fetch: api.fetch });

    const error = await caught(client.post('auth/refresh'));

    expect((error as HTTPError).response.status).toBe(403);
    expect(serverMessage(error)).toBe('Session expired');
    expect(paths(api.calls)).toEqual(['POST /api/v1/auth/refresh']);
  });

  it('does not retry other failures', async () => {
    const calls: string[] = [];
    const client = createApiClient({
      prefixUrl: BASE,
      fetch: async (input) => {
        calls.push((input as Request).url);
        return Response.json({ success: false, message: 'Database unavailable' }, { status: 503 });
      },
    });

    const error = await caught(client.get('dashboard/auditor'));

    expect(serverMessage(error)).toBe('Database unavailable');
    expect(calls).toEqual(['http://verity.test/api/v1/dashboard/auditor']);
  });

  describe('across tabs', () => {
    const channels: BroadcastChannel[] = [];
    afterEach(() => channels.splice(0).forEach((channel) => channel.close()));

    /** Two tabs of one browser: one cookie jar (the fake API's session), one lock manager, one channel name. */
    function twoTabs(api: ReturnType<typeof fakeApi>) {
      const locks = lockManager();
      const name = `verity-session-test-${++channelSerial}`;
      const tabs = [1, 2].map(() => {
        const channel = new BroadcastChannel(name);
        channels.push(channel);
        return createApiClient({
          prefixUrl: BASE,
          fetch: api.fetch,
          coordination: { locks, channel },
        });
      });
      // Opened last, so it hears a message after the tabs have.
      const observer = new BroadcastChannel(name);
      channels.push(observer);
      const heard = new Promise<void>((resolve) =>
        observer.addEventListener('message', () => resolve()),
      );
      return { tabs, heard };
    }

    it('refreshes once for two tabs that meet a 403 together, and both retry their request', async () => {
      let openGate: () => void = () => undefined;
      const refreshGate = new Promise<void>((resolve) => (openGate = resolve));
      const api = fakeApi({ refreshGate });
      const [first, second] = twoTabs(api).tabs;

      const requests = [first!.get('gap/g1').json(), second!.get('gap/g2').json()];
      await new Promise((resolve) => setTimeout(resolve, 10));
      openGate();
      const bodies = await Promise.all(requests);

      expect(bodies).toEqual([
        { success: true, data: { gap: { id: 'g1' } } },
        { success: true, data: { gap: { id: 'g2' } } },
      ]);
      expect(paths(api.calls).filter((call) => call.endsWith('/auth/refresh'))).toHaveLength(1);
      expect(paths(api.calls).filter((call) => call.startsWith('GET'))).toEqual([
        'GET /api/v1/gap/g1',
        'GET /api/v1/gap/g2',
        'GET /api/v1/gap/g1',
        'GET /api/v1/gap/g2',
      ]);
    });

    it('refreshes itself when the other tab refreshed earlier, before its own 403', async () => {
      const api = fakeApi();
      const { tabs, heard } = twoTabs(api);
      const [first, second] = tabs;

      await first!.get('gap/g1').json();
      // Later: the other tab has heard of that refresh, and the new access token expires too.
      await heard;
      api.expire();
      await second!.get('gap/g2').json();

      expect(paths(api.calls).filter((call) => call.endsWith('/auth/refresh'))).toHaveLength(2);
    });

    it('still reports an expired session when the refresh the tabs shared failed', async () => {
      const api = fakeApi({ refreshStatus: 401 });
      const locks = lockManager();
      const name = `verity-session-test-${++channelSerial}`;
      const expired = [jest.fn(), jest.fn()];
      const [first, second] = expired.map((onSessionExpired) => {
        const channel = new BroadcastChannel(name);
        channels.push(channel);
        return createApiClient({
          prefixUrl: BASE,
          fetch: api.fetch,
          onSessionExpired,
          coordination: { locks, channel },
        });
      });

      const errors = await Promise.all([
        caught(first!.get('gap/g1')),
        caught(second!.get('gap/g2')),
      ]);

      expect(errors.map((error) => (error as HTTPError).response.status)).toEqual([403, 403]);
      expect(expired.map((callback) => callback.mock.calls.length)).toEqual([1, 1]);
    });
  });
});
