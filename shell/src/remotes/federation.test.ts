import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_OVERRIDES_KEY } from './remote-overrides';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));

const remotesJson = {
  remotes: [
    { name: 'remote_client', entry: 'http://localhost:8081/remoteEntry.js' },
    { name: 'remote_auditor', entry: 'http://localhost:8082/remoteEntry.js' },
    { name: 'remote_target_company', entry: 'http://localhost:8083/remoteEntry.js' },
  ],
};

function ClientApp() {
  return null;
}

describe('federation', () => {
  let federation: typeof import('./federation');
  const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();
  const realFetch = globalThis.fetch;
  afterAll(() => {
    globalThis.fetch = realFetch;
  });

  beforeEach(() => {
    jest.clearAllMocks();
    // A fresh module per test: registration happens once per page load.
    jest.isolateModules(() => {
      federation = jest.requireActual('./federation');
    });
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    fetchMock.mockResolvedValue(Response.json(remotesJson));
    jest.mocked(loadRemote).mockResolvedValue({ default: ClientApp });
  });

  it('registers the remotes listed in /remotes.json, then loads the area app', async () => {
    const module = await federation.loadRemoteArea('remote_client');

    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', expect.anything());
    expect(registerRemotes).toHaveBeenCalledWith(remotesJson.remotes);
    expect(registerPlugins).toHaveBeenCalledWith([
      expect.objectContaining({ name: 'verity-offline-remote' }),
    ]);
    expect(loadRemote).toHaveBeenCalledWith('remote_client/app');
    expect(module.default).toBe(ClientApp);
  });

  it("takes the remotes written in the page by the shell's server, without asking for them", async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'verity-remotes';
    block.textContent = JSON.stringify({
      remotes: [{ name: 'remote_client', entry: 'https://areas.example/client/remoteEntry.js' }],
    });
    document.head.append(block);
    try {
      await federation.loadRemoteArea('remote_client');
      expect(fetchMock).not.toHaveBeenCalled();
      expect(registerRemotes).toHaveBeenCalledWith([
        { name: 'remote_client', entry: 'https://areas.example/client/remoteEntry.js' },
      ]);
    } finally {
      block.remove();
    }
  });

  it('reads /remotes.json only once for several areas', async () => {
    await Promise.all([
      federation.loadRemoteArea('remote_client'),
      federation.loadRemoteArea('remote_auditor'),
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(registerRemotes).toHaveBeenCalledTimes(1);
  });

  it('rejects when /remotes.json cannot be read, and tries again on the next visit', async () => {
    fetchMock.mockResolvedValueOnce(new Response('down', { status: 502 }));
    await expect(federation.loadRemoteArea('remote_client')).rejects.toThrow(
      '/remotes.json answered 502',
    );
    expect(loadRemote).not.toHaveBeenCalled();

    await expect(federation.loadRemoteArea('remote_client')).resolves.toEqual({
      default: ClientApp,
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('rejects a remote module without a default export', async () => {
    jest.mocked(loadRemote).mockResolvedValue({});
    await expect(federation.loadRemoteArea('remote_client')).rejects.toThrow(
      'remote_client/app has no default export',
    );
  });

  describe('a developer override of one area', () => {
    const local = 'http://localhost:45083';
    beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
    afterEach(() => {
      localStorage.clear();
      window.history.replaceState(null, '', '/');
      jest.restoreAllMocks();
    });

    it('registers the area from the local origin stored in localStorage', async () => {
      localStorage.setItem(REMOTE_OVERRIDES_KEY, JSON.stringify({ remote_target_company: local }));
      await federation.registerRemotesFromConfig();
      expect(registerRemotes).toHaveBeenCalledWith([
        remotesJson.remotes[0],
        remotesJson.remotes[1],
        { name: 'remote_target_company', entry: `${local}/remoteEntry.js` },
      ]);
    });

    it('cannot be set by a link: the address of the page is never read', async () => {
      const override = encodeURIComponent(JSON.stringify({ remote_target_company: local }));
      window.history.replaceState(
        null,
        '',
        `/target-company/dashboard?${REMOTE_OVERRIDES_KEY}=${override}#${REMOTE_OVERRIDES_KEY}=${override}`,
      );
      await federation.registerRemotesFromConfig();
      expect(registerRemotes).toHaveBeenCalledWith(remotesJson.remotes);
    });
  });

  it('gives the runtime a stand-in that renders the error page for the failed area', async () => {
    await federation.registerRemotesFromConfig();
    const [[plugins]] = jest.mocked(registerPlugins).mock.calls as unknown as [
      [{ errorLoadRemote: (args: object) => unknown }[]],
    ];
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const standIn = (await plugins[0]!.errorLoadRemote({
      id: 'remote_target_company/app',
      error: new Error('offline'),
      from: 'runtime',
      lifecycle: 'onLoad',
    })) as { default: () => { props: { areaLabel: string } } };
    expect(standIn.default().props.areaLabel).toBe('Target Company');
    jest.restoreAllMocks();
  });
});
