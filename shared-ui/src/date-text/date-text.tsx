import dayjs from 'dayjs';
import {
  languageInUse,
  localeOf,
  sessionStore,
  useLanguage,
  useSession,
  type Language,
} from '@verity/session';
import {
  DEFAULT_DATE_STYLE,
  MISSING_DATE_TEXT,
  daysPassed,
  daysRemaining,
  formatDate as formatDateInStyle,
  type DateFormatName,
  type DateInput,
  type DateStyle,
} from '@verity/shared-api';
import { t } from '../texts';

const styleOf = (state: { user?: unknown }): DateStyle =>
  (state.user as { dateStyle?: DateStyle } | undefined)?.dateStyle ?? DEFAULT_DATE_STYLE;

/** The signed-in user's date style (docs/decisions/0090-one-date-style-per-user.md), 'by-place' when none. */
export const currentDateStyle = (): DateStyle => styleOf(sessionStore.getState());

/** The signed-in user's date style, re-rendering the caller when it changes. */
export const useDateStyle = (): DateStyle => useSession(styleOf);

/**
 * The Intl locale of the language in use and the browser's region for it
 * (docs/decisions/0109-languages.md); English writes the spec's formats.
 */
export const dateLocaleOf = (language: Language): string =>
  localeOf(language, typeof navigator === 'undefined' ? [] : (navigator.languages ?? []));
export const currentDateLocale = (): string => dateLocaleOf(languageInUse());

/** The date locale of the language in use, re-rendering the caller when it changes. */
export const useDateLocale = (): string => dateLocaleOf(useLanguage());

/**
 * A date as the signed-in user has dates written: the spec's format of the place ('by-place'), or
 * the user's one style everywhere. Every date the browser shows goes through here.
 */
export function formatDate(
  value: DateInput,
  format: DateFormatName = 'dateTime',
  missing = MISSING_DATE_TEXT,
): string {
  return formatDateInStyle(value, format, missing, currentDateStyle(), currentDateLocale());
}

export interface DateTextProps {
  value: DateInput;
  /** list 'dd MMM, yyyy', detail 'MMM dd, yyyy', table 'dd/MM/yyyy', card 'MMM d, yyyy', dateTime 'dd/MM/yyyy hh:mm a'. */
  format?: DateFormatName;
}

/** A date in the user's style for its place inside a <time>, or '-' when missing. */
export function DateText({ value, format = 'dateTime' }: DateTextProps) {
  const text = formatDateInStyle(value, format, MISSING_DATE_TEXT, useDateStyle(), useDateLocale());
  if (text === MISSING_DATE_TEXT) return <span>{MISSING_DATE_TEXT}</span>;
  return <time dateTime={dayjs(value).toISOString()}>{text}</time>;
}

export const formatListDate = (value: DateInput) => formatDate(value, 'list');
export const formatDetailDate = (value: DateInput) => formatDate(value, 'detail');
export const formatTableDate = (value: DateInput) => formatDate(value, 'table');
export const formatCardDate = (value: DateInput) => formatDate(value, 'card');
export const formatDateTime = (value: DateInput) => formatDate(value, 'dateTime');

/** '3 days passed' since the date; the days-passed text of the action plan list. */
export function daysPassedText(from: DateInput, now: DateInput = new Date()): string {
  return t('ui.dates.daysPassed', { count: daysPassed(from, now) });
}

/** '2 days left' until the date, or null once no day remains (spec: only when above 0). */
export function daysLeftText(due: DateInput, now: DateInput = new Date()): string | null {
  if (due === null || due === undefined || due === '') return null;
  const left = daysRemaining(due, now);
  return left > 0 ? t('ui.dates.daysLeft', { count: left }) : null;
}

export interface DaysPassedProps {
  from: DateInput;
  now?: DateInput;
}

export function DaysPassed({ from, now }: DaysPassedProps) {
  useLanguage();
  if (from === null || from === undefined || from === '') return null;
  return <span className="vui-days-passed">{daysPassedText(from, now)}</span>;
}

export interface DaysLeftProps {
  due: DateInput;
  now?: DateInput;
}

/** Renders nothing unless at least one day remains. */
export function DaysLeft({ due, now }: DaysLeftProps) {
  useLanguage();
  const text = daysLeftText(due, now);
  return text ? <span className="vui-days-left">{text}</span> : null;
}
