import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { Tabs } from './tabs';

const items = [
  { value: 'remarks', label: 'Remarks', count: 2, content: <p>Two remarks</p> },
  { value: 'history', label: 'Status History', count: 0, content: <p>No changes</p> },
];

describe('Tabs', () => {
  it('shows each label with its count and the first panel', () => {
    render(<Tabs label="Gap activity" items={items} />);
    expect(screen.getByRole('tablist', { name: 'Gap activity' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Remarks (2)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Status History (0)' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Two remarks');
  });

  it('moves between tabs with the arrow keys', async () => {
    render(<Tabs label="Gap activity" items={items} />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Remarks (2)' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Status History (0)' })).toHaveAttribute(
      'data-state',
      'active',
    );
    expect(screen.getByRole('tabpanel')).toHaveTextContent('No changes');
  });

  it('reports the chosen tab when controlled', async () => {
    const onValueChange = jest.fn();
    render(
      <Tabs label="Gap activity" items={items} value="remarks" onValueChange={onValueChange} />,
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Status History (0)' }));
    expect(onValueChange).toHaveBeenCalledWith('history');
  });

  it('has no accessibility violations', async () => {
    const { container } = render(<Tabs label="Gap activity" items={items} />);
    expect(await axe(container)).toHaveNoViolations();
  });
});
