// What every signed-in page carries of offline work: one localStorage read. The bar itself, and
// IndexedDB, load only for the user who keeps plans on this device
// (docs/decisions/0101-offline-field-app.md).
import { lazy, Suspense, useEffect } from 'react';
import { keptDataForgotten, offlineUserId, setKeptDataForgotten } from '@verity/session';
import { loadOffline, useKeepsOffline } from './use-offline-work';

const OutboxBar = lazy(() =>
  import('./offline-bar').then((module) => ({ default: module.OutboxBar })),
);

export interface OfflineBarProps {
  userId: string;
}

/**
 * Under the header, for a user who keeps plans on this device: whether the device is offline, how
 * many changes wait in the outbox, and the outbox itself. Nothing at all for anyone else, except,
 * when another user keeps plans here, forgetting what that user kept to read.
 */
export function OfflineBar({ userId }: OfflineBarProps) {
  const keeps = useKeepsOffline(userId);
  const keeper = offlineUserId();
  useEffect(() => {
    // The keeping user is back: what they keep to read is cached again, to forget for the next.
    if (keeper === userId) setKeptDataForgotten(false);
    // Another user: forgotten once, not at each sign-in of every other user of a shared device.
    else if (keeper && !keptDataForgotten())
      void loadOffline()
        .then((module) => module.forgetOtherUser())
        .then(() => setKeptDataForgotten(true));
  }, [keeper, userId]);
  if (!keeps) return null;
  return (
    <Suspense fallback={null}>
      <OutboxBar userId={userId} />
    </Suspense>
  );
}
