export {
  DateText,
  DaysPassed,
  DaysLeft,
  currentDateStyle,
  currentDateLocale,
  useDateLocale,
  formatDate,
  useDateStyle,
  daysPassedText,
  daysLeftText,
  formatListDate,
  formatDetailDate,
  formatTableDate,
  formatCardDate,
  formatDateTime,
} from './date-text';
export type { DateTextProps, DaysPassedProps, DaysLeftProps } from './date-text';
