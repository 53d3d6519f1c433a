import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { renderApp, signedInAs, users } from '../../test/render-app';
import { DRAWER_QUERY } from './app-layout';

jest.mock('../../remotes/federation');

async function renderLayout(path: string, user: (typeof users)[keyof typeof users]) {
  const view = renderApp(path, signedInAs(user));
  await screen.findByRole('region', { name: /app$/ });
  return view;
}

function sidebarLinks() {
  return within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
}

describe('authenticated layout', () => {
  it.each([
    [
      'client',
      '/client/dashboard',
      [
        ['Dashboard', '/client/dashboard'],
        ['Portfolio', '/client/portfolio'],
        ['Companies', '/client/target-companies'],
        ['Auditors', '/client/auditors'],
        ['Users', '/client/users'],
      ],
    ],
    [
      'auditor',
      '/auditor/users',
      [
        ['Companies', '/auditor/target-companies'],
        ['Portfolio', '/auditor/portfolio'],
        ['Users', '/auditor/users'],
      ],
    ],
    [
      'targetCompany',
      '/target-company/users',
      [
        ['Dashboard', '/target-company/dashboard'],
        ['Auditors', '/target-company/auditors'],
        ['Users', '/target-company/users'],
      ],
    ],
  ] as const)(
    'the %s sidebar lists its items, each linking to its id under the area',
    async (userType, path, expected) => {
      await renderLayout(path, users[userType]);
      expect(sidebarLinks().map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
        expected,
      );
    },
  );

  it.each([
    ['client', 'Client Dashboard'],
    ['auditor', 'Auditor Dashboard'],
    ['targetCompany', 'Target Company Dashboard'],
  ] as const)('the header of a %s reads %s', async (userType, title) => {
    await renderLayout(
      userType === 'targetCompany' ? '/target-company' : `/${userType}`,
      users[userType],
    );
    expect(within(screen.getByRole('banner')).getByText(title)).toBeInTheDocument();
  });

  it.each([
    ['/client/users', 'Users'],
    ['/client/target-companies', 'Companies'],
    ['/client/target-companies/c1/auditors', 'Companies'],
    ['/client/target-companies/c1/dashboard', 'Companies'],
    ['/client/target-companies/c1/manage', 'Companies'],
    ['/client/target-companies/c1/auditors/a1/au1/action-plans/p1', 'Companies'],
  ])('on %s the sidebar marks %s as the current page', async (path, current) => {
    await renderLayout(path, users.client);
    const marked = sidebarLinks().filter((link) => link.getAttribute('aria-current') === 'page');
    expect(marked.map((link) => link.textContent)).toEqual([current]);
  });

  it('the sidebar toggles between 64 units (16rem) and 16 units (4rem)', async () => {
    await renderLayout('/client/dashboard', users.client);
    const sidebar = screen.getByRole('complementary');
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    expect(sidebar).toHaveStyle({ width: '16rem' });
    expect(within(sidebar).getByText('Verity')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    expect(sidebar).toHaveStyle({ width: '4rem' });
    const toggle = screen.getByRole('button', { name: 'Expand sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Collapsed items keep their names for assistive technology.
    expect(within(sidebar).getByRole('link', { name: 'Users' })).toBeInTheDocument();

    await userEvent.click(toggle);
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it("the first Tab stop is 'Skip to main content', leading to the main area", async () => {
    await renderLayout('/client/dashboard', users.client);
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });

  it("moves focus to the new page's heading after a change of page, not on the first load", async () => {
    await renderLayout('/client/dashboard', users.client);
    const heading = screen.getByRole('heading', { level: 1, name: 'remote_client' });
    expect(heading).not.toHaveFocus();
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByText('Users'),
    );
    await screen.findByText('/client/users');
    expect(screen.getByRole('heading', { level: 1, name: 'remote_client' })).toHaveFocus();
  });

  it("leaves focus alone on a redirect, which is still the page's first load", async () => {
    // As an area's index sends /client on to /client/dashboard.
    const { router } = await renderLayout('/client', users.client);
    await act(() => router.navigate('/client/dashboard', { replace: true }));
    await screen.findByText('/client/dashboard');
    expect(screen.getByRole('heading', { level: 1, name: 'remote_client' })).not.toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
  });

  it('carries the product logo and the nav, header and main landmarks', async () => {
    await renderLayout('/auditor/target-companies', users.auditor);
    expect(within(screen.getByRole('complementary')).getByText('Verity')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('remote_auditor');
  });

  it('has no accessibility violations, expanded or collapsed', async () => {
    const { container } = await renderLayout('/target-company/dashboard', users.targetCompany);
    expect(await axe(container)).toHaveNoViolations();
    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(await axe(container)).toHaveNoViolations();
  });
});

describe('authenticated layout on a narrow screen', () => {
  const original = window.matchMedia;
  beforeEach(() => {
    // A phone: the drawer query matches.
    window.matchMedia = ((query: string) => ({
      matches: query === DRAWER_QUERY,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = original;
  });

  it('keeps the sidebar out of the way until the toggle opens it as a drawer', async () => {
    const user = userEvent.setup();
    await renderLayout('/client/users', users.client);
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Expand sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    const drawer = screen.getByRole('complementary');
    expect(drawer).toHaveAttribute('data-drawer', 'true');
    expect(drawer).toHaveStyle({ width: '16rem' });
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    // The focus goes to the page the user is on, and Escape gives it back to the toggle.
    expect(within(drawer).getByRole('link', { name: 'Users' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveFocus();
  });

  it('closes the drawer when a page is chosen in it, and goes there', async () => {
    const user = userEvent.setup();
    await renderLayout('/client/users', users.client);
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    await user.click(screen.getByRole('link', { name: 'Companies' }));
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
  });

  it('has no accessibility violations, closed or open', async () => {
    const { container } = await renderLayout('/client/dashboard', users.client);
    expect(await axe(container)).toHaveNoViolations();
    await userEvent.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(await axe(container)).toHaveNoViolations();
  });
});
