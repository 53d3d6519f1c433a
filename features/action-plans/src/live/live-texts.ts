// The quiet toast of a change someone else made to a plan on screen: who, what, and which gap or
// plan, read from the plan as the screen has just read it again
// (docs/decisions/0054-live-updates.md).
import type { ActionPlanDetail, ChangeEntry, LiveChange } from '@verity/shared-api';

const STATUS_PHRASES: Readonly<Record<string, (gap: string) => string>> = {
  closed: (gap) => `closed ${gap}`,
  provClosed: (gap) => `provisionally closed ${gap}`,
  open: (gap) => `reopened ${gap}`,
  pending: (gap) => `sent ${gap} for closure review`,
};

/** The entries of the newest write among `entries` (one write's entries share its time). */
function newestWrite(entries: readonly ChangeEntry[]): ChangeEntry[] {
  let newest = '';
  for (const entry of entries) if (entry.changedAt > newest) newest = entry.changedAt;
  return entries.filter((entry) => entry.changedAt === newest);
}

function gapVerb(entries: readonly ChangeEntry[], gapName: string): string {
  const quoted = `“${gapName}”`;
  const status = entries.find((entry) => entry.field === 'status');
  const phrase = status ? STATUS_PHRASES[String(status.newValue)] : undefined;
  if (phrase) return phrase(quoted);
  const remark = entries.find((entry) => entry.field === 'remark');
  if (remark) {
    return remark.newValue ? `added a remark to ${quoted}` : `withdrew a remark from ${quoted}`;
  }
  if (entries.some((entry) => entry.field === 'created')) return `added ${quoted}`;
  if (entries.some((entry) => entry.field === 'attachment'))
    return `withdrew an image from ${quoted}`;
  return `edited ${quoted}`;
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
    return `${entries[0]!.changedBy.name} ${gapVerb(entries, gap.gapName)}`;
  }
  // Several gaps at once (an import, a new plan's gaps) or the plan itself.
  const heading = `“${detail.actionPlan.actionPlanHeading}”`;
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
    return `${author} added the action plan ${heading}`;
  }
  const newGaps = latest.filter((item) => !item.ofPlan && created(item)).length;
  if (newGaps > 0) {
    return `${author} added ${newGaps} ${newGaps === 1 ? 'gap' : 'gaps'} to ${heading}`;
  }
  return `${author} edited the action plan ${heading}`;
}
