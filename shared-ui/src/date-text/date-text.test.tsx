import { render, screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import {
  DateText,
  DaysLeft,
  DaysPassed,
  daysLeftText,
  daysPassedText,
  formatCardDate,
  formatDateTime,
  formatDetailDate,
  formatListDate,
  formatTableDate,
} from './date-text';

const created = new Date(2024, 2, 5, 14, 30);

describe('the date formats of the product', () => {
  it('writes each format', () => {
    expect(formatListDate(created)).toBe('05 Mar, 2024');
    expect(formatDetailDate(created)).toBe('Mar 05, 2024');
    expect(formatTableDate(created)).toBe('05/03/2024');
    expect(formatCardDate(created)).toBe('Mar 5, 2024');
    expect(formatDateTime(created)).toBe('05/03/2024 02:30 PM');
  });

  it("writes '-' for a missing or broken date", () => {
    expect(formatListDate(undefined)).toBe('-');
    expect(formatCardDate(null)).toBe('-');
    expect(formatTableDate('')).toBe('-');
    expect(formatDetailDate('not a date')).toBe('-');
  });
});

describe('DateText', () => {
  it('shows the date in the chosen format inside a time element', () => {
    render(<DateText value={created} format="detail" />);
    const time = screen.getByText('Mar 05, 2024');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', created.toISOString());
  });

  it('defaults to the date-time format', () => {
    render(<DateText value={created} />);
    expect(screen.getByText('05/03/2024 02:30 PM')).toBeInTheDocument();
  });

  it("shows '-' when missing", () => {
    render(<DateText value={undefined} format="table" />);
    expect(screen.getByText('-')).toBeInTheDocument();
    expect(screen.queryByRole('time')).not.toBeInTheDocument();
  });
});

describe('days passed and days left', () => {
  const now = new Date(2024, 2, 10, 9, 0);

  it('counts whole days passed since creation', () => {
    expect(daysPassedText(created, now)).toBe('4 days passed');
    expect(daysPassedText(new Date(2024, 2, 9, 8, 0), now)).toBe('1 day passed');
    expect(daysPassedText(now, now)).toBe('0 days passed');
  });

  it('rounds the days left up', () => {
    expect(daysLeftText(new Date(2024, 2, 10, 10, 0), now)).toBe('1 day left');
    expect(daysLeftText(new Date(2024, 2, 12, 10, 0), now)).toBe('3 days left');
  });

  it('gives no days-left text once no day remains', () => {
    expect(daysLeftText(now, now)).toBeNull();
    expect(daysLeftText(new Date(2024, 2, 1), now)).toBeNull();
    expect(daysLeftText(undefined, now)).toBeNull();
  });

  it('shows the texts as components, and nothing for a passed due date', () => {
    const { container } = render(
      <p>
        <DaysPassed from={created} now={now} />
        <DaysLeft due={new Date(2024, 2, 12, 10, 0)} now={now} />
        <DaysLeft due={new Date(2024, 2, 1)} now={now} />
      </p>,
    );
    expect(screen.getByText('4 days passed')).toBeInTheDocument();
    expect(screen.getByText('3 days left')).toBeInTheDocument();
    expect(container.querySelectorAll('.vui-days-left')).toHaveLength(1);
  });

  it('has no accessibility violations', async () => {
    const { container } = render(
      <p>
        <DateText value={created} format="list" /> <DaysPassed from={created} now={now} />
      </p>,
    );
    expect(await axe(container)).toHaveNoViolations();
  });
});
