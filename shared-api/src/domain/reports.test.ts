import { checkReportPeriod, isReportDay, reportFileName, reportMessages } from './reports';

describe('the report period', () => {
  it('defaults to the 90 days before today, to today', () => {
    expect(checkReportPeriod(undefined, undefined, '2026-03-31')).toEqual({
      ok: true,
      from: '2025-12-31',
      to: '2026-03-31',
    });
    expect(checkReportPeriod('', '2026-01-31', '2026-03-31')).toEqual({
      ok: true,
      from: '2025-11-02',
      to: '2026-01-31',
    });
  });

  it('takes a one-day period, and refuses From after To', () => {
    expect(checkReportPeriod('2026-02-01', '2026-02-01', '2026-03-31').ok).toBe(true);
    expect(checkReportPeriod('2026-02-02', '2026-02-01', '2026-03-31')).toEqual({
      ok: false,
      message: reportMessages.fromAfterTo,
    });
  });

  it('accepts only real days written yyyy-mm-dd', () => {
    expect(isReportDay('2024-02-29')).toBe(true);
    for (const day of ['2025-02-29', '2026-13-01', '31/01/2026', '2026-1-5', '', 20260101]) {
      expect(isReportDay(day)).toBe(false);
    }
    expect(checkReportPeriod('2026-02-30', undefined, '2026-03-31')).toEqual({
      ok: false,
      message: reportMessages.badFrom,
    });
    expect(checkReportPeriod(undefined, 'today', '2026-03-31')).toEqual({
      ok: false,
      message: reportMessages.badTo,
    });
  });

  it('names the file after the company and the period, with en dashes', () => {
    expect(reportFileName('Acme Steel Ltd', '2026-01-01', '2026-03-31', 'xlsx')).toBe(
      'Acme Steel Ltd – monitoring report 2026-01-01–2026-03-31.xlsx',
    );
  });
});
