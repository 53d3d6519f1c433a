import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/** dayjs tokens for the spec's 'dd MMM, yyyy' (lists), 'MMM dd, yyyy' (details), 'dd/MM/yyyy' (tables). */
export const DATE_FORMATS = {
  list: 'DD MMM, YYYY',
  detail: 'MMM DD, YYYY',
  table: 'DD/MM/YYYY',
  card: 'MMM D, YYYY',
  dateTime: 'DD/MM/YYYY hh:mm A',
} as const;

export type DateFormatName = keyof typeof DATE_FORMATS;

/**
 * How a user has dates written (docs/decisions/0090-one-date-style-per-user.md). 'by-place' is the
 * spec's: each place its own format (DATE_FORMATS). Any other style writes every date the same way,
 * in lists, details, tables, cards, date fields and beside a time.
 */
export const DATE_STYLES = [
  'by-place',
  'day-month-year',
  'month-day-year',
  'year-month-day',
  'day-month-name',
] as const;
export type DateStyle = (typeof DATE_STYLES)[number];
export const DEFAULT_DATE_STYLE: DateStyle = 'by-place';

/** dayjs tokens of the one date format of each style but 'by-place'. */
const STYLE_DAY_FORMATS: Record<Exclude<DateStyle, 'by-place'>, string> = {
  'day-month-year': 'DD/MM/YYYY',
  'month-day-year': 'MM/DD/YYYY',
  'year-month-day': 'YYYY-MM-DD',
  'day-month-name': 'D MMM YYYY',
};

export const DATE_STYLE_LABELS: Record<DateStyle, string> = {
  'by-place': 'As each screen writes them',
  'day-month-year': 'Day/month/year',
  'month-day-year': 'Month/day/year',
  'year-month-day': 'Year-month-day',
  'day-month-name': 'Day month-name year',
};

export const DATE_STYLE_TEXT = {
  heading: 'Dates',
  intro: 'How dates are written for you on every screen, in date fields and in your reports.',
  label: 'Write dates as',
  save: 'Save date style',
  saved: 'Date style saved',
  unknown: `Date style must be one of: ${DATE_STYLES.join(', ')}`,
  /** The example under each choice: one date as that style writes it. */
  example: (style: DateStyle, day: DateInput) =>
    style === 'by-place'
      ? `${formatDate(day, 'list')} in lists, ${formatDate(day, 'detail')} in details, ${formatDate(day, 'table')} in tables`
      : formatDate(day, 'table', MISSING_DATE_TEXT, style),
  /** The date field's button that opens the device's own calendar. */
  openCalendar: 'Choose from a calendar',
  /** A date field's text that is no date in the user's style. */
  badInput: (style: DateStyle) => `Write the date as ${dateFieldPattern(style)}`,
} as const;

export function isDateStyle(value: unknown): value is DateStyle {
  return typeof value === 'string' && (DATE_STYLES as readonly string[]).includes(value);
}

export const MISSING_DATE_TEXT = '-';

/** The dates a form or the API accepts: four-digit years, which every format, export and database keeps. */
export const DATE_RANGE = {
  min: new Date('1900-01-01T00:00:00.000Z'),
  max: new Date('9999-12-31T23:59:59.999Z'),
} as const;

/** Whether a day written yyyy-mm-dd (a real calendar day, as the format checks) lies in DATE_RANGE. */
export function isDayInDateRange(day: string): boolean {
  return (
    day >= DATE_RANGE.min.toISOString().slice(0, 10) &&
    day <= DATE_RANGE.max.toISOString().slice(0, 10)
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

export type DateInput = string | number | Date | null | undefined;

/** The dayjs tokens a style writes a date of this place with. */
export function dateFormatOf(
  format: DateFormatName,
  style: DateStyle = DEFAULT_DATE_STYLE,
): string {
  if (style === 'by-place') return DATE_FORMATS[format];
  const day = STYLE_DAY_FORMATS[style];
  return format === 'dateTime' ? `${day} hh:mm A` : day;
}

export function formatDate(
  value: DateInput,
  format: DateFormatName = 'dateTime',
  missing = MISSING_DATE_TEXT,
  style: DateStyle = DEFAULT_DATE_STYLE,
): string {
  if (value === null || value === undefined || value === '') return missing;
  const date = dayjs(value);
  return date.isValid() ? date.format(dateFormatOf(format, style)) : missing;
}

/** The tokens a date field shows and reads in a style: the tables' 'dd/MM/yyyy' for 'by-place'. */
export const dateFieldFormat = (style: DateStyle = DEFAULT_DATE_STYLE) =>
  dateFormatOf('table', style);

/** The date field's pattern in words, for its placeholder and its message: 'dd/mm/yyyy'. */
export const dateFieldPattern = (style: DateStyle = DEFAULT_DATE_STYLE) =>
  style === 'day-month-name' ? 'd mmm yyyy' : dateFieldFormat(style).toLowerCase();

/** The day written yyyy-mm-dd. */
export const ISO_DAY_FORMAT = 'YYYY-MM-DD';

/**
 * The day (yyyy-mm-dd) a date field's text names, read in the user's style, or as yyyy-mm-dd
 * (unambiguous in every style), with or without leading zeros; null when it names none. Strict:
 * '31/02/2027' names no day.
 */
export function readDateField(text: string, style: DateStyle = DEFAULT_DATE_STYLE): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const loose = (format: string) => format.replace('DD', 'D').replace('MM', 'M');
  const formats = [dateFieldFormat(style), ISO_DAY_FORMAT];
  for (const format of [...formats, ...formats.map(loose)]) {
    const date = dayjs(trimmed, format, 'en', true);
    if (date.isValid()) return date.format(ISO_DAY_FORMAT);
  }
  return null;
}

const MONTH_FORMATS = {
  long: new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  short: new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
};

/** A month of the registers' counts ('2025-01'): 'January 2025', or 'Jan 2025' in a table. */
export function monthLabel(month: string, width: 'long' | 'short' = 'long'): string {
  return MONTH_FORMATS[width].format(new Date(`${month}-01T00:00:00Z`));
}

/** Rounded-up whole days until the date; negative once it has passed. */
export function daysRemaining(due: DateInput, now: DateInput = new Date()): number {
  const diff = dayjs(due).valueOf() - dayjs(now).valueOf();
  return Math.ceil(diff / DAY_MS);
}

export function daysPassed(from: DateInput, now: DateInput = new Date()): number {
  const diff = dayjs(now).valueOf() - dayjs(from).valueOf();
  return Math.max(0, Math.floor(diff / DAY_MS));
}

/** The earliest date a date picker offers: now plus 24 hours. */
export function minSelectableDate(now: DateInput = new Date()): Date {
  return new Date(dayjs(now).valueOf() + DAY_MS);
}

export function formatFileSizeKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(2)} KB`;
}
