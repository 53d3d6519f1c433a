import { render, screen, within } from '@testing-library/react';
import { axe } from 'jest-axe';
import { MemoryRouter } from 'react-router-dom';
import { PageHeader, documentTitle, namedCrumb } from './page-header';

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

  it('names the page in the document title', () => {
    render(<PageHeader title="Users" />);
    expect(document.title).toBe('Users — Verity');
  });

  describe('on a nested page', () => {
    const trail = {
      subject: 'Acme Steel Ltd',
      breadcrumbs: [
        { label: 'Companies', to: '/client/target-companies' },
        {
          label: 'Acme Steel Ltd',
          to: '/client/target-companies/c1/auditors',
          kind: 'Company',
        },
        {
          label: 'Due Diligence · Social',
          to: '/client/target-companies/c1/auditors/a1/au1/action-plans',
          kind: 'Audit',
        },
      ],
    };

    function renderNested() {
      return render(
        <MemoryRouter>
          <PageHeader title="Action Plans" trail={trail} />
        </MemoryRouter>,
      );
    }

    it('shows a breadcrumb of links back up, ending with the page itself', () => {
      renderNested();
      const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
      const links = within(breadcrumb).getAllByRole('link');
      expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
        ['Companies', '/client/target-companies'],
        ['Acme Steel Ltd', '/client/target-companies/c1/auditors'],
        ['Due Diligence · Social', '/client/target-companies/c1/auditors/a1/au1/action-plans'],
      ]);
      const current = within(breadcrumb).getByText('Action Plans');
      expect(current).toHaveAttribute('aria-current', 'page');
    });

    it('names the company and the audit beside the heading', () => {
      renderNested();
      expect(screen.getByText('Company').nextElementSibling).toHaveTextContent('Acme Steel Ltd');
      expect(screen.getByText('Audit').nextElementSibling).toHaveTextContent(
        'Due Diligence · Social',
      );
    });

    it('puts the subject first in the document title', () => {
      renderNested();
      expect(document.title).toBe('Acme Steel Ltd — Action Plans — Verity');
    });

    it('has no accessibility violations', async () => {
      const { container } = renderNested();
      expect(await axe(container)).toHaveNoViolations();
    });
  });

  it('leaves out an empty subject', () => {
    expect(documentTitle('Dashboard', '')).toBe('Dashboard — Verity');
    expect(documentTitle('Dashboard', '  ')).toBe('Dashboard — Verity');
  });

  it('names a trail level once its name is known, and by its kind until then', () => {
    expect(namedCrumb('Acme Steel Ltd', 'Company', '/c')).toEqual({
      label: 'Acme Steel Ltd',
      kind: 'Company',
      to: '/c',
    });
    expect(namedCrumb(undefined, 'Company', '/c')).toEqual({
      label: 'Company',
      kind: 'Company',
      to: '/c',
      waiting: true,
    });
  });

  it("keeps a name's place beside the heading while it is on its way, so nothing moves when it comes", async () => {
    const header = (name?: string) => (
      <MemoryRouter>
        <PageHeader
          title="Dashboard"
          trail={{ breadcrumbs: [namedCrumb(name, 'Company', '/client/target-companies/c1')] }}
        />
      </MemoryRouter>
    );
    const { container, rerender } = render(header());
    const context = () => container.querySelector('.vui-page-header__context');
    // The trail names the kind; the line under the heading is there, empty and unread.
    expect(screen.getByRole('link', { name: 'Company' })).toBeInTheDocument();
    expect(context()?.children).toHaveLength(1);
    expect(context()?.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    expect(context()).toHaveTextContent(/^$/);
    expect(await axe(container)).toHaveNoViolations();

    rerender(header('Acme Steel Ltd'));
    expect(context()?.firstElementChild).not.toHaveAttribute('aria-hidden');
    expect(screen.getByText('Company').nextElementSibling).toHaveTextContent('Acme Steel Ltd');
  });
});
