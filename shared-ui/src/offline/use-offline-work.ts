// The light side of offline work, in every first route: whether this user keeps anything on the
// device (one localStorage read), and the heavy module (IndexedDB, the outbox) loaded only if so.
import { useEffect, useState } from 'react';
import { offlineUserId } from '@verity/session';

export type OfflineModule = typeof import('./offline-module');

let loading: Promise<OfflineModule> | undefined;

/** Loads the offline module once per build. */
export function loadOffline(): Promise<OfflineModule> {
  loading ??= import('./offline-module').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Sent on the window when a user starts keeping plans, so every part of the page follows. */
export const OFFLINE_STARTED = 'verity-offline-started';

/** Whether `userId` keeps plans on this device, followed as they start to in this page. */
export function useKeepsOffline(userId: string | undefined): boolean {
  const [, setStarted] = useState(0);
  useEffect(() => {
    const started = () => setStarted((count) => count + 1);
    window.addEventListener(OFFLINE_STARTED, started);
    return () => window.removeEventListener(OFFLINE_STARTED, started);
  }, []);
  return Boolean(userId) && offlineUserId() === userId;
}
