import { render, screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import { PageHeader } from './page-header';

describe('PageHeader', () => {
  it('renders the title as the page heading with its description and actions', () => {
    render(
      <PageHeader
        title="Target Companies"
        description="All companies you work with."
        actions={<button>Add Target Company</button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Target Companies' })).toBeInTheDocument();
    expect(screen.getByText('All companies you work with.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Target Company' })).toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    const { container } = render(<PageHeader title="Users" />);
    expect(await axe(container)).toHaveNoViolations();
  });
});
