import { textRecord } from '../text-records';

/** 'dropped': an ESAP item a later revision of the plan no longer lists (docs/decisions/0083-esap-revisions.md). */
export const STATUS_KEYS = [
  'closed',
  'provClosed',
  'open',
  'overdue',
  'pending',
  'dropped',
] as const;
export type StatusKey = (typeof STATUS_KEYS)[number];

/** Each status's label id in the contract's catalogue (the report writes them in its own language). */
export const STATUS_TEXT_IDS = {
  closed: 'contract.status.closed',
  provClosed: 'contract.status.provClosed',
  open: 'contract.status.open',
  overdue: 'contract.status.overdue',
  pending: 'contract.status.pending',
  dropped: 'contract.status.dropped',
} as const satisfies Record<StatusKey, string>;

export const STATUS_LABELS: Readonly<Record<StatusKey, string>> = textRecord(STATUS_TEXT_IDS);

export type StatusColor = 'blue' | 'green' | 'yellow' | 'red';

/** Hex values for charts; badges use the named colour. */
export const STATUS_COLOR_HEX: Readonly<Record<StatusColor, string>> = {
  blue: '#3b82f6',
  green: '#22c55e',
  yellow: '#eab308',
  red: '#ef4444',
};

export type ChartStatus = 'open' | 'closed' | 'provClosed' | 'overdue';

export const STATUS_COLORS: Readonly<Record<ChartStatus, StatusColor>> = {
  open: 'blue',
  closed: 'green',
  provClosed: 'yellow',
  overdue: 'red',
};

/** The statuses a user can set; overdue is derived and pending only displayed. */
export const GAP_STATUSES = ['open', 'closed', 'provClosed'] as const;
export type GapStatus = (typeof GAP_STATUSES)[number];

/**
 * The statuses a gap can hold: the settable ones, 'pending' while a requested closure waits for
 * its review (set only by the closure loop, never by the status selector), and 'dropped' for an ESAP
 * item a revision of its plan no longer lists (set only by the revision).
 */
export const GAP_STORED_STATUSES = [...GAP_STATUSES, 'pending', 'dropped'] as const;
export type GapStoredStatus = (typeof GAP_STORED_STATUSES)[number];

export const GAP_STATUS_OPTION_LABELS: Readonly<Record<GapStatus, string>> = textRecord({
  open: 'contract.statusOption.open',
  closed: 'contract.statusOption.closed',
  provClosed: 'contract.statusOption.provClosed',
});

export function isStatusKey(value: unknown): value is StatusKey {
  return typeof value === 'string' && (STATUS_KEYS as readonly string[]).includes(value);
}

export function isGapStatus(value: unknown): value is GapStatus {
  return typeof value === 'string' && (GAP_STATUSES as readonly string[]).includes(value);
}
