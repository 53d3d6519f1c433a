// The lender's portfolio: the figures over every gap the caller may see, and the gap explorer's
// filters that reproduce each figure (docs/decisions/0052-portfolio-api.md). The API computes, the
// screens show and link; both read these words and values.
import { t } from '#texts';
import { textRecord } from '../text-records';
import { ACTION_PLAN_CATEGORIES, type ActionPlanCategory } from './audit';
import { REQUIREMENT_REFERENCES } from './esap';

/**
 * How far past its due date an overdue gap is, in whole days counted up (due an hour ago: 1 day).
 * Each bucket is [from, to] days, `to` null for no upper end.
 */
export const OVERDUE_AGES = ['1-30', '31-90', '91-180', '181+'] as const;
export type OverdueAge = (typeof OVERDUE_AGES)[number];

export const OVERDUE_AGE_DAYS: Readonly<Record<OverdueAge, readonly [number, number | null]>> = {
  '1-30': [1, 30],
  '31-90': [31, 90],
  '91-180': [91, 180],
  '181+': [181, null],
};

export const OVERDUE_AGE_LABELS: Readonly<Record<OverdueAge, string>> = textRecord({
  '1-30': 'contract.portfolio.overdueAge.days1To30',
  '31-90': 'contract.portfolio.overdueAge.days31To90',
  '91-180': 'contract.portfolio.overdueAge.days91To180',
  '181+': 'contract.portfolio.overdueAge.over180',
});

/**
 * A column of the company × requirement matrix: a requirement reference that gaps carry, or, for a
 * gap that carries none, its action plan's category. A gap with several references counts in each.
 */
export type PortfolioRequirement = string;

export const isCategoryColumn = (value: string): value is ActionPlanCategory =>
  (ACTION_PLAN_CATEGORIES as readonly string[]).includes(value);

/** The matrix's columns in a fixed order: the references as listed, then the categories. */
export const PORTFOLIO_REQUIREMENT_ORDER: readonly PortfolioRequirement[] = [
  ...REQUIREMENT_REFERENCES,
  ...ACTION_PLAN_CATEGORIES,
];

/** Closure on time is counted by the quarter of the due date, over this many quarters to today's. */
export const CLOSURE_QUARTERS = 8;

/** The most overdue high-risk gaps the portfolio lists. */
export const MOST_OVERDUE_COUNT = 10;

/** The open condition-precedent items the portfolio lists (the figure counts all of them). */
export const CONDITION_PRECEDENT_LIST = 10;

/** Whether a gap due in the past was closed by its due date: the explorer's `closure` filter. */
export const CLOSURE_TIMINGS = ['onTime', 'late'] as const;
export type ClosureTiming = (typeof CLOSURE_TIMINGS)[number];

/** The display statuses the explorer filters on; 'open' is the stored open that is not overdue. */
export const PORTFOLIO_STATUSES = ['open', 'overdue', 'pending', 'provClosed', 'closed'] as const;
export type PortfolioStatus = (typeof PORTFOLIO_STATUSES)[number];

/** Not closed: what the matrix, the SDG bars and the condition-precedent figure count. */
export const NOT_CLOSED_STATUSES: readonly PortfolioStatus[] = [
  'open',
  'overdue',
  'pending',
  'provClosed',
];

/** The explorer's sort keys; every sort ends with the gap's id, so pages neither repeat nor skip. */
export const PORTFOLIO_SORTS = [
  'dueDate',
  'risk',
  'company',
  'status',
  'gapName',
  'createdAt',
] as const;
export type PortfolioSort = (typeof PORTFOLIO_SORTS)[number];

export const PORTFOLIO_TEXT = {
  exportFileName: (today: string) => `portfolio_gaps_${today}.csv`,
  get dueRangeReversed() {
    return t('contract.portfolio.dueRangeReversed');
  },
};

/** A quarter as 'YYYY-Qn' (UTC), the portfolio's closure series key. */
export function quarterOf(date: Date): string {
  return `${date.getUTCFullYear()}-Q${Math.floor(date.getUTCMonth() / 3) + 1}`;
}

/** The first and last day (YYYY-MM-DD, UTC) of a 'YYYY-Qn' quarter: the explorer's due range. */
export function quarterDays(quarter: string): { from: string; to: string } {
  const [year, q] = quarter.split('-Q').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, (q - 1) * 3, 1));
  const last = new Date(Date.UTC(year, q * 3, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}
