import {
  monthLabel,
  dateFieldPattern,
  daysPassed,
  daysRemaining,
  formatDate,
  formatFileSizeKb,
  minSelectableDate,
  readDateField,
  type DateFormatName,
  type DateStyle,
} from './dates';

const created = '2025-03-07T14:05:00';

describe('dates', () => {
  it('formats each display of the product', () => {
    expect(formatDate(created, 'list')).toBe('07 Mar, 2025');
    expect(formatDate(created, 'detail')).toBe('Mar 07, 2025');
    expect(formatDate(created, 'table')).toBe('07/03/2025');
    expect(formatDate(created, 'card')).toBe('Mar 7, 2025');
    expect(formatDate(created)).toBe('07/03/2025 02:05 PM');
  });

  it.each<[DateStyle, Record<DateFormatName, string>]>([
    [
      'by-place',
      {
        list: '07 Mar, 2025',
        detail: 'Mar 07, 2025',
        table: '07/03/2025',
        card: 'Mar 7, 2025',
        dateTime: '07/03/2025 02:05 PM',
      },
    ],
    [
      'day-month-year',
      {
        list: '07/03/2025',
        detail: '07/03/2025',
        table: '07/03/2025',
        card: '07/03/2025',
        dateTime: '07/03/2025 02:05 PM',
      },
    ],
    [
      'month-day-year',
      {
        list: '03/07/2025',
        detail: '03/07/2025',
        table: '03/07/2025',
        card: '03/07/2025',
        dateTime: '03/07/2025 02:05 PM',
      },
    ],
    [
      'year-month-day',
      {
        list: '2025-03-07',
        detail: '2025-03-07',
        table: '2025-03-07',
        card: '2025-03-07',
        dateTime: '2025-03-07 02:05 PM',
      },
    ],
    [
      'day-month-name',
      {
        list: '7 Mar 2025',
        detail: '7 Mar 2025',
        table: '7 Mar 2025',
        card: '7 Mar 2025',
        dateTime: '7 Mar 2025 02:05 PM',
      },
    ],
  ])('writes every place of the %s style', (style, expected) => {
    const written = Object.fromEntries(
      Object.keys(expected).map((place) => [
        place,
        formatDate(created, place as DateFormatName, '-', style),
      ]),
    );
    expect(written).toEqual(expected);
  });

  it.each<[DateStyle, string, string | null]>([
    ['by-place', '31/12/2027', '2027-12-31'],
    ['by-place', '1/2/2027', '2027-02-01'],
    ['by-place', '2027-12-31', '2027-12-31'],
    ['by-place', '12/31/2027', null],
    ['by-place', '31/02/2027', null],
    ['day-month-year', ' 05/06/2027 ', '2027-06-05'],
    ['month-day-year', '05/06/2027', '2027-05-06'],
    ['month-day-year', '12/31/2027', '2027-12-31'],
    ['month-day-year', '31/12/2027', null],
    ['year-month-day', '2027-6-5', '2027-06-05'],
    ['day-month-name', '31 Dec 2027', '2027-12-31'],
    ['day-month-name', '2027-12-31', '2027-12-31'],
    ['day-month-name', 'Dec 31 2027', null],
    ['day-month-name', '29 feb 2028', '2028-02-29'],
    ['day-month-name', '29 Feb 2027', null],
    ['day-month-name', '3 Fox 2027', null],
    ['by-place', '31/12/27', null],
    ['by-place', '31/12/2027 and more', null],
    ['by-place', '', null],
    ['by-place', 'tomorrow', null],
  ])('reads a date field in the %s style: %j', (style, text, day) => {
    expect(readDateField(text, style)).toBe(day);
  });

  it("shows '-' for a missing or invalid date", () => {
    expect(formatDate(undefined, 'card')).toBe('-');
    expect(formatDate('', 'card')).toBe('-');
    expect(formatDate('not a date', 'card')).toBe('-');
  });

  it('rounds the days remaining up', () => {
    const now = new Date('2025-03-07T12:00:00Z');
    expect(daysRemaining('2025-03-08T13:00:00Z', now)).toBe(2);
    expect(daysRemaining('2025-03-08T12:00:00Z', now)).toBe(1);
    expect(daysRemaining('2025-03-07T18:00:00Z', now)).toBe(1);
    expect(daysRemaining('2025-03-05T12:00:00Z', now)).toBe(-2);
  });

  it('counts whole days passed since creation', () => {
    expect(daysPassed('2025-03-01T12:00:00Z', new Date('2025-03-07T11:00:00Z'))).toBe(5);
  });

  it('offers tomorrow (now plus 24 hours) as the earliest date', () => {
    expect(minSelectableDate(new Date('2025-03-07T12:00:00Z')).toISOString()).toBe(
      '2025-03-08T12:00:00.000Z',
    );
  });

  it('shows file sizes in KB', () => {
    expect(formatFileSizeKb(2048)).toBe('2.00 KB');
    expect(formatFileSizeKb(1536)).toBe('1.50 KB');
  });

  it.each([
    ['2025-01', 'long', 'January 2025'],
    ['2025-01', 'short', 'Jan 2025'],
    ['2026-12', 'long', 'December 2026'],
  ] as const)('names the month %s (%s) as %s, whatever the zone', (month, width, label) => {
    expect(monthLabel(month, width)).toBe(label);
  });
});

describe('dates in the user’s language (docs/decisions/0109-languages.md)', () => {
  const day = new Date(2026, 2, 4, 14, 5);

  it.each<[string, DateFormatName, string]>([
    ['tr-TR', 'table', '04.03.2026'],
    ['tr-TR', 'list', '04 Mar 2026'],
    ['fr-FR', 'list', '04 mars 2026'],
    ['fr-FR', 'dateTime', '04/03/2026 14:05'],
    ['es-ES', 'table', '04/03/2026'],
    ['pt-BR', 'list', '04 de mar. de 2026'],
    ['ar-u-nu-latn', 'list', '04 مارس 2026'],
    // English keeps the spec's formats, whatever the region.
    ['en-US', 'table', '04/03/2026'],
    ['en-GB', 'list', '04 Mar, 2026'],
  ])('in %s, a %s date reads %s', (locale, place, expected) => {
    expect(formatDate(day, place, '-', 'by-place', locale)).toBe(expected);
  });

  it('keeps the numeric styles a user chose, in any language', () => {
    expect(formatDate(day, 'list', '-', 'month-day-year', 'fr-FR')).toBe('03/04/2026');
    expect(formatDate(day, 'list', '-', 'year-month-day', 'tr-TR')).toBe('2026-03-04');
  });

  it.each([
    ['tr-TR', 'dd.mm.yyyy', '4.3.2026'],
    ['fr-FR', 'dd/mm/yyyy', '04/03/2026'],
    ['ar-u-nu-latn', 'dd/mm/yyyy', '04\u200f/03\u200f/2026'],
  ])('reads a date field in %s as %s', (locale, pattern, typed) => {
    expect(dateFieldPattern('by-place', locale)).toBe(pattern);
    expect(readDateField(typed, 'by-place', locale)).toBe('2026-03-04');
    expect(readDateField('2026-03-04', 'by-place', locale)).toBe('2026-03-04');
  });

  it('names a month in the language', () => {
    expect(monthLabel('2025-01', 'long', 'fr-FR')).toBe('janvier 2025');
    expect(monthLabel('2025-01')).toBe('January 2025');
  });
});
