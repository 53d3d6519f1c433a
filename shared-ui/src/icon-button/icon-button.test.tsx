import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { IconButton } from './icon-button';

const icon = <svg aria-hidden="true" />;

describe('IconButton', () => {
  it('is named by its label', async () => {
    const onClick = jest.fn();
    render(<IconButton label="Collapse sidebar" icon={icon} onClick={onClick} />);
    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('passes state attributes through', () => {
    render(<IconButton label="Menu" icon={icon} aria-expanded={false} shape="round" />);
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('data-shape', 'round');
  });

  it('has no accessibility violations', async () => {
    const { container } = render(<IconButton label="Menu" icon={icon} />);
    expect(await axe(container)).toHaveNoViolations();
  });
});
