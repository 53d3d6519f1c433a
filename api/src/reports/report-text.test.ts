import { formatDateTime, sheetDate } from './report-text';

describe("the report's moments, in the company's zone", () => {
  const clock = { timeZone: 'Europe/Istanbul', dateStyle: 'day-month-year' as const };

  it.each([
    ['2026-12-06T10:05:00Z', 'en', '06/12/2026 01:05 PM (Europe/Istanbul)'],
    ['2026-12-06T10:05:00Z', 'fr', '06/12/2026 13:05 (Europe/Istanbul)'],
    ['2026-12-06T21:30:00Z', 'en', '07/12/2026 12:30 AM (Europe/Istanbul)'],
    ['2026-12-06T21:30:00Z', 'ar', '07/12/2026 00:30 (Europe/Istanbul)'],
    ['2026-12-06T09:00:00Z', 'tr', '06/12/2026 12:00 (Europe/Istanbul)'],
  ] as const)('writes %s in %s as %s', (moment, language, written) => {
    expect(formatDateTime(new Date(moment), clock, language)).toBe(written);
  });

  it("writes a workbook's moment as the company's wall clock", () => {
    expect(sheetDate(new Date('2026-12-06T10:05:00Z'), clock.timeZone, false).toISOString()).toBe(
      '2026-12-06T13:05:00.000Z',
    );
    expect(sheetDate(new Date('2026-12-06T21:30:00Z'), clock.timeZone).toISOString()).toBe(
      '2026-12-07T00:00:00.000Z',
    );
  });
});
