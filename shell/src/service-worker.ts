/// <reference lib="webworker" />
// The service worker of a user who keeps plans on the device (docs/decisions/0101-offline-field-app.md).
// Caching rules, each with Workbox:
// - pages: network first, the copy kept when there is no network (any kept page: the app routes itself);
// - code: files named by their content (`*.<hash>.js`) from the cache first, they never change;
//   entry files (`main.js`, each area's `remoteEntry.js`) network first, so a redeployed area or
//   shell is what the next start runs whenever the network is there;
// - API answers (GET only, never the live stream or the session's own calls): network first,
//   kept only while a user keeps plans on this device; signing out deletes them (the pages and
//   code stay: they are the app, the same for everyone, and the login page opens offline);
// - the outbox is sent on Background Sync, as the page sends it when it sees the network.
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core/types';
import { OFFLINE_ANSWERS_CACHE, OFFLINE_CACHE_PREFIX } from '@verity/session';
import { readOfflineUser } from '@verity/shared-ui/src/offline/offline-db';
import { sendOutbox } from '@verity/shared-ui/src/offline/send-outbox';

declare const self: ServiceWorkerGlobalScope;

const CACHES = {
  pages: `${OFFLINE_CACHE_PREFIX}pages`,
  code: `${OFFLINE_CACHE_PREFIX}code`,
  answers: OFFLINE_ANSWERS_CACHE,
} as const;

/** `main.3f9c2a1b.js`: a file named by its content. */
const CONTENT_NAMED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;
/** Never kept: the live stream and the session's own calls. */
const NEVER_KEPT = /^\/api\/v1\/(events|auth\/(refresh|logout|callback|login))/;
const SYNC_TAG = 'verity-outbox';

/** Another origin's file (an area's): fetched with CORS, so the kept copy is a readable response. */
const corsForOtherOrigins: WorkboxPlugin = {
  requestWillFetch: async ({ request }) =>
    new URL(request.url).origin === self.location.origin
      ? request
      : new Request(request.url, { mode: 'cors', credentials: 'omit' }),
};
const okOnly = new CacheableResponsePlugin({ statuses: [200] });
// Answers are matched by address only: the API varies them on nothing a kept copy depends on.
const matchOptions = { ignoreVary: true };

const pages = new NetworkFirst({
  cacheName: CACHES.pages,
  networkTimeoutSeconds: 10,
  plugins: [okOnly],
  matchOptions,
});
const entryCode = new NetworkFirst({
  cacheName: CACHES.code,
  networkTimeoutSeconds: 10,
  plugins: [corsForOtherOrigins, okOnly],
  matchOptions,
});
const namedCode = new CacheFirst({
  cacheName: CACHES.code,
  plugins: [
    corsForOtherOrigins,
    okOnly,
    new ExpirationPlugin({ maxEntries: 600, purgeOnQuotaError: true }),
  ],
  matchOptions,
});
const answers = new NetworkFirst({
  cacheName: CACHES.answers,
  networkTimeoutSeconds: 15,
  plugins: [okOnly, new ExpirationPlugin({ maxEntries: 4000, purgeOnQuotaError: true })],
  matchOptions,
});

self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

const isCode = (request: Request, url: URL) =>
  ['script', 'style', 'font', 'worker'].includes(request.destination) ||
  /\.(js|css|woff2?)$/.test(url.pathname);
const isAnswer = (url: URL) =>
  url.origin === self.location.origin &&
  url.pathname.startsWith('/api/v1/') &&
  !NEVER_KEPT.test(url.pathname);

registerRoute(
  ({ request }) => request.mode === 'navigate',
  async (options) => {
    try {
      return await pages.handle(options);
    } catch (error) {
      // No network and no copy of this very address: any kept page starts the app, which routes itself.
      const cache = await caches.open(CACHES.pages);
      const [first] = await cache.keys();
      const kept = first ? await cache.match(first) : undefined;
      if (kept) return kept;
      throw error;
    }
  },
);

registerRoute(
  ({ request, url }) => isCode(request, url),
  (options) =>
    CONTENT_NAMED.test(options.url.pathname)
      ? namedCode.handle(options)
      : entryCode.handle(options),
);

registerRoute(
  ({ url }) => isAnswer(url),
  async (options) => ((await keeping()) ? answers.handle(options) : fetch(options.request)),
);

/** Whether a user keeps plans on this device: only then are answers cached. */
async function keeping(): Promise<boolean> {
  try {
    return Boolean(await readOfflineUser());
  } catch {
    return false;
  }
}

/** The cache an address belongs in, as the routes above would put it there. */
function cacheFor(address: URL): string | undefined {
  if (address.origin === self.location.origin && address.pathname.startsWith('/api/v1/')) {
    return NEVER_KEPT.test(address.pathname) ? undefined : CACHES.answers;
  }
  if (/\.(js|css|woff2?)$/.test(address.pathname)) return CACHES.code;
  if (address.origin === self.location.origin && !/\.[a-z0-9]+$/i.test(address.pathname)) {
    return CACHES.pages;
  }
  return undefined;
}

/** Fetches and keeps what a page names (what it loaded before this worker controlled it). */
async function keepAddresses(addresses: readonly string[]): Promise<number> {
  let kept = 0;
  await Promise.all(
    addresses.map(async (address) => {
      const url = new URL(address);
      const cacheName = cacheFor(url);
      if (!cacheName) return;
      const request =
        url.origin === self.location.origin
          ? new Request(url.href, { credentials: 'same-origin' })
          : new Request(url.href, { mode: 'cors', credentials: 'omit' });
      try {
        const response = await fetch(request);
        if (response.status !== 200) return;
        await (await caches.open(cacheName)).put(url.href, response);
        kept += 1;
      } catch {
        // Not reachable now: the page's next visit online fills it.
      }
    }),
  );
  return kept;
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; addresses?: string[] } | undefined;
  if (data?.type !== 'keep' || !Array.isArray(data.addresses)) return;
  const port = event.ports[0];
  event.waitUntil(keepAddresses(data.addresses).then((kept) => port?.postMessage({ kept })));
});

/**
 * An open page sends the outbox itself as it sees the network come back (and shows how it went);
 * the worker sends it when Verity is closed.
 */
async function sendWhenNoPageIsOpen() {
  const pages = await self.clients.matchAll({ type: 'window' });
  return pages.length > 0 ? 'done' : sendOutbox();
}

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== SYNC_TAG) return;
  sync.waitUntil(
    sendWhenNoPageIsOpen().then((outcome) => {
      // Rejecting asks the browser to try again later, when it judges the network is back.
      if (outcome === 'offline') throw new Error('The outbox waits for the network.');
    }),
  );
});
