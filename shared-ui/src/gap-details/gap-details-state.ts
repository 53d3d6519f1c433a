import type {
  Gap,
  GapRevision,
  GapStatus,
  ChangeEntry,
  ChangePage,
  Remark,
  RemarkPage,
  StatusHistoryEntry,
  StatusKey,
} from '@verity/shared-api';

/** The API's overdue rule, applied locally so the badge is right before the reply arrives. */
function derivedDisplayStatus(gap: Gap, status: GapStatus, now: Date): StatusKey {
  if (status === 'closed' || !gap.dueDate) return status;
  return new Date(gap.dueDate).getTime() < now.getTime() ? 'overdue' : status;
}

export interface StatusChange {
  gap: Gap;
  entry: StatusHistoryEntry;
}

/** The gap with its new status and a history entry stamped now. */
export function withStatus(gap: Gap, status: GapStatus, now: Date): StatusChange {
  const entry: StatusHistoryEntry = { status, timestamp: now.toISOString() };
  return {
    entry,
    gap: {
      ...gap,
      status,
      displayStatus: derivedDisplayStatus(gap, status, now),
      statusHistory: [...gap.statusHistory, entry],
    },
  };
}

/** Undoes one status change on the current gap, keeping anything else that changed since (a remark). */
export function withoutStatusChange(current: Gap, before: Gap, entry: StatusHistoryEntry): Gap {
  return {
    ...current,
    status: before.status,
    displayStatus: before.displayStatus,
    statusHistory: current.statusHistory.filter((item) => item !== entry),
  };
}

/**
 * The gap with a remark the server has just taken, after those it has: once, even when a reload of
 * the gap (a live update crossing the send's answer) brought it first.
 */
export function withRemark(gap: Gap, remark: Remark): Gap {
  if (gap.remark.some((item) => item.id === remark.id)) return withRemarkReplaced(gap, remark);
  return { ...gap, remark: [...gap.remark, remark], remarkCount: gap.remarkCount + 1 };
}

/** `next` (newest first) with the older entries of `shown` after it, when the two lists meet. */
function keepingOlderChanges(
  next: readonly ChangeEntry[],
  shown: readonly ChangeEntry[],
): ChangeEntry[] {
  const last = next.at(-1);
  const meet = last ? shown.findIndex((entry) => entry.id === last.id) : -1;
  return meet < 0 ? [...next] : [...next, ...shown.slice(meet + 1)];
}

/**
 * The gap as the server now sends it (a reload of the plan, a live update), keeping the earlier
 * remarks and changes the reader loaded beyond the newest it carries, when the lists meet.
 */
export function keepingEarlierPages(next: Gap, shown: Gap): Gap {
  if (next.id !== shown.id) return next;
  const first = next.remark[0];
  const meet = first ? shown.remark.findIndex((remark) => remark.id === first.id) : -1;
  return {
    ...next,
    remark: meet > 0 ? [...shown.remark.slice(0, meet), ...next.remark] : next.remark,
    changeHistory: keepingOlderChanges(next.changeHistory, shown.changeHistory),
  };
}

/** The gap with a page of earlier changes after those it has (any it already has kept as they are). */
export function withEarlierChanges(gap: Gap, page: ChangePage): Gap {
  const known = new Set(gap.changeHistory.map((entry) => entry.id));
  const earlier = page.changes.filter((entry) => !known.has(entry.id));
  return { ...gap, changeHistory: [...gap.changeHistory, ...earlier], changeCount: page.total };
}

/** The gap with a page of earlier remarks before those it has (any it already has kept as they are). */
export function withEarlierRemarks(gap: Gap, page: RemarkPage): Gap {
  const known = new Set(gap.remark.map((remark) => remark.id));
  const earlier = page.remarks.filter((remark) => !known.has(remark.id));
  return { ...gap, remark: [...earlier, ...gap.remark], remarkCount: page.total };
}

/**
 * The gap with the version and change history a write's answer gave; an answer older than what the
 * gap already has (two writes crossing) is left out.
 */
export function withRevision(
  gap: Gap,
  revision: Pick<GapRevision, 'version' | 'changeHistory' | 'changeCount'> | undefined,
): Gap {
  // An answer without the revision (an API older than the change history) leaves the gap as it is.
  if (!revision || revision.version < gap.version) return gap;
  return {
    ...gap,
    version: revision.version,
    changeHistory: keepingOlderChanges(revision.changeHistory, gap.changeHistory),
    // A revision without its count (an API older than the change history's pages) holds them all.
    changeCount: revision.changeCount ?? revision.changeHistory.length,
  };
}

/** The gap with one remark as the server now gives it (after a withdrawal), in its place. */
export function withRemarkReplaced(gap: Gap, remark: Remark): Gap {
  return { ...gap, remark: gap.remark.map((item) => (item.id === remark.id ? remark : item)) };
}
