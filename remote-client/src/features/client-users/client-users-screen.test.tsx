import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { NEW_USER_CLOSE_DELAY_MS } from '@verity/feature-users';
import { formatDate } from '@verity/shared-api';
import { ClientUsersScreen, type ClientUsersScreenProps } from './client-users-screen';
import {
  apiUser,
  fails,
  ok,
  onApi,
  renderScreen,
  withBody,
  enterText,
} from '@verity/shared-ui/src/testing';

const priya = apiUser({
  id: 'u-priya',
  fullname: 'Priya Raman',
  emailId: 'priya@northwind.example',
  role: 'owner',
  createdAt: '2025-01-14T09:30:00.000Z',
});
const tom = apiUser({
  id: 'u-tom',
  fullname: 'Tom Becker',
  emailId: 'tom@northwind.example',
  role: 'admin',
  createdAt: '2025-02-10T09:30:00.000Z',
});
const sofia = apiUser({
  id: 'u-sofia',
  fullname: 'Sofia Alves',
  emailId: 'sofia@northwind.example',
  role: 'editor',
  createdAt: '2025-03-01T09:30:00.000Z',
});
const jonas = apiUser({
  id: 'u-jonas',
  fullname: 'Jonas Berg',
  emailId: 'jonas@northwind.example',
  role: 'viewer',
  createdAt: '2025-03-20T09:30:00.000Z',
});

const ownerUser: ClientUsersScreenProps['user'] = {
  _id: 'u-priya',
  emailId: 'priya@northwind.example',
  role: 'owner',
  userType: 'client',
};

function renderClientUsers(user: ClientUsersScreenProps['user'] = ownerUser) {
  return renderScreen(<ClientUsersScreen user={user} />);
}

function count(label: string) {
  return screen.getByRole('group', { name: label });
}

/** The names on the user cards, in order (also while a dialog hides the page from queries). */
function cardNames() {
  const list = screen.getByRole('list', { name: 'Users', hidden: true });
  return within(list)
    .getAllByRole('heading', { level: 2, hidden: true })
    .map((heading) => heading.textContent);
}

function card(name: string) {
  return screen.getByRole('heading', { level: 2, name }).closest('article') as HTMLElement;
}

let limitsAsked: jest.Mock;
beforeEach(() => {
  onApi(
    'get',
    'client/users',
    ok({
      users: [priya, tom, sofia, jonas],
      counts: { total: 4, admins: 1, editors: 1, viewers: 1 },
    }),
  );
  limitsAsked = onApi('get', 'client/users/sign-in-limits', ok({ limits: [] }));
});

describe('ClientUsersScreen', () => {
  it("shows the API's counts and a card per user with a role badge", async () => {
    renderClientUsers();
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    await screen.findByText('Tom Becker');
    expect(count('Total Users')).toHaveTextContent('4');
    expect(count('Admins')).toHaveTextContent('1');
    expect(count('Editors')).toHaveTextContent('1');
    expect(count('Viewers')).toHaveTextContent('1');
    expect(within(card('Priya Raman')).getByText('Owner')).toBeInTheDocument();
    expect(within(card('Tom Becker')).getByText('Admin')).toBeInTheDocument();
    expect(within(card('Sofia Alves')).getByText('Editor')).toBeInTheDocument();
    expect(within(card('Jonas Berg')).getByText('Viewer')).toBeInTheDocument();
    expect(within(card('Jonas Berg')).getByText('jonas@northwind.example')).toBeInTheDocument();
    expect(within(card('Jonas Berg')).getByText(/Mar 20, 2025/)).toBeInTheDocument();
  });

  it('asks the server for the search text, keeping the counts of all users', async () => {
    const found: Record<string, unknown[]> = { 'sofia@': [sofia], viewer: [jonas] };
    const listed = onApi('get', 'client/users', ({ search }) =>
      ok({
        users: search.search ? (found[search.search] ?? []) : [priya, tom, sofia, jonas],
        counts: { total: 4, admins: 1, editors: 1, viewers: 1 },
      }),
    );
    const user = userEvent.setup();
    renderClientUsers();
    await screen.findByText('Tom Becker');
    const search = screen.getByRole('searchbox', { name: 'Search Users...' });
    await user.type(search, 'sofia@');
    await waitFor(() => expect(cardNames()).toEqual(['Sofia Alves']));
    await user.clear(search);
    await user.type(search, 'viewer');
    await waitFor(() => expect(cardNames()).toEqual(['Jonas Berg']));
    expect(listed).toHaveBeenLastCalledWith(
      expect.objectContaining({ search: { search: 'viewer' } }),
    );
    expect(count('Total Users')).toHaveTextContent('4');
  });

  it("shows 'No users found' when there are none", async () => {
    onApi(
      'get',
      'client/users',
      ok({ users: [], counts: { total: 0, admins: 0, editors: 0, viewers: 0 } }),
    );
    renderClientUsers();
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });

  it("shows 'Failed to fetch client details' when loading fails", async () => {
    onApi('get', 'client/users', fails(500));
    renderClientUsers();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch client details');
    expect(screen.queryByRole('group', { name: 'Total Users' })).not.toBeInTheDocument();
  });

  it('gives owners add and delete, never on owners or themselves', async () => {
    renderClientUsers();
    await screen.findByText('Tom Becker');
    expect(screen.getByRole('button', { name: 'Add New User' })).toBeInTheDocument();
    expect(within(card('Priya Raman')).queryByRole('button', { name: /Delete user/ })).toBeNull();
    for (const name of ['Tom Becker', 'Sofia Alves', 'Jonas Berg']) {
      expect(within(card(name)).getByRole('button', { name: `Delete user ${name}` })).toBeEnabled();
    }
  });

  it("keeps another owner's card without delete, and lets the owner add an owner", async () => {
    const user = userEvent.setup();
    const otto = apiUser({ id: 'u-otto', fullname: 'Otto Owner', role: 'owner' });
    onApi(
      'get',
      'client/users',
      ok({ users: [priya, otto, tom], counts: { total: 3, admins: 1, editors: 0, viewers: 0 } }),
    );
    renderClientUsers();
    await screen.findByText('Otto Owner');
    expect(within(card('Otto Owner')).queryByRole('button', { name: /Delete user/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add New User' }));
    const options = within(screen.getByRole('dialog'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toContain('Owner');
  });

  it('gives admins, editors and viewers neither add nor delete', async () => {
    for (const role of ['admin', 'editor', 'viewer'] as const) {
      const { unmount } = renderClientUsers({
        _id: 'u-tom',
        emailId: 'tom@northwind.example',
        role,
        userType: 'client',
      });
      await screen.findByText('Sofia Alves');
      expect(screen.queryByRole('button', { name: 'Add New User' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Delete user/ })).not.toBeInTheDocument();
      unmount();
    }
    // Nor are they told whose sign-ins are held back: that is for the owner, who manages users.
    expect(limitsAsked).not.toHaveBeenCalled();
  });

  it('shows the owner who is held back at sign-in, and until when, above the counts', async () => {
    onApi(
      'get',
      'client/users/sign-in-limits',
      ok({
        limits: [
          {
            userId: 'u-sofia',
            fullname: 'Sofia Alves',
            emailId: 'sofia@northwind.example',
            until: '2025-03-20T10:05:00.000Z',
          },
        ],
      }),
    );
    renderClientUsers();
    const notice = await screen.findByRole('region', { name: 'Sign-ins on hold' });
    expect(within(notice).getByRole('listitem')).toHaveTextContent(
      `Sofia Alves (sofia@northwind.example) until ${formatDate('2025-03-20T10:05:00.000Z', 'dateTime')}`,
    );
    // Before the figures, right under the title.
    expect(
      notice.compareDocumentPosition(count('Total Users')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('deletes after the confirmation, removes the card and lowers the counts', async () => {
    const user = userEvent.setup();
    const deleted = onApi('delete', 'client/user/:id', ok({}));
    renderClientUsers();
    await user.click(await screen.findByRole('button', { name: 'Delete user Sofia Alves' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete User' });
    expect(confirm).toHaveTextContent(
      "Are you sure you want to delete this user? This can't be undo.",
    );
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Client user deleted successfully.')).toBeInTheDocument();
    expect(deleted).toHaveBeenCalledWith(expect.objectContaining({ params: { id: 'u-sofia' } }));
    await waitFor(() => expect(cardNames()).toEqual(['Priya Raman', 'Tom Becker', 'Jonas Berg']));
    expect(count('Total Users')).toHaveTextContent('3');
    expect(count('Editors')).toHaveTextContent('0');
  });

  it("toasts the server's message, or 'Failed to delete client user', and keeps the card", async () => {
    const user = userEvent.setup();
    onApi('delete', 'client/user/:id', [fails(500), fails(409, 'Owners cannot be deleted')]);
    renderClientUsers();
    await user.click(await screen.findByRole('button', { name: 'Delete user Tom Becker' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete client user')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete user Tom Becker' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Owners cannot be deleted')).toBeInTheDocument();
    expect(cardNames()).toContain('Tom Becker');
    expect(count('Total Users')).toHaveTextContent('4');
  });

  it('creates a viewer by default, shows the success message, then closes with the user first', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const created = onApi(
        'post',
        'client/user',
        ok(
          {
            user: apiUser({
              id: 'u-amara',
              fullname: 'Amara Obi',
              emailId: 'amara@northwind.example',
              role: 'viewer',
              createdAt: '2025-04-02T09:30:00.000Z',
            }),
          },
          201,
        ),
      );
      renderClientUsers();
      await user.click(await screen.findByRole('button', { name: 'Add New User' }));
      const dialog = screen.getByRole('dialog', { name: 'Create New User' });
      expect(within(dialog).getByLabelText(/^Role/)).toHaveDisplayValue('Viewer');
      await enterText(user, within(dialog).getByLabelText(/^Email/), 'amara@northwind.example');
      await enterText(user, within(dialog).getByLabelText(/^Full name/), 'Amara Obi');
      await user.click(within(dialog).getByRole('button', { name: 'Create User' }));

      expect(
        await within(dialog).findByText('Client user created successfully.'),
      ).toBeInTheDocument();
      expect(within(dialog).getByText('Closing in a moment...')).toBeInTheDocument();
      expect(created).toHaveBeenCalledWith(
        withBody({
          emailId: 'amara@northwind.example',
          fullname: 'Amara Obi',
          role: 'viewer',
        }),
      );
      act(() => jest.advanceTimersByTime(NEW_USER_CLOSE_DELAY_MS));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      // The query cache tells the list on its next tick.
      await waitFor(() => expect(cardNames()[0]).toBe('Amara Obi'));
      expect(count('Total Users')).toHaveTextContent('5');
      expect(count('Viewers')).toHaveTextContent('2');
    } finally {
      jest.useRealTimers();
    }
  });

  it("shows 'Failed to create client user' or the server's message in the dialog", async () => {
    const user = userEvent.setup();
    onApi('post', 'client/user', [fails(500), fails(409, 'A user with this email already exists')]);
    renderClientUsers();
    await user.click(await screen.findByRole('button', { name: 'Add New User' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New User' });
    await enterText(user, within(dialog).getByLabelText(/^Email/), 'tom@northwind.example');
    await enterText(user, within(dialog).getByLabelText(/^Full name/), 'Tom Becker');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to create client user',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'A user with this email already exists',
      ),
    );
  });

  it('closes the dialog on Escape without adding anyone', async () => {
    const user = userEvent.setup();
    renderClientUsers();
    await user.click(await screen.findByRole('button', { name: 'Add New User' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Add New User' })).toHaveFocus();
    expect(cardNames()).toHaveLength(4);
  });

  it('has no accessibility violations', async () => {
    const { container } = renderClientUsers();
    await screen.findByText('Tom Becker');
    expect(await axe(container)).toHaveNoViolations();
  });
});
