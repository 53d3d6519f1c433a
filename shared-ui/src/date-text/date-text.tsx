import dayjs from 'dayjs';
import {
  MISSING_DATE_TEXT,
  daysPassed,
  daysRemaining,
  formatDate,
  type DateFormatName,
  type DateInput,
} from '@verity/shared-api';

export interface DateTextProps {
  value: DateInput;
  /** list 'dd MMM, yyyy', detail 'MMM dd, yyyy', table 'dd/MM/yyyy', card 'MMM d, yyyy', dateTime 'dd/MM/yyyy hh:mm a'. */
  format?: DateFormatName;
}

/** A date in one of the spec's formats inside a <time>, or '-' when missing. */
export function DateText({ value, format = 'dateTime' }: DateTextProps) {
  const text = formatDate(value, format);
  if (text === MISSING_DATE_TEXT) return <span>{MISSING_DATE_TEXT}</span>;
  return <time dateTime={dayjs(value).toISOString()}>{text}</time>;
}

export const formatListDate = (value: DateInput) => formatDate(value, 'list');
export const formatDetailDate = (value: DateInput) => formatDate(value, 'detail');
export const formatTableDate = (value: DateInput) => formatDate(value, 'table');
export const formatCardDate = (value: DateInput) => formatDate(value, 'card');
export const formatDateTime = (value: DateInput) => formatDate(value, 'dateTime');

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** '3 days passed' since the date; the days-passed text of the action plan list. */
export function daysPassedText(from: DateInput, now: DateInput = new Date()): string {
  return `${plural(daysPassed(from, now), 'day')} passed`;
}

/** '2 days left' until the date, or null once no day remains (spec: only when above 0). */
export function daysLeftText(due: DateInput, now: DateInput = new Date()): string | null {
  if (due === null || due === undefined || due === '') return null;
  const left = daysRemaining(due, now);
  return left > 0 ? `${plural(left, 'day')} left` : null;
}

export interface DaysPassedProps {
  from: DateInput;
  now?: DateInput;
}

export function DaysPassed({ from, now }: DaysPassedProps) {
  if (from === null || from === undefined || from === '') return null;
  return <span className="vui-days-passed">{daysPassedText(from, now)}</span>;
}

export interface DaysLeftProps {
  due: DateInput;
  now?: DateInput;
}

/** Renders nothing unless at least one day remains. */
export function DaysLeft({ due, now }: DaysLeftProps) {
  const text = daysLeftText(due, now);
  return text ? <span className="vui-days-left">{text}</span> : null;
}
