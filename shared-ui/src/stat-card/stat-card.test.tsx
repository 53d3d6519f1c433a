import { render, screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import { StatCard } from './stat-card';

describe('StatCard', () => {
  it('shows the label and the figure, named by the label', () => {
    render(<StatCard label="Total Gaps" value={12} accent="blue" />);
    const card = screen.getByRole('group', { name: 'Total Gaps' });
    expect(card).toHaveTextContent('Total Gaps12');
    expect(card).toHaveAttribute('data-accent', 'blue');
  });

  it('shows a percentage value as given', () => {
    render(<StatCard label="Completion %" value="40%" />);
    expect(screen.getByRole('group', { name: 'Completion %' })).toHaveTextContent('40%');
  });

  it('has no accessibility violations', async () => {
    const { container } = render(<StatCard label="Overdue" value={3} accent="red" />);
    expect(await axe(container)).toHaveNoViolations();
  });
});
