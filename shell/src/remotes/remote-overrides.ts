// A developer's way to load one area from a local build into a running shell (docs/operations.md):
// a localStorage key, never a URL parameter, so no link can make a page load someone else's script.
import type { RemoteEntryConfig } from './remotes-config';

/** `localStorage[REMOTE_OVERRIDES_KEY] = '{"remote_target_company":"http://localhost:45083"}'` */
export const REMOTE_OVERRIDES_KEY = 'verity.remoteOverrides';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopback(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || hostname.endsWith('.localhost');
}

/** The origin an override may name: http(s) on this machine, without credentials. */
function loopbackOrigin(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const web = url.protocol === 'http:' || url.protocol === 'https:';
  if (!web || url.username || url.password || !isLoopback(url.hostname)) return undefined;
  return url.origin;
}

function readOverrides(storage: Pick<Storage, 'getItem'>): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(REMOTE_OVERRIDES_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The remotes with the overrides a developer stored applied: honoured only on a page served from this
 * machine (a deployed shell ignores them, and its Content-Security-Policy would refuse them anyway),
 * only for known remotes and only for local origins.
 */
export function applyRemoteOverrides(
  remotes: RemoteEntryConfig[],
  page: Pick<Location, 'hostname'>,
  storage: Pick<Storage, 'getItem'> | undefined,
): RemoteEntryConfig[] {
  if (!storage || !isLoopback(page.hostname)) return remotes;
  const overrides = readOverrides(storage);
  return remotes.map((remote) => {
    const origin = loopbackOrigin(overrides[remote.name]);
    if (!origin) return remote;
    console.warn(`[verity] ${remote.name} loads from ${origin} (${REMOTE_OVERRIDES_KEY})`);
    return { ...remote, entry: `${origin}/remoteEntry.js` };
  });
}
