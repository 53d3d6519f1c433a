// The offline state in a component, for the parts that load only for the user who keeps plans on
// this device (the outbox bar, a kept plan's status, the gap panel's waiting changes).
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { offlineUserId } from '@verity/session';
import type { OfflineState } from './offline-store';
import { loadOffline, OFFLINE_STARTED, type OfflineModule } from './use-offline-work';

/**
 * The offline module, started for `userId`, once they keep anything on this device; undefined for
 * everyone else (nothing is loaded for them).
 */
export function useOfflineWork(userId: string | undefined): OfflineModule | undefined {
  const [module, setModule] = useState<OfflineModule>();
  const [version, setVersion] = useState(0);
  const wanted = Boolean(userId) && offlineUserId() === userId;
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
