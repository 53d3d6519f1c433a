// Offline work, loaded only for a user who keeps plans on this device (use-offline-work.ts).
import type { Gap } from '@verity/shared-api';
import { addEntry } from './offline-db';
import type { OutboxChange, OutboxEntry } from './outbox-entry';
import { sendNow } from './offline-store';

export { forgetOtherUser, offlineStore, photoUrl, sendNow, startOffline } from './offline-store';
export { clearSent, discard, sendAgain } from './send-outbox';
export { unsentFor, withWaitingChanges } from './outbox-entry';
export { keepPlan, keepPlanOnDevice, stopKeepingPlan } from './kept-plans';
export { OutboxDialog } from './outbox-dialog';

const SYNC_TAG = 'verity-outbox';

/** Puts a change in the outbox, asks for Background Sync, and sends at once if the network is there. */
export async function queueChange(
  user: OutboxEntry['user'],
  gap: Gap,
  targetCompanyId: string,
  change: OutboxChange,
): Promise<void> {
  await addEntry({
    key: crypto.randomUUID(),
    user,
    targetCompanyId,
    planId: gap.actionPlanId,
    gapId: gap.id,
    createdAt: new Date().toISOString(),
    seen: gap,
    change,
    state: 'waiting',
  });
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    await (
      registration as
        | (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
        | undefined
    )?.sync?.register(SYNC_TAG);
  } catch {
    // No Background Sync in this browser: the page sends when it sees the network again.
  }
  void sendNow();
}
