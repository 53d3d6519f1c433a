import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from '@verity/session';
import type { SessionUser } from '@verity/shared-api';
import { axe } from 'jest-axe';
import { renderApp, signedInAs, users } from '../../test/render-app';

jest.mock('../../remotes/federation');

async function renderAs(user: SessionUser, extra = {}) {
  const path = {
    client: '/client/users',
    auditor: '/auditor/users',
    targetCompany: '/target-company/users',
  }[user.userType];
  const view = renderApp(path, { ...signedInAs(user), ...extra });
  await screen.findByRole('region', { name: /app$/ });
  return view;
}

const userButton = () => screen.getByRole('button', { name: 'Open user menu' });

describe('user menu', () => {
  it("shows the letter 'L' to auditors", async () => {
    await renderAs(users.auditor);
    expect(userButton()).toHaveTextContent(/^L$/);
  });

  it.each(['client', 'targetCompany'] as const)(
    'shows a user icon, not a letter, to a %s',
    async (userType) => {
      await renderAs(users[userType]);
      expect(userButton()).toHaveTextContent('');
      expect(userButton().querySelector('svg')).not.toBeNull();
    },
  );

  it('opens a panel with full name, email address and role', async () => {
    await renderAs(users.client);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(userButton());
    const panel = screen.getByRole('dialog', { name: 'Signed-in user' });
    expect(within(panel).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(panel).getByText('asha@greenfund.example')).toBeInTheDocument();
    expect(within(panel).getByText('Owner')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(userButton()).toHaveAttribute('aria-expanded', 'true');
  });

  it("offers clients, and only clients, 'Portfolio settings', which closes the panel", async () => {
    const view = await renderAs(users.client);
    await userEvent.click(userButton());
    const link = within(screen.getByRole('dialog', { name: 'Signed-in user' })).getByRole('link', {
      name: 'Portfolio settings',
    });
    expect(link).toHaveAttribute('href', '/client/settings');
    await userEvent.click(link);
    expect(screen.queryByRole('dialog', { name: 'Signed-in user' })).not.toBeInTheDocument();
    view.unmount();

    for (const other of [users.auditor, users.targetCompany]) {
      const next = await renderAs(other);
      await userEvent.click(userButton());
      expect(screen.queryByRole('link', { name: 'Portfolio settings' })).not.toBeInTheDocument();
      next.unmount();
    }
  });

  it.each([
    ['client', '/client/notification-settings'],
    ['auditor', '/auditor/notification-settings'],
    ['targetCompany', '/target-company/notification-settings'],
  ] as const)(
    "offers every user type 'Notification settings' (%s: %s), before Logout",
    async (userType, href) => {
      await renderAs(users[userType]);
      await userEvent.click(userButton());
      const panel = screen.getByRole('dialog', { name: 'Signed-in user' });
      const link = within(panel).getByRole('link', { name: 'Notification settings' });
      expect(link).toHaveAttribute('href', href);
      // The spec's panel is unchanged around it: name, email, role, then Logout last.
      expect(panel.textContent).toMatch(
        new RegExp(
          `^${users[userType].fullname}${users[userType].emailId}.*Notification settingsLogout$`,
        ),
      );
    },
  );

  it("shows 'User' when the full name is missing", async () => {
    await renderAs({ ...users.targetCompany, fullname: '' });
    await userEvent.click(userButton());
    expect(within(screen.getByRole('dialog')).getByText('User')).toBeInTheDocument();
  });

  it('closes on a click outside it', async () => {
    await renderAs(users.client);
    await userEvent.click(userButton());
    await userEvent.click(within(screen.getByRole('dialog')).getByText('Asha Rao'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('main'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(userButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('is reachable from the keyboard and closes on Escape, returning focus to the button', async () => {
    await renderAs(users.auditor);
    userButton().focus();
    await userEvent.keyboard('{Enter}');
    const panel = screen.getByRole('dialog');
    expect(panel).toHaveFocus();
    await userEvent.tab();
    expect(within(panel).getByRole('link', { name: 'Notification settings' })).toHaveFocus();
    await userEvent.tab();
    expect(within(panel).getByRole('button', { name: 'Logout' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(userButton()).toHaveFocus();
  });

  it('logs out through the session store', async () => {
    const logout = jest.fn(async () => undefined);
    await renderAs(users.client, { logout });
    await userEvent.click(userButton());
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it("keeps the user signed in and toasts 'Logout failed. Please try again.' when logout fails", async () => {
    const logout = jest.fn(async () => {
      throw new Error('Service unavailable');
    });
    await renderAs(users.client, { logout });
    await userEvent.click(userButton());
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logout failed. Please try again.')).toBeInTheDocument();
    expect(sessionStore.getState()).toMatchObject({ status: 'signed-in', user: users.client });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled());
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('has no accessibility violations with the panel open', async () => {
    const { container } = await renderAs(users.auditor);
    await userEvent.click(userButton());
    expect(await axe(container)).toHaveNoViolations();
  });
});
