// A target company's financing milestones and gaps due relative to one
// (docs/decisions/0084-financing-milestones.md): the names, limits, rules and words the API, the
// client's company page, the gap form, the gap panel and the import share.
import { t } from '#texts';
import type { RuleResult } from '../rules/rule-result';
import { textRecord } from '../text-records';
import { isReportDay } from './reports';

/** The milestones every loan has, in this order, before the ones the client names. */
export const FINANCIAL_CLOSE = 'Financial close';
export const FIRST_DISBURSEMENT = 'First disbursement';
export const STANDARD_MILESTONES: readonly string[] = [FINANCIAL_CLOSE, FIRST_DISBURSEMENT];

export const MILESTONE_LIMITS = {
  name: 100,
  /** Milestones of one company, the two standard ones included. */
  count: 20,
  offsetMonths: 600,
  offsetDays: 3650,
} as const;

/** How milestone names are compared: trimmed and without regard to case, as the database does. */
export const milestoneKey = (name: string) => name.trim().toLowerCase();

export const isStandardMilestone = (name: string) =>
  STANDARD_MILESTONES.some((standard) => milestoneKey(standard) === milestoneKey(name));

export const MILESTONE_MESSAGES = {
  get title() {
    return t('contract.milestone.title');
  },
  get intro() {
    return t('contract.milestone.intro');
  },
  get nameRequired() {
    return t('contract.milestone.nameRequired');
  },
  get nameTooLong() {
    return t('contract.gapRule.dueMilestoneTooLong', { max: MILESTONE_LIMITS.name });
  },
  get tooMany() {
    return t('contract.milestone.tooMany', { max: MILESTONE_LIMITS.count });
  },
  badDate: (name: string) => t('contract.milestone.badDate', { name }),
  repeated: (name: string) => t('contract.milestone.repeated', { name }),
  inUse: (name: string, count: number) => t('contract.milestone.inUse', { name, count }),
  get saved() {
    return t('contract.milestone.saved');
  },
  get notReached() {
    return t('contract.milestone.notReached');
  },
  get addMilestone() {
    return t('contract.milestone.addMilestone');
  },
  get save() {
    return t('contract.milestone.save');
  },
};

/** The standard milestone a name is, compared as the database compares names; undefined for another. */
const standardOf = (milestone: string) =>
  STANDARD_MILESTONES.find((name) => milestoneKey(name) === milestoneKey(milestone));

/** A standard milestone written by its text in `record`, in the language in use; another as named. */
const writtenBy =
  (record: Readonly<Record<string, string>>) =>
  (milestone: string): string => {
    const standard = standardOf(milestone);
    return standard ? (record[standard] ?? milestone) : milestone;
  };

/** A standard milestone's name as a sentence writes it ("financial close"); another as it is named. */
export const milestoneInSentence = writtenBy(
  textRecord({
    [FINANCIAL_CLOSE]: 'contract.milestone.inSentence.financialClose',
    [FIRST_DISBURSEMENT]: 'contract.milestone.inSentence.firstDisbursement',
  }),
);

/**
 * A standard milestone's name as a list or a field shows it ("Financial close", "Closing
 * financier"); another as the client named it. Stored, a standard milestone keeps its English name.
 */
export const milestoneName = writtenBy(
  textRecord({
    [FINANCIAL_CLOSE]: 'contract.milestone.name.financialClose',
    [FIRST_DISBURSEMENT]: 'contract.milestone.name.firstDisbursement',
  }),
);

/**
 * The name to store for a milestone typed in a field: a standard one written in the language in use
 * (or in English) is stored by its English name; another as typed.
 */
export const storedMilestoneName = (typed: string): string =>
  STANDARD_MILESTONES.find((name) => milestoneKey(milestoneName(name)) === milestoneKey(typed)) ??
  standardOf(typed) ??
  typed;

/** The words of a gap's due date while its milestone has no date ("Waiting for financial close"). */
export const waitingForMilestone = (milestone: string) =>
  t('contract.milestone.waitingFor', { milestone: milestoneInSentence(milestone) });

/** "6 months after financial close", "before first disbursement", "1 month 15 days after ...". */
export function milestoneDueText(milestone: string, months: number, days: number): string {
  const name = milestoneInSentence(milestone);
  const parts = [
    months > 0 ? t('contract.milestone.months', { count: months }) : '',
    days > 0 ? t('contract.milestone.days', { count: days }) : '',
  ].filter(Boolean);
  return parts.length === 0
    ? t('contract.milestone.by', { milestone: name })
    : t('contract.milestone.after', { span: parts.join(' '), milestone: name });
}

/**
 * `milestone_due_date` (migration 0042): the due date of a gap due `months` and `days` after a
 * milestone reached on `reached` ('YYYY-MM-DD'), as the start of that day in UTC; null while not
 * reached. Months first, a month's end carried to a shorter month's end, then days.
 */
export function milestoneDueDate(
  reached: string | null,
  months: number,
  days: number,
): Date | null {
  if (reached === null) return null;
  const [year, month, day] = reached.split('-').map(Number) as [number, number, number];
  const monthIndex = month - 1 + months;
  const targetYear = year + Math.floor(monthIndex / 12);
  const targetMonth = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return new Date(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay) + days));
}

/** `gap_is_waiting`: due relative to a milestone not yet reached, so without a due date. */
export const gapIsWaiting = (dueMilestone: string | null, due: Date | string | null): boolean =>
  dueMilestone !== null && due === null;

/**
 * What a gap shows instead of its due date while it waits for its milestone ("Waiting for financial
 * close"), wherever its due date shows; undefined for a gap with a due date or none at all.
 */
export function dueWaitingText(gap: {
  dueDate: string | null;
  dueMilestone?: string | null;
}): string | undefined {
  const milestone = gap.dueMilestone ?? null;
  return milestone !== null && gapIsWaiting(milestone, gap.dueDate)
    ? waitingForMilestone(milestone)
    : undefined;
}

/** One milestone of a company: its name and the day it was reached ('YYYY-MM-DD'), null until then. */
export interface MilestoneValue {
  name: string;
  reachedOn: string | null;
}

/**
 * A company's milestones as the client sends them, checked and cleaned: names trimmed, each named
 * once, the standard ones always there and first (added without a date when left out), dates real
 * days. The first problem's message otherwise.
 */
export function checkMilestones(
  given: readonly { name?: unknown; reachedOn?: unknown }[],
): RuleResult<MilestoneValue[]> {
  const cleaned: MilestoneValue[] = [];
  const seen = new Set<string>();
  for (const entry of given) {
    const name = typeof entry.name === 'string' ? entry.name.trim() : '';
    if (name === '') return { ok: false, message: MILESTONE_MESSAGES.nameRequired };
    if (name.length > MILESTONE_LIMITS.name)
      return { ok: false, message: MILESTONE_MESSAGES.nameTooLong };
    if (seen.has(milestoneKey(name)))
      return { ok: false, message: MILESTONE_MESSAGES.repeated(name) };
    seen.add(milestoneKey(name));
    const reached =
      entry.reachedOn === '' || entry.reachedOn === undefined ? null : entry.reachedOn;
    if (reached !== null && !isReportDay(reached))
      return { ok: false, message: MILESTONE_MESSAGES.badDate(name) };
    const standard = STANDARD_MILESTONES.find((s) => milestoneKey(s) === milestoneKey(name));
    cleaned.push({ name: standard ?? name, reachedOn: reached });
  }
  const standard = STANDARD_MILESTONES.map(
    (name) => cleaned.find((m) => m.name === name) ?? { name, reachedOn: null },
  );
  const value = [...standard, ...cleaned.filter((m) => !isStandardMilestone(m.name))];
  if (value.length > MILESTONE_LIMITS.count)
    return { ok: false, message: MILESTONE_MESSAGES.tooMany };
  return { ok: true, value };
}
