// One change applied to many gaps of a plan at once (docs/decisions/0087-bulk-gap-changes.md), and
// the company user's own open gaps (docs/decisions/0088-my-actions.md): limits, labels, messages.

/** The most gaps one bulk change may name: a plan's page of gaps, not a whole portfolio. */
export const BULK_GAPS_MAX = 500;

/** The most rows "My actions" lists; `total` says how many there are. */
export const MY_ACTIONS_MAX = 200;

/** The changes a bulk change may make, in the order the bar offers them. */
export const BULK_CHANGE_KINDS = ['status', 'dueDate', 'responsibility'] as const;
export type BulkChangeKind = (typeof BULK_CHANGE_KINDS)[number];

export const BULK_CHANGE_LABELS: Readonly<Record<BulkChangeKind, string>> = {
  status: 'Status',
  dueDate: 'Due date',
  responsibility: 'Responsibility',
};

/** How a refusal names one gap: its ESAP item number, or else its name in quotes. */
export function gapItemName(gap: {
  esapItemNumber?: string | null;
  gapName?: string | null;
  KPI?: string | null;
}): string {
  if (gap.esapItemNumber) return `Item ${gap.esapItemNumber}`;
  return `Gap “${gap.gapName || gap.KPI || ''}”`;
}

export const BULK_TEXT = {
  selectAll: 'Select all shown gaps',
  selectGap: (name: string) => `Select gap ${name}`,
  selected: (count: number) => `${count} selected`,
  clear: 'Clear selection',
  change: 'Change selected',
  dialogTitle: (count: number) => `Change ${count} ${count === 1 ? 'gap' : 'gaps'}`,
  field: 'Change',
  newStatus: 'New status',
  newDueDate: 'New due date',
  reason: 'Reason (for every gap whose due date moves later)',
  newResponsibility: 'New responsibility',
  apply: 'Apply to selected',
  applied: (count: number) => `${count} ${count === 1 ? 'gap' : 'gaps'} updated successfully`,
  noGaps: 'Select at least one gap',
  noChange: 'Choose a change to apply to the selected gaps',
  noDueDate: 'The gaps of this plan have no due date',
  tooMany: `Select at most ${BULK_GAPS_MAX} gaps at a time`,
  repeated: 'Each gap may be named once',
  oneChangeAtATime: 'Apply one change at a time: a status, a due date or a responsibility',
  /** A gap that refuses the change refuses the whole request: its message, naming the gap. */
  refused: (itemName: string, message: string) => `${itemName}: ${message}`,
} as const;

export const MY_ACTIONS_TEXT = {
  title: 'My actions',
  cardHint: 'Open gaps you are responsible for, overdue first',
  open: 'Open my actions',
  empty: 'No open gaps name you as responsible.',
  caption: 'My actions',
  more: (shown: number, total: number) => `Showing ${shown} of ${total}`,
  gap: 'Gap',
  plan: 'Action plan',
  due: 'Due',
  status: 'Status',
} as const;
