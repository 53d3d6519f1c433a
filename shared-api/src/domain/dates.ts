import dayjs from 'dayjs';
import { textRecord as recordOf } from '@verity/session/src/language/text-record';
import { t } from '#texts';
import { textRecord } from '../text-records';

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

/** Each style's name in the language in use (the servers read English). */
export const DATE_STYLE_LABELS: Readonly<Record<DateStyle, string>> = textRecord({
  'by-place': 'contract.dateStyle.choice.byPlace',
  'day-month-year': 'contract.dateStyle.choice.dayMonthYear',
  'month-day-year': 'contract.dateStyle.choice.monthDayYear',
  'year-month-day': 'contract.dateStyle.choice.yearMonthDay',
  'day-month-name': 'contract.dateStyle.choice.dayMonthName',
});

/** The date style's words in the language in use (the servers read English). */
export const DATE_STYLE_TEXT = recordOf(
  t,
  {
    heading: 'contract.dateStyle.heading',
    intro: 'contract.dateStyle.intro',
    label: 'contract.dateStyle.label',
    save: 'contract.dateStyle.save',
    saved: 'contract.dateStyle.saved',
    unknown: () => t('contract.dateStyle.unknown', { styles: DATE_STYLES.join(', ') }),
    /** The date field's button that opens the device's own calendar. */
    openCalendar: 'contract.dateStyle.openCalendar',
  },
  {
    /** The example under each choice: one date as that style writes it. */
    example: (style: DateStyle, day: DateInput) =>
      style === 'by-place'
        ? t('contract.dateStyle.byPlaceExample', {
            list: formatDate(day, 'list'),
            detail: formatDate(day, 'detail'),
            table: formatDate(day, 'table'),
          })
        : formatDate(day, 'table', MISSING_DATE_TEXT, style),
    /** A date field's text that is no date in the user's style. */
    badInput: (style: DateStyle) =>
      t('contract.dateStyle.badInput', { pattern: dateFieldPattern(style) }),
  },
);

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

/**
 * Whether dates are written in a language other than English: `locale` is the Intl locale of the
 * user's language and region (docs/decisions/0109-languages.md); none, or English, writes the
 * spec's formats.
 */
const otherLanguage = (locale: string | undefined): locale is string =>
  locale !== undefined && !/^en\b/i.test(locale);

/** Each place's date in another language, as Intl writes it there (the spec's places, its words). */
const PLACE_OPTIONS: Record<DateFormatName, Intl.DateTimeFormatOptions> = {
  list: { day: '2-digit', month: 'short', year: 'numeric' },
  detail: { day: '2-digit', month: 'short', year: 'numeric' },
  table: { day: '2-digit', month: '2-digit', year: 'numeric' },
  card: { day: 'numeric', month: 'short', year: 'numeric' },
  dateTime: {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  },
};

const intlFormats = new Map<string, Intl.DateTimeFormat>();
function intlFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = intlFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    intlFormats.set(key, format);
  }
  return format;
}

/** Marks that set a direction inside a date ("31/12/2026" in Arabic): not part of what is typed. */
const DIRECTION_MARKS = /[\u200e\u200f\u061c]/g;

/**
 * The dayjs tokens of a language's numeric day, as its tables write it: 'DD.MM.YYYY' in Turkish,
 * 'DD/MM/YYYY' in French, 'MM/DD/YYYY' in American English.
 */
export function numericDayFormat(locale: string): string {
  return intlFormat(locale, PLACE_OPTIONS.table)
    .formatToParts(new Date(2026, 11, 31))
    .map((part) =>
      part.type === 'day'
        ? 'DD'
        : part.type === 'month'
          ? 'MM'
          : part.type === 'year'
            ? 'YYYY'
            : part.value.replace(DIRECTION_MARKS, ''),
    )
    .join('');
}

export function formatDate(
  value: DateInput,
  format: DateFormatName = 'dateTime',
  missing = MISSING_DATE_TEXT,
  style: DateStyle = DEFAULT_DATE_STYLE,
  locale?: string,
): string {
  if (value === null || value === undefined || value === '') return missing;
  const date = dayjs(value);
  if (!date.isValid()) return missing;
  // In another language, the spec's places and the style with month names take its words and order.
  if (otherLanguage(locale) && (style === 'by-place' || style === 'day-month-name')) {
    const options = style === 'by-place' ? PLACE_OPTIONS[format] : PLACE_OPTIONS.card;
    const withTime =
      style === 'by-place' || format !== 'dateTime'
        ? options
        : { ...options, hour: '2-digit' as const, minute: '2-digit' as const };
    return intlFormat(locale, withTime).format(date.toDate());
  }
  return date.format(dateFormatOf(format, style));
}

/**
 * The tokens a date field shows and reads in a style: the tables' 'dd/MM/yyyy' for 'by-place'; in
 * another language, its tables' numeric day for 'by-place' and 'day-month-name'.
 */
export const dateFieldFormat = (style: DateStyle = DEFAULT_DATE_STYLE, locale?: string) =>
  otherLanguage(locale) && (style === 'by-place' || style === 'day-month-name')
    ? numericDayFormat(locale)
    : dateFormatOf('table', style);

/** The date field's pattern in words, for its placeholder and its message: 'dd/mm/yyyy'. */
export const dateFieldPattern = (style: DateStyle = DEFAULT_DATE_STYLE, locale?: string) =>
  style === 'day-month-name' && !otherLanguage(locale)
    ? 'd mmm yyyy'
    : dateFieldFormat(style, locale).toLowerCase();

/** The day written yyyy-mm-dd. */
export const ISO_DAY_FORMAT = 'YYYY-MM-DD';

/**
 * The day (yyyy-mm-dd) a date field's text names, read in the user's style, or as yyyy-mm-dd
 * (unambiguous in every style), with or without leading zeros; null when it names none. Strict:
 * '31/02/2027' names no day.
 */
export function readDateField(
  text: string,
  style: DateStyle = DEFAULT_DATE_STYLE,
  locale?: string,
): string | null {
  const trimmed = text.trim().replace(DIRECTION_MARKS, '');
  if (!trimmed) return null;
  const loose = (format: string) => format.replace('DD', 'D').replace('MM', 'M');
  const formats = [dateFieldFormat(style, locale), ISO_DAY_FORMAT];
  for (const format of [...formats, ...formats.map(loose)]) {
    const day = dayIn(trimmed, format);
    if (day) return day;
  }
  return null;
}

/** The months' first three letters, as English writes them in dates ('Dec'), lower-cased. */
export const MONTH_ABBREVIATIONS = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
] as const;
/** What each dayjs token of a date field's format reads. */
const FIELD_TOKENS: Record<string, { part: 'year' | 'month' | 'day'; pattern: string }> = {
  YYYY: { part: 'year', pattern: '(\\d{4})' },
  MMM: { part: 'month', pattern: '([A-Za-z]{3})' },
  MM: { part: 'month', pattern: '(\\d{2})' },
  M: { part: 'month', pattern: '(\\d{1,2})' },
  DD: { part: 'day', pattern: '(\\d{2})' },
  D: { part: 'day', pattern: '(\\d{1,2})' },
};

/**
 * The day (yyyy-mm-dd) `text` names in a date field's `format` (its tokens YYYY, MMM, MM, M, DD, D
 * and the separators between them), strictly: every character matched and a real calendar day.
 * What dayjs's customParseFormat did for the fields, without its weight on every page that shows a
 * date (docs/decisions/0109-languages.md).
 */
function dayIn(text: string, format: string): string | null {
  const parts: ('year' | 'month' | 'day')[] = [];
  const pattern = format.replace(/YYYY|MMM|MM|M|DD|D|[^A-Za-z]/g, (token) => {
    const field = FIELD_TOKENS[token];
    if (!field) return token.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    parts.push(field.part);
    return field.pattern;
  });
  const match = new RegExp(`^${pattern}$`).exec(text);
  if (!match) return null;
  const value = { year: 0, month: 0, day: 0 };
  parts.forEach((part, index) => {
    const found = match[index + 1] ?? '';
    value[part] = /^\d+$/.test(found)
      ? Number(found)
      : MONTH_ABBREVIATIONS.indexOf(found.toLowerCase() as (typeof MONTH_ABBREVIATIONS)[number]) +
        1;
  });
  const date = new Date(Date.UTC(value.year, value.month - 1, value.day));
  const real =
    value.month >= 1 &&
    date.getUTCFullYear() === value.year &&
    date.getUTCMonth() === value.month - 1 &&
    date.getUTCDate() === value.day;
  return real ? date.toISOString().slice(0, 10) : null;
}

const MONTH_OPTIONS = {
  long: { month: 'long', year: 'numeric', timeZone: 'UTC' },
  short: { month: 'short', year: 'numeric', timeZone: 'UTC' },
} as const;

/**
 * A month of the registers' counts ('2025-01'): 'January 2025', or 'Jan 2025' in a table; in the
 * words of `locale` when given ('janvier 2025').
 */
export function monthLabel(
  month: string,
  width: 'long' | 'short' = 'long',
  locale = 'en-GB',
): string {
  return intlFormat(locale, MONTH_OPTIONS[width]).format(new Date(`${month}-01T00:00:00Z`));
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
