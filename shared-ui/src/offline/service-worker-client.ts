// The page's side of the service worker (shell/src/service-worker.ts): registering it for a user
// who keeps plans on the device, and asking it to keep what a plan's page needs to open offline.

export const SERVICE_WORKER_URL = '/sw.js';

/** Paths the worker never keeps: the live stream, the session's own writes. */
const NEVER_KEPT = /\/api\/v1\/(events|auth\/(refresh|logout|callback|login))/;

/** Registers the worker (once per page) and answers it once it controls this page. */
export async function registerOfflineWorker(): Promise<ServiceWorker | undefined> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return undefined;
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    // It claims the open pages as it starts (clients.claim).
    await new Promise<void>((resolve) => {
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
      if (navigator.serviceWorker.controller) resolve();
    });
  }
  return registration.active ?? undefined;
}

/**
 * Everything this page loaded (its page, the shell's and the areas' code, the API answers it read,
 * the images it showed) and `extra` addresses, kept by the worker so the page opens offline.
 */
export function addressesToKeep(extra: readonly string[] = []): string[] {
  const loaded = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => /^https?:/.test(name) && !NEVER_KEPT.test(name));
  const absolute = extra.map((address) => new URL(address, location.href).href);
  return [...new Set([location.href, ...loaded, ...absolute])];
}

/** Asks the worker to fetch and keep `addresses`; answers how many it kept. */
export async function keepAddresses(addresses: readonly string[]): Promise<number> {
  const worker = await registerOfflineWorker();
  if (!worker) return 0;
  return new Promise<number>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<{ kept: number }>) => resolve(event.data.kept);
    worker.postMessage({ type: 'keep', addresses }, [channel.port2]);
  });
}
