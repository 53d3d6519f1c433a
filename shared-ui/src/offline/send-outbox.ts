// Sends the outbox, in order, one change at a time, under one lock for the whole browser (every
// tab, area and the service worker may start a run; one runs). Runs when the app sees the network
// again, when a change is added while online, and on Background Sync in the service worker.
import { getCurrentUser, getErrorStatus, NetworkError } from '@verity/session';
import type { Gap } from '@verity/shared-api';
import {
  addRemark,
  getActionPlan,
  getErrorText,
  requestClosure,
  updateGapStatus,
} from '@verity/shared-api/calls';
import { withRemark } from '../gap-details/gap-details-state';
import { announceChange, deleteEntry, listEntries, putEntry, readEntry } from './offline-db';
import { alreadyMade, outboxStep, type OutboxEntry } from './outbox-entry';
import { OFFLINE_TEXT } from './offline-text';

const LOCK = 'verity-outbox';

/** How a run ended: everything it could send went, or it stopped and waits (no network, no session). */
export type SendOutcome = 'done' | 'offline' | 'signed-out';

/** A failure that leaves the change waiting: no network, the server down or busy. */
function waitsForNetwork(error: unknown): boolean {
  const status = getErrorStatus(error);
  return (
    error instanceof NetworkError ||
    (error instanceof Error && error.name === 'TimeoutError') ||
    status === undefined ||
    status === 429 ||
    status >= 500
  );
}

const endedSession = (error: unknown) => {
  const status = getErrorStatus(error);
  return status === 401 || status === 403;
};

type Locks = { request<T>(name: string, callback: () => Promise<T>): Promise<T> };

function withLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: Locks } | undefined)?.locks;
  return locks ? locks.request(LOCK, work) : work();
}

/** Sends every waiting change of the signed-in user, oldest first. */
export function sendOutbox(): Promise<SendOutcome> {
  return withLock(async () => {
    let userId: string;
    try {
      userId = (await getCurrentUser())._id;
    } catch (error) {
      return getErrorStatus(error) === 401 ? 'signed-out' : 'offline';
    }
    const entries = (await listEntries()).filter((entry) => entry.user.userId === userId);
    // A change refused or in conflict holds back the later ones on the same gap until the user decides.
    const held = new Set(
      entries
        .filter((entry) => entry.state === 'refused' || entry.state === 'conflict')
        .map((e) => e.gapId),
    );
    const gaps = new GapsNow();
    for (const listed of entries) {
      // As it stands now: another run (a tab without the lock, the service worker) may have sent it.
      const entry = listed.seq === undefined ? undefined : await readEntry(listed.seq);
      if (!entry || entry.state !== 'waiting' || held.has(entry.gapId)) continue;
      try {
        const now = await gaps.get(entry);
        if (!now) {
          await putEntry({ ...entry, state: 'refused', message: OFFLINE_TEXT.gapGone });
          held.add(entry.gapId);
          continue;
        }
        const step = outboxStep(entry, now);
        if (step === 'made') {
          await putEntry(sent(entry));
          await rebase(entry, now);
          continue;
        }
        if (step === 'conflict') {
          await putEntry({ ...entry, state: 'conflict', now });
          held.add(entry.gapId);
          continue;
        }
        const after = await send(entry, now);
        await putEntry(sent(entry));
        gaps.set(after);
        await rebase(entry, after);
      } catch (error) {
        if (waitsForNetwork(error)) return 'offline';
        if (endedSession(error)) return 'signed-out';
        // Its answer may have been lost: a change the gap already shows was made.
        const now = await gaps.reload(entry).catch(() => undefined);
        if (now && alreadyMade(entry, now)) {
          await putEntry(sent(entry));
          await rebase(entry, now);
          continue;
        }
        const status = getErrorStatus(error);
        await putEntry(
          status === 409 && now
            ? { ...entry, state: 'conflict', now }
            : { ...entry, state: 'refused', message: getErrorText(error) },
        );
        held.add(entry.gapId);
      }
    }
    return 'done';
  });
}

/** Sent: the photos' bytes leave the device, their names stay for the list. */
function sent(entry: OutboxEntry): OutboxEntry {
  const change =
    entry.change.kind === 'remark'
      ? {
          ...entry.change,
          photos: entry.change.photos.map(({ name, type, size }) => ({ name, type, size })),
        }
      : entry.change;
  return { ...entry, change, state: 'sent', sentAt: new Date().toISOString(), now: undefined };
}

/** Makes one change; answers the gap as it stands after it, for the changes that follow. */
async function send(entry: OutboxEntry, now: Gap): Promise<Gap> {
  const { change, gapId, targetCompanyId } = entry;
  if (change.kind === 'remark') {
    const documents = change.photos.flatMap((photo) =>
      photo.blob
        ? [
            {
              file: new File([photo.blob], photo.name, { type: photo.type }),
              deviceCapture: photo.deviceCapture ?? null,
            },
          ]
        : [],
    );
    const { remark, gap } = await addRemark(gapId, targetCompanyId, {
      comments: change.comments,
      documents,
      idempotencyKey: entry.key,
    });
    return { ...withRemark(now, remark), version: gap.version };
  }
  if (change.kind === 'closureRequest') {
    return requestClosure(gapId, targetCompanyId, change.note ?? undefined);
  }
  return updateGapStatus(gapId, targetCompanyId, { status: change.status, version: now.version });
}

/** The user's later changes to the gap build on what was just sent, not on what they first saw. */
async function rebase(done: OutboxEntry, after: Gap): Promise<void> {
  const later = (await listEntries()).filter(
    (entry) =>
      entry.gapId === done.gapId && entry.state === 'waiting' && (entry.seq ?? 0) > (done.seq ?? 0),
  );
  for (const entry of later) await putEntry({ ...entry, seen: after });
}

/** The gaps as they are now, read once per plan in a run through the plan's own route. */
class GapsNow {
  private readonly plans = new Map<string, Map<string, Gap>>();

  async get(entry: OutboxEntry): Promise<Gap | undefined> {
    if (!this.plans.has(entry.planId)) await this.reload(entry);
    return this.plans.get(entry.planId)?.get(entry.gapId);
  }

  async reload(entry: OutboxEntry): Promise<Gap | undefined> {
    const detail = await getActionPlan(entry.planId, entry.targetCompanyId);
    this.plans.set(entry.planId, new Map(detail.gaps.map((gap) => [gap.id, gap])));
    return this.plans.get(entry.planId)?.get(entry.gapId);
  }

  set(gap: Gap): void {
    this.plans.get(gap.actionPlanId)?.set(gap.id, gap);
  }
}

/** The user sends a change in conflict again, on the gap as it is now. */
export async function sendAgain(entry: OutboxEntry): Promise<void> {
  await putEntry({
    ...entry,
    state: 'waiting',
    seen: entry.now ?? entry.seen,
    now: undefined,
    message: undefined,
  });
}

/** The user discards a change; nothing of it stays on the device. */
export async function discard(entry: OutboxEntry): Promise<void> {
  if (entry.seq !== undefined) await deleteEntry(entry.seq);
}

/** Clears the list of what was sent. */
export async function clearSent(): Promise<void> {
  for (const entry of await listEntries()) {
    if (entry.state === 'sent' && entry.seq !== undefined) await deleteEntry(entry.seq);
  }
  announceChange();
}
