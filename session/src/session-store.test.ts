import { createApiClient } from './http/client';
import { getCurrentUser, logout } from './session-calls';
import { createSessionStore } from './session-store';
import { offlineUserId, setOfflineUserId, signOutPending } from './device-data';
import { readDraft, writeDraft } from './drafts';

const BASE = 'http://verity.test/api/v1';

const ravi = {
  _id: 'u2',
  fullname: 'Ravi Menon',
  emailId: 'ravi@audit.example',
  role: 'admin',
  userType: 'auditor',
  auditorId: 'a1',
  organisationName: 'Menon Audit',
} as const;

/** A store wired to the real calls over a fetch that answers each path with the given status and body. */
function storeOver(routes: Record<string, { status: number; body: unknown } | 'offline'>) {
  const calls: string[] = [];
  const client = createApiClient({
    prefixUrl: BASE,
    fetch: async (input) => {
      const request = input as Request;
      const path = new URL(request.url).pathname.replace('/api/v1/', '');
      calls.push(`${request.method} ${path}`);
      const route = routes[path];
      if (route === 'offline') throw new TypeError('Failed to fetch');
      if (!route) return Response.json({ success: false, message: 'Not found' }, { status: 404 });
      return Response.json(route.body, { status: route.status });
    },
  });
  const navigate = jest.fn();
  const store = createSessionStore({
    getCurrentUser: () => getCurrentUser(client),
    logout: () => logout(client),
    navigate,
  });
  return { store, navigate, calls };
}

describe('session store', () => {
  it('starts idle without a user', () => {
    const { store } = storeOver({});
    expect(store.getState()).toMatchObject({ status: 'idle', user: undefined });
  });

  it('becomes signed-in with the loaded user', async () => {
    const { store } = storeOver({
      'auth/me': { status: 200, body: { success: true, data: { user: ravi } } },
    });

    const loading = store.getState().loadUser();
    expect(store.getState().status).toBe('loading');
    await loading;

    expect(store.getState()).toMatchObject({ status: 'signed-in', user: ravi });
  });

  it('becomes signed-out when auth/me answers 401', async () => {
    const { store } = storeOver({
      'auth/me': { status: 401, body: { success: false, message: 'Not signed in' } },
    });

    await store.getState().loadUser();

    expect(store.getState()).toMatchObject({ status: 'signed-out', user: undefined });
  });

  it('becomes error on any other failure', async () => {
    const { store } = storeOver({
      'auth/me': { status: 500, body: { success: false, message: 'Internal error' } },
    });

    await store.getState().loadUser();

    expect(store.getState().status).toBe('error');
    expect(store.getState().user).toBeUndefined();
  });

  it('shares one request between overlapping loads', async () => {
    const { store, calls } = storeOver({
      'auth/me': { status: 200, body: { success: true, data: { user: ravi } } },
    });

    await Promise.all([store.getState().loadUser(), store.getState().loadUser()]);

    expect(calls).toEqual(['GET auth/me']);
  });

  it('clears the user and goes to /login after a successful logout', async () => {
    const { store, navigate, calls } = storeOver({
      'auth/logout': { status: 200, body: { success: true, data: {} } },
    });
    store.getState().setUser(ravi);

    await store.getState().logout();

    expect(calls).toEqual(['POST auth/logout']);
    expect(store.getState()).toMatchObject({ status: 'signed-out', user: undefined });
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('goes to the given path after logout', async () => {
    const { store, navigate } = storeOver({
      'auth/logout': { status: 200, body: { success: true, data: {} } },
    });
    store.getState().setUser(ravi);

    await store.getState().logout('/');

    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('keeps the user signed in and rejects when logout fails', async () => {
    const { store, navigate } = storeOver({
      'auth/logout': { status: 500, body: { success: false, message: 'Down' } },
    });
    store.getState().setUser(ravi);

    await expect(store.getState().logout()).rejects.toThrow();

    expect(store.getState()).toMatchObject({ status: 'signed-in', user: ravi });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('signs out with no network: wipes the device at once and tells the server when it is back', async () => {
    // The browser's localStorage, where drafts and the offline marks are kept.
    const kept = new Map<string, string>();
    const localStorage = {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
      removeItem: (key: string) => void kept.delete(key),
      key: (index: number) => [...kept.keys()][index] ?? null,
      get length() {
        return kept.size;
      },
    };
    Object.assign(globalThis, { window: { localStorage } });
    const offline = storeOver({ 'auth/logout': 'offline' });
    offline.store.getState().setUser(ravi);
    writeDraft(ravi._id, 'remark', { comments: 'Typed on site' });
    setOfflineUserId(ravi._id);

    await offline.store.getState().logout();

    expect(offline.store.getState()).toMatchObject({ status: 'signed-out', user: undefined });
    expect(offline.navigate).toHaveBeenCalledWith('/login');
    expect(readDraft(ravi._id, 'remark')).toBeUndefined();
    expect(offlineUserId()).toBeUndefined();
    expect(signOutPending()).toBe(true);

    // The next start, online: the sign-out goes first, and nobody is taken as signed in.
    const online = storeOver({
      'auth/logout': { status: 200, body: { success: true, data: {} } },
      'auth/me': { status: 200, body: { success: true, data: { user: ravi } } },
    });
    await online.store.getState().loadUser();
    expect(online.calls).toEqual(['POST auth/logout']);
    expect(online.store.getState().status).toBe('signed-out');
    expect(signOutPending()).toBe(false);
    expect(kept.size).toBe(0);
    delete (globalThis as { window?: unknown }).window;
  });

  it('setUser without a user signs out', () => {
    const { store } = storeOver({});
    store.getState().setUser(ravi);
    store.getState().setUser(undefined);
    expect(store.getState()).toMatchObject({ status: 'signed-out', user: undefined });
  });
});
