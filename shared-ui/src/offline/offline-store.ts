// The outbox and the kept plans as the screens show them, in this copy of the design system: read
// from the device's database, and read again whenever any copy (another tab, area or the service
// worker) announces a change.
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { OFFLINE_ANSWERS_CACHE, offlineUserId, setOfflineUserId } from '@verity/session';
import {
  forgetKeptPlans,
  listEntries,
  listPlans,
  onChange,
  readOfflineUser,
  writeOfflineUser,
  type KeptPlan,
} from './offline-db';
import type { OutboxEntry, OutboxPhoto } from './outbox-entry';
import { sendOutbox, type SendOutcome } from './send-outbox';
import { registerOfflineWorker } from './service-worker-client';

export interface OfflineState {
  userId?: string;
  entries: OutboxEntry[];
  plans: KeptPlan[];
  online: boolean;
  /** The last run could not send: the session ended (sign in again) or the network is gone. */
  outcome?: SendOutcome;
}

export const offlineStore = createStore<OfflineState>()(() => ({
  entries: [],
  plans: [],
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
}));

export function useOffline<T>(select: (state: OfflineState) => T): T {
  return useStore(offlineStore, select);
}

async function reload(): Promise<void> {
  const { userId } = offlineStore.getState();
  if (!userId) return;
  const [entries, plans] = await Promise.all([listEntries(), listPlans()]);
  offlineStore.setState({
    entries: entries.filter((entry) => entry.user.userId === userId),
    plans: plans.filter((plan) => plan.userId === userId),
  });
}

let sending: Promise<void> | undefined;

/** Sends the outbox now if the device is online; a run already under way is enough. */
export function sendNow(): Promise<void> {
  if (!navigator.onLine) return Promise.resolve();
  sending ??= sendOutbox()
    .then((outcome) => offlineStore.setState({ outcome }))
    .catch(() => offlineStore.setState({ outcome: 'offline' }))
    .finally(() => {
      sending = undefined;
      void reload();
    });
  return sending;
}

let started: string | undefined;

/**
 * Starts offline work for the signed-in user in this copy: reads the outbox, follows changes and
 * the network, sends what waits. A device last kept by another user forgets that user's kept plans
 * (their outbox stays, for them alone).
 */
export async function startOffline(userId: string): Promise<void> {
  if (started === userId) return;
  started = userId;
  offlineStore.setState({ userId });
  const keeper = await readOfflineUser();
  if (keeper !== userId) {
    if (keeper) await forgetKeptPlans();
    await writeOfflineUser(userId);
  }
  onChange(() => void reload());
  const network = () => {
    offlineStore.setState({ online: navigator.onLine });
    void sendNow();
  };
  window.addEventListener('online', network);
  window.addEventListener('offline', network);
  await reload();
  if (offlineUserId() === userId) void registerOfflineWorker();
  void sendNow();
}

/**
 * Someone other than the user who keeps plans here signed in: what that user kept to read goes (the
 * cached answers, the kept plans), and the worker caches nothing for this one. Their outbox stays,
 * sent only once they sign in again.
 */
export async function forgetOtherUser(): Promise<void> {
  await forgetKeptPlans();
  if (typeof caches !== 'undefined') await caches.delete(OFFLINE_ANSWERS_CACHE);
}

/** The user keeps plans on this device from now on: the service worker starts caching for them. */
export async function keepOnDevice(userId: string): Promise<void> {
  await writeOfflineUser(userId);
  setOfflineUserId(userId);
  await startOffline(userId);
  await registerOfflineWorker();
}

const photoUrls = new WeakMap<Blob, string>();

/** A waiting photo as an image address the page can show (its bytes are on the device). */
export function photoUrl(photo: OutboxPhoto): string {
  if (!photo.blob) return '';
  let url = photoUrls.get(photo.blob);
  if (!url) {
    url = URL.createObjectURL(photo.blob);
    photoUrls.set(photo.blob, url);
  }
  return url;
}
