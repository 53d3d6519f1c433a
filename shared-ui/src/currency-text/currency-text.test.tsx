import { render, screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import { CurrencyText, formatAmount } from './currency-text';

describe('CurrencyText', () => {
  it('shows the currency and the value with two decimals', () => {
    render(<CurrencyText amount={{ currency: 'USD', value: 1250.5 }} />);
    expect(screen.getByText('USD 1,250.50')).toBeInTheDocument();
  });

  it('writes rupees the same way', () => {
    expect(formatAmount({ currency: 'INR', value: 0 })).toBe('INR 0.00');
  });

  it("writes '-' without an amount", () => {
    expect(formatAmount(null)).toBe('-');
    expect(formatAmount({ currency: 'USD' })).toBe('-');
  });

  it('has no accessibility violations', async () => {
    const { container } = render(<CurrencyText amount={{ currency: 'INR', value: 99.99 }} />);
    expect(await axe(container)).toHaveNoViolations();
  });
});
