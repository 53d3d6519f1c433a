// The lender's monitoring report (docs/decisions/0092-monitoring-report-in-the-lenders-layout.md): its formats, its
// period rule, the ESAP table's columns in the lender's order, and the words the dialog and the API
// share.
import { textRecord } from '../text-records';

export const REPORT_FORMATS = ['pdf', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const REPORT_FORMAT_LABELS: Readonly<Record<ReportFormat, string>> = textRecord({
  pdf: 'contract.report.format.pdf',
  xlsx: 'contract.report.format.xlsx',
});

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

export const reportMessages = textRecord({
  badFormat: 'contract.report.badFormat',
  badFrom: 'contract.report.badFrom',
  badTo: 'contract.report.badTo',
  fromAfterTo: 'contract.report.fromAfterTo',
  failed: 'contract.report.failed',
  badLanguage: 'contract.report.badLanguage',
  badBilingual: 'contract.report.badBilingual',
});

/** The dialog's words. */
export const REPORT_DIALOG_TEXT = textRecord({
  title: 'contract.report.dialog.title',
  format: 'contract.report.dialog.format',
  from: 'contract.report.dialog.from',
  to: 'contract.report.dialog.to',
  download: 'contract.report.dialog.download',
  cancel: 'contract.report.dialog.cancel',
  planDescription: 'contract.report.dialog.planDescription',
  companyDescription: 'contract.report.dialog.companyDescription',
});

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
