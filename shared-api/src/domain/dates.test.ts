import {
  daysPassed,
  daysRemaining,
  formatDate,
  formatFileSizeKb,
  minSelectableDate,
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
});
