// The one module that talks to the Module Federation runtime; unit tests mock it.
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { AREAS } from '../config/areas';
import { paths } from '../config/paths';
import { remoteUnavailableModule, type RemoteAppModule } from './remote-unavailable';
import { applyRemoteOverrides } from './remote-overrides';
import { offlineRemotePlugin } from './runtime-plugins/offline-remote';
import { parseRemotesConfig, REMOTES_ELEMENT_ID, type RemotesConfig } from './remotes-config';

/** The module every remote exposes: its area's React app as the default export. */
export const REMOTE_APP_EXPOSE = 'app';

let registration: Promise<void> | undefined;

function areaLabelOf(remoteId: string): string {
  const remoteName = remoteId.split('/')[0];
  return AREAS.find((area) => area.remoteName === remoteName)?.label ?? 'requested';
}

function localStorageOrNone(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage refused (privacy settings): no developer overrides.
    return undefined;
  }
}

/** Where the remotes are: written in the page by the shell's server, else asked of it. */
async function readRemotesConfig(): Promise<RemotesConfig> {
  const written = document.getElementById(REMOTES_ELEMENT_ID)?.textContent;
  if (written) return parseRemotesConfig(JSON.parse(written));
  // A page the shell's server did not send (webpack's dev server).
  const response = await fetch(paths.remotesConfig, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${paths.remotesConfig} answered ${response.status}`);
  return parseRemotesConfig(await response.json());
}

/** Reads where the remotes are once and tells the runtime. */
export function registerRemotesFromConfig(): Promise<void> {
  registration ??= (async () => {
    const { remotes } = await readRemotesConfig();
    registerPlugins([offlineRemotePlugin((id) => remoteUnavailableModule(areaLabelOf(id)))]);
    registerRemotes(applyRemoteOverrides(remotes, window.location, localStorageOrNone()));
  })().catch((error: unknown) => {
    // A later visit to an area tries again.
    registration = undefined;
    throw error;
  });
  return registration;
}

/** Loads an area's app from its remote; meant for React.lazy. */
export async function loadRemoteArea(remoteName: string): Promise<RemoteAppModule> {
  await registerRemotesFromConfig();
  const module = await loadRemote<RemoteAppModule>(`${remoteName}/${REMOTE_APP_EXPOSE}`);
  if (!module || typeof module.default !== 'function') {
    throw new Error(`${remoteName}/${REMOTE_APP_EXPOSE} has no default export`);
  }
  return module;
}
