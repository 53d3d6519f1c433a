import dayjs from 'dayjs';

/** dayjs tokens for the spec's 'dd MMM, yyyy' (lists), 'MMM dd, yyyy' (details), 'dd/MM/yyyy' (tables). */
export const DATE_FORMATS = {
  list: 'DD MMM, YYYY',
  detail: 'MMM DD, YYYY',
  table: 'DD/MM/YYYY',
  card: 'MMM D, YYYY',
  dateTime: 'DD/MM/YYYY hh:mm A',
} as const;

export type DateFormatName = keyof typeof DATE_FORMATS;

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

export function formatDate(
  value: DateInput,
  format: DateFormatName = 'dateTime',
  missing = MISSING_DATE_TEXT,
): string {
  if (value === null || value === undefined || value === '') return missing;
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMATS[format]) : missing;
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
