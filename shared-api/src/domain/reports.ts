// The lender's monitoring report (docs/decisions/0092-monitoring-report-in-the-lenders-layout.md): its formats, its
// period rule, the ESAP table's columns in the lender's order, and the words the dialog and the API
// share.

export const REPORT_FORMATS = ['pdf', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const REPORT_FORMAT_LABELS: Readonly<Record<ReportFormat, string>> = {
  pdf: 'PDF',
  xlsx: 'Excel',
};

/** Without `from`, the period starts this many days before `to`. */
export const REPORT_DEFAULT_PERIOD_DAYS = 90;

/** The ESAP table's columns, in the order and words of lenders' ESAP templates; each holds one field. */
export const ESAP_REPORT_COLUMNS = [
  'No.',
  'Action',
  'E&S risks',
  'Requirement',
  'Resources',
  'Timetable',
  'Completion indicator',
  'Status',
] as const;

export const reportMessages = {
  badFormat: 'Format must be pdf or xlsx.',
  badFrom: 'From must be a date written yyyy-mm-dd.',
  badTo: 'To must be a date written yyyy-mm-dd.',
  fromAfterTo: 'From must be on or before To.',
  failed: 'Failed to download the report. Please try again.',
} as const;

/** The dialog's words. */
export const REPORT_DIALOG_TEXT = {
  title: 'Download monitoring report',
  format: 'Format',
  from: 'From',
  to: 'To',
  download: 'Download',
  cancel: 'Cancel',
  planDescription:
    'A lender-ready monitoring report of this action plan: totals, the ESAP table, changes in the period, overdue gaps and evidence',
  companyDescription:
    'A lender-ready monitoring report of every action plan of this company you can see',
} as const;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written yyyy-mm-dd (2025-02-30 is not one). */
export function isReportDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** The day `days` before (negative: after) the yyyy-mm-dd `day`. */
export function reportDayMinus(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date - days)).toISOString().slice(0, 10);
}

export type ReportPeriodResult =
  { ok: true; from: string; to: string } | { ok: false; message: string };

/**
 * The period asked for, with its defaults: `to` is `today` (the company's day) when not given, `from`
 * 90 days before `to`. A day that is not yyyy-mm-dd, or `from` after `to`, is refused with its message.
 */
export function checkReportPeriod(
  from: string | undefined,
  to: string | undefined,
  today: string,
): ReportPeriodResult {
  const givenFrom = from === '' ? undefined : from;
  const givenTo = to === '' ? undefined : to;
  if (givenFrom !== undefined && !isReportDay(givenFrom))
    return { ok: false, message: reportMessages.badFrom };
  if (givenTo !== undefined && !isReportDay(givenTo))
    return { ok: false, message: reportMessages.badTo };
  const end = givenTo ?? today;
  const start = givenFrom ?? reportDayMinus(end, REPORT_DEFAULT_PERIOD_DAYS);
  if (start > end) return { ok: false, message: reportMessages.fromAfterTo };
  return { ok: true, from: start, to: end };
}

export function isReportFormat(value: unknown): value is ReportFormat {
  return typeof value === 'string' && (REPORT_FORMATS as readonly string[]).includes(value);
}

/** The file's name: '<company> – monitoring report <from>–<to>.<pdf|xlsx>'. */
export function reportFileName(
  companyName: string,
  from: string,
  to: string,
  format: ReportFormat,
): string {
  return `${companyName} – monitoring report ${from}–${to}.${format}`;
}
