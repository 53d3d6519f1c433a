// One change applied to many gaps of a plan at once (docs/decisions/0087-bulk-gap-changes.md), and
// the company user's own open gaps (docs/decisions/0088-my-actions.md): limits, labels, messages.
import { t } from '#texts';
import { textRecord } from '../text-records';

/** The most gaps one bulk change may name: a plan's page of gaps, not a whole portfolio. */
export const BULK_GAPS_MAX = 500;

/** The most rows "My actions" lists; `total` says how many there are. */
export const MY_ACTIONS_MAX = 200;

/** The changes a bulk change may make, in the order the bar offers them. */
export const BULK_CHANGE_KINDS = ['status', 'dueDate', 'responsibility'] as const;
export type BulkChangeKind = (typeof BULK_CHANGE_KINDS)[number];

export const BULK_CHANGE_LABELS: Readonly<Record<BulkChangeKind, string>> = textRecord({
  status: 'contract.bulk.kind.status',
  dueDate: 'contract.bulk.kind.dueDate',
  responsibility: 'contract.bulk.kind.responsibility',
});

/** How a refusal names one gap: its ESAP item number, or else its name in quotes. */
export function gapItemName(gap: {
  esapItemNumber?: string | null;
  gapName?: string | null;
  KPI?: string | null;
}): string {
  if (gap.esapItemNumber) return t('contract.bulk.itemName', { number: gap.esapItemNumber });
  return t('contract.bulk.gapName', { name: gap.gapName || gap.KPI || '' });
}

export const BULK_TEXT = {
  get selectAll() {
    return t('contract.bulk.selectAll');
  },
  selectGap: (name: string) => t('contract.bulk.selectGap', { name }),
  selected: (count: number) => t('contract.bulk.selected', { count }),
  get clear() {
    return t('contract.bulk.clear');
  },
  get change() {
    return t('contract.bulk.change');
  },
  dialogTitle: (count: number) => t('contract.bulk.dialogTitle', { count }),
  get field() {
    return t('contract.bulk.field');
  },
  get newStatus() {
    return t('contract.bulk.newStatus');
  },
  get newDueDate() {
    return t('contract.bulk.newDueDate');
  },
  get reason() {
    return t('contract.bulk.reason');
  },
  get newResponsibility() {
    return t('contract.bulk.newResponsibility');
  },
  get apply() {
    return t('contract.bulk.apply');
  },
  applied: (count: number) => t('contract.bulk.applied', { count }),
  get noGaps() {
    return t('contract.bulk.noGaps');
  },
  get noChange() {
    return t('contract.bulk.noChange');
  },
  get noDueDate() {
    return t('contract.bulk.noDueDate');
  },
  get tooMany() {
    return t('contract.bulk.tooMany', { max: BULK_GAPS_MAX });
  },
  get repeated() {
    return t('contract.bulk.repeated');
  },
  get oneChangeAtATime() {
    return t('contract.bulk.oneChangeAtATime');
  },
  /** A gap that refuses the change refuses the whole request: its message, naming the gap. */
  refused: (itemName: string, message: string) => t('contract.bulk.refused', { itemName, message }),
};

export const MY_ACTIONS_TEXT = {
  get title() {
    return t('contract.myActions.title');
  },
  get cardHint() {
    return t('contract.myActions.cardHint');
  },
  get open() {
    return t('contract.myActions.open');
  },
  get empty() {
    return t('contract.myActions.empty');
  },
  get caption() {
    return t('contract.myActions.caption');
  },
  more: (shown: number, total: number) => t('contract.myActions.more', { shown, total }),
  get gap() {
    return t('contract.myActions.gap');
  },
  get plan() {
    return t('contract.myActions.plan');
  },
  get due() {
    return t('contract.myActions.due');
  },
  get status() {
    return t('contract.myActions.status');
  },
};
