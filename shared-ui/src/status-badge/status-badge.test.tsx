import { render, screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import { StatusBadge } from './status-badge';

describe('StatusBadge', () => {
  it.each([
    ['closed', 'Closed', 'green'],
    ['provClosed', 'Prov Close', 'yellow'],
    ['open', 'Open', 'blue'],
    ['overdue', 'Overdue', 'red'],
    ['pending', 'Pending', 'neutral'],
  ])('shows %s as %s in %s', (status, label, tone) => {
    render(<StatusBadge status={status} />);
    const badge = screen.getByText(label);
    expect(badge).toHaveAttribute('data-tone', tone);
    expect(badge).toHaveAttribute('data-status', status);
  });

  it('shows an unknown status as given, without a status colour', () => {
    render(<StatusBadge status="archived" />);
    expect(screen.getByText('archived')).toHaveAttribute('data-tone', 'neutral');
  });

  it('has no accessibility violations', async () => {
    const { container } = render(
      <p>
        <StatusBadge status="overdue" /> <StatusBadge status="provClosed" />
      </p>,
    );
    expect(await axe(container)).toHaveNoViolations();
  });
});
