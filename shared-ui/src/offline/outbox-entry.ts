// What waits in the outbox: one change a user made on a gap with no network, with the gap as they
// saw it, so a change made meanwhile by someone else is found before it is sent
// (docs/decisions/0101-offline-field-app.md). Pure: no storage, no network.
import {
  GAP_FORM_CHANGE_FIELDS,
  type DeviceCapture,
  type Gap,
  type GapFormChangeField,
  type GapStatus,
  type Remark,
} from '@verity/shared-api';

/** A photo waiting with its remark: the file as picked (or as the camera's photo was scaled). */
export interface OutboxPhoto {
  name: string;
  type: string;
  size: number;
  /** Removed once the remark is sent, so the device keeps no copy. */
  blob?: Blob;
  /**
   * What the device recorded when the photo was taken, for one without a capture time of its own
   * (docs/decisions/0102-photos-prepared-on-the-device.md); removed with the bytes once sent.
   */
  deviceCapture?: DeviceCapture | null;
}

export type OutboxChange =
  | { kind: 'remark'; comments: string; photos: OutboxPhoto[] }
  | { kind: 'closureRequest'; note: string | null }
  | { kind: 'status'; status: GapStatus };

/**
 * waiting: not sent yet; sent: the server took it; refused: the server said no (`message`);
 * conflict: the gap changed meanwhile (`now` is the gap as it is now), sent again or discarded by
 * the user.
 */
export type OutboxState = 'waiting' | 'sent' | 'refused' | 'conflict';

export interface OutboxEntry {
  /** Its place in the outbox: entries are sent in this order. */
  seq?: number;
  /** Names the change to the server (Idempotency-Key), so a change sent twice is made once. */
  key: string;
  /** Whose change: sent only in this user's own session. */
  user: Remark['user'];
  targetCompanyId: string;
  planId: string;
  gapId: string;
  createdAt: string;
  /** The gap as the user saw it when they made the change. */
  seen: Gap;
  change: OutboxChange;
  state: OutboxState;
  /** Why it was refused, in the server's words. */
  message?: string;
  /** The gap as it is now, when it changed meanwhile. */
  now?: Gap;
  sentAt?: string;
}

/** What someone else changed on the gap since the user saw it: the status, and each form field. */
export interface GapConflict {
  status: boolean;
  fields: GapFormChangeField[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Whether sending `entry` now would act on a gap other than the one its author saw: its status
 * moved (returned, closed, sent for review) or a field of the gap form was edited. A remark someone
 * else added meanwhile is no conflict. Undefined when the change can go.
 */
export function conflictOf(entry: OutboxEntry, now: Gap): GapConflict | undefined {
  const status = now.status !== entry.seen.status;
  const fields = GAP_FORM_CHANGE_FIELDS.filter(
    (field) =>
      !same(
        (entry.seen as Record<string, unknown>)[field],
        (now as Record<string, unknown>)[field],
      ),
  );
  return status || fields.length > 0 ? { status, fields } : undefined;
}

/** Whether the change is already made on `now` (its answer was lost on the way back). */
export function alreadyMade(entry: OutboxEntry, now: Gap): boolean {
  const { change } = entry;
  if (change.kind === 'status') return now.status === change.status;
  if (change.kind === 'closureRequest') {
    return (
      now.status === 'pending' &&
      now.closure !== null &&
      new Date(now.closure.requestedAt).getTime() >= new Date(entry.createdAt).getTime() - 60_000 &&
      now.closure.requestedBy.fullname === entry.user.fullname
    );
  }
  return false;
}

/**
 * What a run does with a waiting change, given the gap as it is now: `made` when the gap already
 * shows it (the server took it but the device never recorded the answer: the page was closed, or
 * the answer was lost on the way back), `conflict` when someone else changed the gap meanwhile,
 * `send` otherwise. Made is asked first: a user's own change is never their conflict.
 */
export function outboxStep(entry: OutboxEntry, now: Gap): 'made' | 'conflict' | 'send' {
  if (alreadyMade(entry, now)) return 'made';
  return conflictOf(entry, now) ? 'conflict' : 'send';
}

/** The outbox's changes still to go for this gap (waiting, or held by the user's decision). */
export function unsentFor(entries: readonly OutboxEntry[], gapId: string): OutboxEntry[] {
  return entries.filter((entry) => entry.gapId === gapId && entry.state !== 'sent');
}

/** A remark waiting on the device, shown among the gap's remarks. */
function waitingRemark(entry: OutboxEntry, photoUrl: (photo: OutboxPhoto) => string): Remark {
  const change = entry.change as Extract<OutboxChange, { kind: 'remark' }>;
  return {
    _id: entry.key,
    id: entry.key,
    comments: change.comments,
    createdAt: entry.createdAt,
    withdrawableUntil: null,
    withdrawn: null,
    user: entry.user,
    docs: change.photos.map((photo, index) => ({
      _id: `${entry.key}-${index}`,
      url: photoUrl(photo),
      fileName: photo.name,
      size: photo.size,
      withdrawn: null,
      evidence: null,
    })),
  } as Remark;
}

/**
 * The gap as the user will see it once the outbox is sent: its waiting remarks at the end of its
 * remarks, and a waiting closure request or status as its status. The changes already sent are in
 * `gap` itself.
 */
export function withWaitingChanges(
  gap: Gap,
  entries: readonly OutboxEntry[],
  photoUrl: (photo: OutboxPhoto) => string,
): Gap {
  let next = gap;
  for (const entry of entries) {
    if (entry.gapId !== gap.id || entry.state === 'sent') continue;
    const { change } = entry;
    if (change.kind === 'remark') {
      next = {
        ...next,
        remark: [...next.remark, waitingRemark(entry, photoUrl)],
        remarkCount: next.remarkCount + 1,
      };
    } else if (change.kind === 'closureRequest') {
      next = {
        ...next,
        status: 'pending',
        displayStatus: 'pending',
        closure: {
          id: entry.key,
          requestedAt: entry.createdAt,
          requestedBy: { fullname: entry.user.fullname },
          note: change.note,
          review: null,
        } as Gap['closure'],
      };
    } else {
      next = { ...next, status: change.status, displayStatus: change.status };
    }
  }
  return next;
}
