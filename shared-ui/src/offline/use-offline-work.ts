// The light side of offline work, in every first route: whether this user keeps anything on the
// device (one localStorage read), and the heavy module (IndexedDB, the outbox) loaded only if so.
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { offlineUserId } from '@verity/session';
import type { OfflineState } from './offline-store';

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

/**
 * The offline module, started for `userId`, once they keep anything on this device; undefined for
 * everyone else (nothing is loaded for them).
 */
export function useOfflineWork(userId: string | undefined): OfflineModule | undefined {
  const [module, setModule] = useState<OfflineModule>();
  const [version, setVersion] = useState(0);
  const keeper = offlineUserId();
  const wanted = Boolean(userId) && keeper === userId;
  // Another user keeps plans on this device: nothing of theirs is kept to read while this one works.
  const other = Boolean(userId && keeper && keeper !== userId);
  useEffect(() => {
    if (other) void loadOffline().then((loaded) => loaded.forgetOtherUser());
  }, [other]);
  useEffect(() => {
    if (!wanted || !userId) return undefined;
    let live = true;
    void loadOffline().then((loaded) => {
      void loaded.startOffline(userId);
      if (live) setModule(() => loaded);
    });
    return () => {
      live = false;
    };
  }, [wanted, userId, version]);
  // Turned on in this page (Keep offline): the module is loaded then.
  useEffect(() => {
    const started = () => setVersion((count) => count + 1);
    window.addEventListener(OFFLINE_STARTED, started);
    return () => window.removeEventListener(OFFLINE_STARTED, started);
  }, []);
  return wanted ? module : undefined;
}

/** Sent on the window when a user starts keeping plans, so every part of the page follows. */
export const OFFLINE_STARTED = 'verity-offline-started';

const NO_SUBSCRIPTION = () => () => undefined;

/** A value of the offline state, or `fallback` while the module is not loaded. */
export function useOfflineState<T>(
  module: OfflineModule | undefined,
  select: (state: OfflineState) => T,
  fallback: T,
): T {
  const subscribe = useCallback(
    (listener: () => void) => module?.offlineStore.subscribe(listener) ?? (() => undefined),
    [module],
  );
  return useSyncExternalStore(module ? subscribe : NO_SUBSCRIPTION, () =>
    module ? select(module.offlineStore.getState()) : fallback,
  );
}
