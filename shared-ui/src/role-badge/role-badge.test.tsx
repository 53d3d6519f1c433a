import { render, screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import { RoleBadge } from './role-badge';

describe('RoleBadge', () => {
  it.each([
    ['owner', 'Owner'],
    ['admin', 'Admin'],
    ['editor', 'Editor'],
    ['viewer', 'Viewer'],
  ])('shows the %s role as %s', (role, label) => {
    render(<RoleBadge role={role} />);
    expect(screen.getByText(label)).toHaveAttribute('data-role', role);
  });

  it('gives each role its own colour', () => {
    render(
      <>
        <RoleBadge role="owner" />
        <RoleBadge role="viewer" />
      </>,
    );
    expect(screen.getByText('Owner')).toHaveAttribute('data-tone', 'primary');
    expect(screen.getByText('Viewer')).toHaveAttribute('data-tone', 'neutral');
  });

  it('has no accessibility violations', async () => {
    const { container } = render(<RoleBadge role="editor" />);
    expect(await axe(container)).toHaveNoViolations();
  });
});
