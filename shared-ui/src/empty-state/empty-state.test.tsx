import { render, screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import { EmptyState } from './empty-state';

describe('EmptyState', () => {
  it('shows its title, description and action', () => {
    render(
      <EmptyState
        title="No users found"
        description="Add a user to get started."
        action={<button>Add New User</button>}
      />,
    );
    expect(screen.getByText('No users found')).toBeInTheDocument();
    expect(screen.getByText('Add a user to get started.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add New User' })).toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    const { container } = render(<EmptyState title="No auditors found" />);
    expect(await axe(container)).toHaveNoViolations();
  });
});
