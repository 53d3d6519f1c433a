// Applies when a remote's entry or its './app' module cannot be loaded (its server is down, the URL is wrong,
// the network failed): instead of rejecting, the runtime hands back a stand-in module, so the area shows the
// error page inside the layout rather than a blank page.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export type StandInModuleFactory = (id: string, error: unknown) => unknown;

export function offlineRemotePlugin(standIn: StandInModuleFactory): ModuleFederationRuntimePlugin {
  return {
    name: 'verity-offline-remote',
    errorLoadRemote({ id, error, lifecycle, from }) {
      // Other lifecycles expect request arguments or a manifest back, not a module.
      if (lifecycle !== 'onLoad') return undefined;
      console.error(`[verity] remote module ${id} could not be loaded`, error);
      const module = standIn(id, error);
      // Build-time imports expect a module factory; runtime loadRemote calls expect the module itself.
      return from === 'build' ? () => module : module;
    },
  };
}
