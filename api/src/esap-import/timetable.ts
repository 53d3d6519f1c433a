// Reading an ESAP's timetable cell: a date in any common form becomes the due date ('YYYY-MM-DD');
// any other text is kept as written (docs/decisions/0042-esap-import.md, date rules).
import {
  FINANCIAL_CLOSE,
  FIRST_DISBURSEMENT,
  MONTH_ABBREVIATIONS,
  withoutFootnote,
  type ConditionType,
} from '@verity/shared-api/src/server';

export type SheetValue = string | number | boolean | Date | null;

export type Timetable =
  | { kind: 'date'; dueDate: string; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'empty' };

const MONTHS = MONTH_ABBREVIATIONS;

const pad = (value: number) => String(value).padStart(2, '0');
const iso = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** A real calendar date with a four-digit year, as 'YYYY-MM-DD', or undefined. */
function validDate(year: number, month: number, day: number): string | undefined {
  if (year < 1900 || year > 9999 || month < 1 || month > 12) return undefined;
  if (day < 1 || day > lastDay(year, month)) return undefined;
  return iso(year, month, day);
}

/** Two-digit years are this century's ('26' is 2026). */
const fullYear = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));

function monthOf(text: string): number | undefined {
  const index = MONTHS.indexOf(text.slice(0, 3).toLowerCase() as (typeof MONTHS)[number]);
  return index === -1 ? undefined : index + 1;
}

/** Excel counts days from 30 December 1899 (its 1900 leap-year slip included). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
/** Serial numbers from 1982 to 2119: a plain number in that range in a timetable is a date. */
const SERIAL_RANGE = { min: 30_000, max: 80_000 } as const;

function fromSerial(serial: number): string | undefined {
  if (serial < SERIAL_RANGE.min || serial > SERIAL_RANGE.max) return undefined;
  const date = new Date(EXCEL_EPOCH + Math.floor(serial) * 86_400_000);
  return iso(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** Words people put before a date ('By 31/12/2026', 'End of Q3 2026', 'no later than Dec 2026'). */
const LEAD_IN =
  /^(?:(?:by|before|until|till|due|deadline|no later than|not later than|the end of|end of|by the end of|by end of|within)\s*:?\s*)+/i;

/** A date written in text, as 'YYYY-MM-DD', or undefined. */
export function dateFromText(raw: string): string | undefined {
  const written = withoutFootnote(raw.replace(/\s+/g, ' ').trim());
  const text = written.replace(LEAD_IN, '').trim();
  let match: RegExpExecArray | null;
  // 2026-12-31, 2026/12/31, 2026.12.31 (an ISO time after it is ignored)
  if ((match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ][\d:.]+Z?)?$/.exec(text))) {
    return validDate(Number(match[1]), Number(match[2]), Number(match[3]));
  }
  // 31/12/2026, 31.12.2026, 31-12-26; the month second unless it cannot be (12/31/2026)
  if ((match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})$/.exec(text))) {
    const [first, second, year] = [Number(match[1]), Number(match[2]), fullYear(match[3] ?? '')];
    return first <= 12 && second > 12
      ? validDate(year, first, second)
      : validDate(year, second, first);
  }
  // Q3 2026, Q3/2026, 3Q 2026, 2026 Q3: the quarter's last day
  if (
    (match = /^(?:Q([1-4])|([1-4])Q)[\s/-]*(\d{4})$/i.exec(text)) ??
    (match = /^(\d{4})[\s/-]*Q([1-4])$/i.exec(text))
  ) {
    const [quarter, year] = /^\d{4}/.test(text)
      ? [Number(match[2]), Number(match[1])]
      : [Number(match[1] ?? match[2]), Number(match[3])];
    return validDate(year, quarter * 3, lastDay(year, quarter * 3));
  }
  // H1 2026, H2 2026: the half's last day
  if ((match = /^H([12])[\s/-]*(\d{4})$/i.exec(text))) {
    const month = Number(match[1]) * 6;
    return validDate(Number(match[2]), month, lastDay(Number(match[2]), month));
  }
  // 31 December 2026, 31 Dec 2026, 31-Dec-26
  if (
    (match = /^(\d{1,2})(?:st|nd|rd|th)?[\s-]+([a-z]{3,9})\.?,?[\s-]+(\d{4}|\d{2})$/i.exec(text))
  ) {
    const month = monthOf(match[2] ?? '');
    return month ? validDate(fullYear(match[3] ?? ''), month, Number(match[1])) : undefined;
  }
  // December 31, 2026
  if ((match = /^([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i.exec(text))) {
    const month = monthOf(match[1] ?? '');
    return month ? validDate(Number(match[3]), month, Number(match[2])) : undefined;
  }
  // Dec 2026, December 2026, Dec-26: the month's last day
  if ((match = /^([a-z]{3,9})\.?[\s,/-]+(\d{4}|\d{2})$/i.exec(text))) {
    const month = monthOf(match[1] ?? '');
    const year = fullYear(match[2] ?? '');
    return month ? validDate(year, month, lastDay(year, month)) : undefined;
  }
  // End of 2027, by 2027: the year's last day (a year alone says no more than the year)
  if ((match = /^(\d{4})$/.exec(text)) && text !== written) {
    return validDate(Number(match[1]), 12, 31);
  }
  // A serial number written as text (a CSV saved from a date column without its format)
  if (/^\d{5}(?:\.\d+)?$/.test(text)) return fromSerial(Number(text));
  return undefined;
}

/** What a cell's value says about the due date. */
export function readTimetable(value: SheetValue): Timetable {
  if (value === null || value === '' || typeof value === 'boolean') return { kind: 'empty' };
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return { kind: 'empty' };
    // A date cell holds the day shown at midnight UTC.
    const dueDate = validDate(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate());
    return dueDate
      ? { kind: 'date', dueDate, text: dueDate }
      : { kind: 'text', text: String(value) };
  }
  if (typeof value === 'number') {
    const dueDate = fromSerial(value);
    return dueDate
      ? { kind: 'date', dueDate, text: dueDate }
      : { kind: 'text', text: String(value) };
  }
  const text = value.trim();
  if (text === '') return { kind: 'empty' };
  const dueDate = dateFromText(text);
  return dueDate ? { kind: 'date', dueDate, text } : { kind: 'text', text };
}

/** The loan's moments a timetable may count from, in English, French and Turkish. */
const LOAN_MOMENT =
  /(?:financial close|first disbursement|disbursement|signing|loan agreement|closing|cl[oô]ture financi[eè]re|d[ée]caissement|signature|finansal kapan[ıi][şs]|kullan[dı]+r[ıi]m|imza)/;

/**
 * The condition type a timetable implies: before a loan's moment ('Prior to first disbursement')
 * is a condition precedent, within a time of one ('Within 6 months of financial close') a
 * condition subsequent; recurring and ongoing forms as their words say.
 */
export function conditionTypeOfTimetable(text: string): ConditionType | null {
  const words = text.toLowerCase();
  if (/\b(?:prior to|before)\b.*\b(?:disbursement|signing|financial close|board)\b/.test(words)) {
    return 'precedent';
  }
  if (/(?:avant|pr[ée]alablement [àa])\s.*/.test(words) && LOAN_MOMENT.test(words)) {
    return 'precedent';
  }
  if (/(?:önce|öncesinde)/.test(words) && LOAN_MOMENT.test(words)) return 'precedent';
  if (/\bcondition precedent\b|\bcp\b/.test(words)) return 'precedent';
  if (/\bcondition subsequent\b/.test(words)) return 'subsequent';
  if (
    /(?:\bwithin\b|\bno later than\b|\bafter\b|dans les|dans un d[ée]lai|apr[èe]s|suivant|içinde|sonra|itibaren)/.test(
      words,
    ) &&
    /(?:\d|\b(?:one|two|three|six|twelve)\b)/.test(words) &&
    LOAN_MOMENT.test(words)
  ) {
    return 'subsequent';
  }
  if (
    /\b(?:annual(?:ly)?|quarterly|monthly|semi-annual(?:ly)?|every)\b|annuel|chaque ann[ée]e|trimestriel|yıllık|her yıl|üç aylık/.test(
      words,
    )
  ) {
    return 'recurring';
  }
  if (
    /\b(?:ongoing|on-going|continuous(?:ly)?|throughout|during (?:the )?(?:construction|operation))|en continu|permanent|en cours|sürekli|devam eden/.test(
      words,
    )
  ) {
    return 'ongoing';
  }
  return null;
}

/** A timetable counted from a loan's milestone: which one, and how long after it. */
export interface MilestoneTimetable {
  milestone: string;
  months: number;
  days: number;
}

/** Lower case without accents or dots (é is e, ş is s, ı and İ are i), so one pattern reads all three languages. */
const folded = (text: string) =>
  withoutFootnote(text)
    .toLocaleLowerCase('en')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ı/g, 'i')
    .replace(/\s+/g, ' ')
    .trim();

/** The milestones a timetable names, in English, French and Turkish (folded). */
const MILESTONE_WORDS: readonly [string, RegExp][] = [
  [
    FINANCIAL_CLOSE,
    /financial(?:ly)? clos(?:e|ing)|(?:le |du )?closing financier|cloture financiere|finansal kapanis/,
  ],
  [
    FIRST_DISBURSEMENT,
    /first (?:loan )?(?:disbursement|drawdown|draw-down|utili[sz]ation)|premier (?:decaissement|tirage)|ilk (?:kredi )?kullandirim|ilk kullanim/,
  ],
];

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  nine: 9,
  twelve: 12,
  eighteen: 18,
  un: 1,
  deux: 2,
  trois: 3,
  douze: 12,
  bir: 1,
  iki: 2,
  uc: 3,
  alti: 6,
};

/** "6 months", "90 days", "six months", "6 mois", "90 jours", "6 ay", "90 gun", "2 weeks", "1 year" (folded). */
const SPAN =
  /(\d{1,4}|one|two|three|four|five|six|nine|twelve|eighteen|un|deux|trois|douze|bir|iki|uc|alti)\s*(?:\(\d{1,4}\)\s*)?(months?|mois|ay|days?|jours?|gun|weeks?|semaines?|hafta|years?|ans?|yil)\b/;

function spanOf(words: string): { months: number; days: number } | undefined {
  const match = SPAN.exec(words);
  if (!match) return undefined;
  const count = /^\d/.test(match[1]!) ? Number(match[1]) : (NUMBER_WORDS[match[1]!] ?? NaN);
  const unit = match[2]!;
  if (!Number.isInteger(count)) return undefined;
  if (/^(?:months?|mois|ay)$/.test(unit)) return { months: count, days: 0 };
  if (/^(?:years?|ans?|yil)$/.test(unit)) return { months: 12 * count, days: 0 };
  if (/^(?:weeks?|semaines?|hafta)$/.test(unit)) return { months: 0, days: 7 * count };
  return { months: 0, days: count };
}

/**
 * Words saying "before" the milestone, words saying "by" it (those and more), and words saying
 * "after" or "within" it (folded).
 */
const STRICTLY_BEFORE = /\b(?:prior to|before|avant|prealablement)\b|\bonce(?:sinde)?\b/;
const BEFORE =
  /\b(?:prior to|before|by|at|upon|on|no later than|avant|prealablement|au plus tard|lors)\b|\bonce(?:sinde)?\b|\bkadar\b/;
const AFTER =
  /\b(?:within|after|following|from|of|dans|apres|suivant|a compter)\b|\b(?:itibaren|sonra|icinde)\b/;

/**
 * The milestone a timetable counts from and the time after it (docs/decisions/0084): "Prior to
 * first disbursement" is due by first disbursement; "Within 6 months of financial close", "6 months
 * after first disbursement" and "within 90 days of financial close" are due that long after it
 * (days are kept as days); the French and Turkish forms alike. Undefined for any other text (a
 * time before a milestone, a recurring duty, a moment Verity does not track such as signing).
 */
export function milestoneOfTimetable(text: string): MilestoneTimetable | undefined {
  const words = folded(text);
  const named = MILESTONE_WORDS.filter(([, pattern]) => pattern.test(words));
  if (named.length !== 1) return undefined;
  const milestone = named[0]![0];
  if (
    /\b(?:annual(?:ly)?|every|each|quarterly|monthly|annuel(?:lement)?|chaque|yillik|her)\b/.test(
      words,
    )
  )
    return undefined;
  const span = spanOf(words);
  if (span) {
    // A time before the milestone ("3 months prior to first disbursement") is not counted from it.
    if (STRICTLY_BEFORE.test(words)) return undefined;
    return AFTER.test(words) ? { milestone, ...span } : undefined;
  }
  return BEFORE.test(words) ? { milestone, months: 0, days: 0 } : undefined;
}
