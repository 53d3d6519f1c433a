import { render, screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import { RiskBadge } from './risk-badge';

describe('RiskBadge', () => {
  it.each([
    ['low', 'Low', 'green'],
    ['moderate', 'Moderate', 'yellow'],
    ['high', 'High', 'red'],
  ])('shows %s as %s in %s', (risk, label, tone) => {
    render(<RiskBadge risk={risk} />);
    expect(screen.getByText(label)).toHaveAttribute('data-tone', tone);
  });

  it('has no accessibility violations', async () => {
    const { container } = render(<RiskBadge risk="high" />);
    expect(await axe(container)).toHaveNoViolations();
  });
});
