// What Verity keeps on a device for working without a signal (docs/decisions/0101-offline-field-app.md):
// one IndexedDB database (the outbox and the plans kept), the service worker's caches, and which
// user turned it on. Signing out wipes all of it, also while offline.
import { clearAllDrafts } from './drafts';

/** The IndexedDB database of the outbox and the plans kept for offline use. */
export const OFFLINE_DATABASE = 'verity-offline';
/** Every cache the service worker fills starts with this. */
export const OFFLINE_CACHE_PREFIX = 'verity-';
/**
 * The service worker's cache of API answers and evidence images: the user's data. Its other caches
 * hold the app itself (pages and code, the same for everyone), so the login page still opens offline.
 */
export const OFFLINE_ANSWERS_CACHE = `${OFFLINE_CACHE_PREFIX}answers`;
/** localStorage: the id of the user who keeps plans on this device (no token, no data). */
const OFFLINE_USER_KEY = 'verity.offline.user';
/**
 * localStorage: what the keeping user kept to read was already forgotten for another user, and the
 * keeping user has not signed in here since (so nothing of theirs is cached to forget again).
 */
const KEPT_FORGOTTEN_KEY = 'verity.offline.forgotten';
/** localStorage: a sign-out made offline, sent to the server when the network is back. */
const SIGN_OUT_PENDING_KEY = 'verity.offline.sign-out';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The user who keeps plans on this device for offline use, if any. */
export function offlineUserId(): string | undefined {
  return storage()?.getItem(OFFLINE_USER_KEY) ?? undefined;
}

export function setOfflineUserId(userId: string | undefined): void {
  try {
    if (userId) storage()?.setItem(OFFLINE_USER_KEY, userId);
    else storage()?.removeItem(OFFLINE_USER_KEY);
  } catch {
    // A full or switched-off storage: offline use is simply not remembered.
  }
}

export function keptDataForgotten(): boolean {
  return storage()?.getItem(KEPT_FORGOTTEN_KEY) === '1';
}

export function setKeptDataForgotten(forgotten: boolean): void {
  try {
    if (forgotten) storage()?.setItem(KEPT_FORGOTTEN_KEY, '1');
    else storage()?.removeItem(KEPT_FORGOTTEN_KEY);
  } catch {
    // Nothing to remember it in: the next other user's sign-in forgets again, which is harmless.
  }
}

export function signOutPending(): boolean {
  return storage()?.getItem(SIGN_OUT_PENDING_KEY) === '1';
}

export function setSignOutPending(pending: boolean): void {
  try {
    if (pending) storage()?.setItem(SIGN_OUT_PENDING_KEY, '1');
    else storage()?.removeItem(SIGN_OUT_PENDING_KEY);
  } catch {
    // Nothing to remember it in: the session then ends when it expires.
  }
}

/** Deletes everything kept on this device for any user: drafts, the outbox, kept plans, answers. */
export async function wipeDeviceData(): Promise<void> {
  clearAllDrafts();
  setOfflineUserId(undefined);
  setKeptDataForgotten(false);
  const work: Promise<unknown>[] = [];
  if (typeof indexedDB !== 'undefined') {
    work.push(
      new Promise<void>((resolve) => {
        const request = indexedDB.deleteDatabase(OFFLINE_DATABASE);
        // Open connections (another tab, the service worker) close on the version change; a
        // blocked delete still completes once they have.
        request.onsuccess = () => resolve();
        request.onerror = () => resolve();
      }),
    );
  }
  if (typeof caches !== 'undefined') {
    work.push(caches.delete(OFFLINE_ANSWERS_CACHE));
  }
  await Promise.allSettled(work);
}
