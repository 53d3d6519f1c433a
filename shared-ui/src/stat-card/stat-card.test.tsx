import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  it('says what the figure counts in a tooltip of its info button and in its description', async () => {
    const user = userEvent.setup();
    render(
      <StatCard
        label="Total Audits"
        value={7}
        hint="Action plans of the audits, whatever their status."
      />,
    );
    const card = screen.getByRole('group', { name: 'Total Audits' });
    expect(card).toHaveAccessibleDescription('Action plans of the audits, whatever their status.');
    await user.tab();
    const info = screen.getByRole('button', { name: 'What Total Audits counts' });
    expect(info).toHaveFocus();
    expect(info).toHaveAccessibleDescription('Action plans of the audits, whatever their status.');
    expect(screen.getByRole('tooltip')).toHaveTextContent(
      'Action plans of the audits, whatever their status.',
    );
  });

  it('has no accessibility violations with a hint', async () => {
    const { container } = render(<StatCard label="Total Audits" value={7} hint="Plans." />);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('has no accessibility violations', async () => {
    const { container } = render(<StatCard label="Overdue" value={3} accent="red" />);
    expect(await axe(container)).toHaveNoViolations();
  });
});
