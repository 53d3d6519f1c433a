import { REMOTE_OVERRIDES_KEY, applyRemoteOverrides } from './remote-overrides';

const remotes = [
  { name: 'remote_client', entry: 'http://localhost:8081/remoteEntry.js' },
  { name: 'remote_target_company', entry: 'http://localhost:8083/remoteEntry.js' },
];

function storageWith(value: unknown): Pick<Storage, 'getItem'> {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return { getItem: (key) => (key === REMOTE_OVERRIDES_KEY ? text : null) };
}

const localPage = { hostname: 'localhost' };

describe('applyRemoteOverrides', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('loads one area from a local build and says so in the console', () => {
    const storage = storageWith({ remote_target_company: 'http://localhost:45083' });
    expect(applyRemoteOverrides(remotes, localPage, storage)).toEqual([
      remotes[0],
      { name: 'remote_target_company', entry: 'http://localhost:45083/remoteEntry.js' },
    ]);
    expect(console.warn).toHaveBeenCalledWith(
      `[verity] remote_target_company loads from http://localhost:45083 (${REMOTE_OVERRIDES_KEY})`,
    );
  });

  it.each([
    'http://127.0.0.1:45083/any/path',
    'https://[::1]:45083',
    'http://area.localhost:45083',
  ])('takes only the origin of %s', (url) => {
    const storage = storageWith({ remote_client: url });
    const [client] = applyRemoteOverrides(remotes, { hostname: '127.0.0.1' }, storage);
    expect(client!.entry).toBe(`${new URL(url).origin}/remoteEntry.js`);
  });

  it.each([
    'https://cdn.attacker.example',
    'http://192.168.1.20:8083',
    'http://localhost.attacker.example',
    'http://user:secret@localhost:45083',
    'javascript:alert(1)',
    'data:text/javascript,alert(1)',
    'not a url',
    42,
  ])('ignores an override that is not a local web origin: %p', (url) => {
    const storage = storageWith({ remote_target_company: url });
    expect(applyRemoteOverrides(remotes, localPage, storage)).toEqual(remotes);
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('is ignored on a page that is not served from this machine', () => {
    const storage = storageWith({ remote_target_company: 'http://localhost:45083' });
    expect(applyRemoteOverrides(remotes, { hostname: 'verity.example.com' }, storage)).toEqual(
      remotes,
    );
  });

  it('ignores unknown areas, a stored value that is not JSON, and a missing storage', () => {
    expect(
      applyRemoteOverrides(remotes, localPage, storageWith({ remote_other: 'http://localhost:1' })),
    ).toEqual(remotes);
    expect(applyRemoteOverrides(remotes, localPage, storageWith('{not json'))).toEqual(remotes);
    expect(applyRemoteOverrides(remotes, localPage, storageWith('null'))).toEqual(remotes);
    expect(applyRemoteOverrides(remotes, localPage, undefined)).toEqual(remotes);
  });
});
