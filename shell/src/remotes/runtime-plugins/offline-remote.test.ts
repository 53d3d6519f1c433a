import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import { offlineRemotePlugin } from './offline-remote';

type ErrorLoadRemoteArgs = Parameters<
  NonNullable<ReturnType<typeof offlineRemotePlugin>['errorLoadRemote']>
>[0];

function args(overrides: Partial<ErrorLoadRemoteArgs>): ErrorLoadRemoteArgs {
  return {
    id: 'remote_client/app',
    error: new Error('ScriptExternalLoadError'),
    from: 'runtime',
    lifecycle: 'onLoad',
    origin: {} as ModuleFederation,
    ...overrides,
  };
}

describe('offline-remote runtime plugin', () => {
  const standInModule = { default: () => null };
  const standIn = jest.fn(() => standInModule);
  const plugin = offlineRemotePlugin(standIn);

  beforeEach(() => {
    standIn.mockClear();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('answers a module that failed to load at runtime with the stand-in module', async () => {
    const error = new Error('Loading script failed');
    expect(await plugin.errorLoadRemote?.(args({ error }))).toBe(standInModule);
    expect(standIn).toHaveBeenCalledWith('remote_client/app', error);
  });

  it('answers a build-time import with a factory of the stand-in module', async () => {
    const result = await plugin.errorLoadRemote?.(args({ from: 'build' }));
    expect(typeof result).toBe('function');
    expect((result as () => unknown)()).toBe(standInModule);
  });

  it.each(['beforeRequest', 'afterResolve', 'beforeLoadShare'] as const)(
    'leaves the %s lifecycle to the runtime',
    async (lifecycle) => {
      expect(await plugin.errorLoadRemote?.(args({ lifecycle }))).toBeUndefined();
      expect(standIn).not.toHaveBeenCalled();
    },
  );
});
