// The quiet toast of a change someone else made to a plan on screen: who, what, and which gap or
// plan, read from the plan as the screen has just read it again
// (docs/decisions/0054-live-updates.md).
import type { ActionPlanDetail, ChangeEntry, LiveChange } from '@verity/shared-api';
import { t } from '../texts';

/** The message of a gap's new status, by the status. */
const STATUS_MESSAGES: Partial<Record<string, Parameters<typeof t>[0]>> = {
  closed: 'plans.live.closed',
  provClosed: 'plans.live.provClosed',
  open: 'plans.live.reopened',
  pending: 'plans.live.sentForReview',
};

/** The entries of the newest write among `entries` (one write's entries share its time). */
function newestWrite(entries: readonly ChangeEntry[]): ChangeEntry[] {
  let newest = '';
  for (const entry of entries) if (entry.changedAt > newest) newest = entry.changedAt;
  return entries.filter((entry) => entry.changedAt === newest);
}

function gapChangeText(entries: readonly ChangeEntry[], author: string, gap: string): string {
  const values = { author, gap };
  const status = entries.find((entry) => entry.field === 'status');
  const message = status ? STATUS_MESSAGES[String(status.newValue)] : undefined;
  if (message) return t(message, values);
  const remark = entries.find((entry) => entry.field === 'remark');
  if (remark) {
    return t(remark.newValue ? 'plans.live.addedRemark' : 'plans.live.withdrewRemark', values);
  }
  if (entries.some((entry) => entry.field === 'created')) return t('plans.live.addedGap', values);
  if (entries.some((entry) => entry.field === 'attachment'))
    return t('plans.live.withdrewImage', values);
  return t('plans.live.editedGap', values);
}

/**
 * 'Asha Rao closed “Wastewater discharge”': the change named by the event, as the plan now shows it;
 * undefined when the plan no longer shows it (the gap is gone, or nothing was written).
 */
export function liveChangeText(
  detail: ActionPlanDetail | null | undefined,
  change: LiveChange,
): string | undefined {
  if (!detail) return undefined;
  if (change.gapId) {
    const gap = detail.gaps.find((item) => item.id === change.gapId);
    const entries = gap ? newestWrite(gap.changeHistory) : [];
    if (!gap || entries.length === 0) return undefined;
    return gapChangeText(entries, entries[0]!.changedBy.name, gap.gapName);
  }
  // Several gaps at once (an import, a new plan's gaps) or the plan itself.
  const heading = detail.actionPlan.actionPlanHeading;
  const planEntries = detail.changeHistory.map((entry) => ({ entry, ofPlan: true }));
  const gapEntries = detail.gaps.flatMap((gap) =>
    gap.changeHistory.map((entry) => ({ entry, ofPlan: false })),
  );
  const all = [...planEntries, ...gapEntries];
  const newest = new Set(newestWrite(all.map(({ entry }) => entry)));
  const latest = all.filter(({ entry }) => newest.has(entry));
  if (latest.length === 0) return undefined;
  const author = latest[0]!.entry.changedBy.name;
  const created = ({ entry }: { entry: ChangeEntry }) => entry.field === 'created';
  if (latest.some((item) => item.ofPlan && created(item))) {
    return t('plans.live.addedPlan', { author, heading });
  }
  const newGaps = latest.filter((item) => !item.ofPlan && created(item)).length;
  if (newGaps > 0) {
    return t('plans.live.addedGaps', { author, count: newGaps, heading });
  }
  return t('plans.live.editedPlan', { author, heading });
}
