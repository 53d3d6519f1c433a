import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import {
  OrganisationUsersScreen,
  type OrganisationUsersScreenProps,
} from './organisation-users-screen';
import { NEW_USER_CLOSE_DELAY_MS } from './new-user-dialog';
import { formatDate } from '@verity/shared-api';
import { switchLanguage } from '@verity/session';
import { formatDate as formatDateInUse } from '@verity/shared-ui';
import {
  API_ORIGIN,
  apiServer,
  apiUser,
  fails,
  ok,
  onApi,
  renderScreen,
  withBody,
  enterText,
} from '@verity/shared-ui/src/testing';

const owner = apiUser({
  id: 'u-owner',
  fullname: 'Lena Ortiz',
  emailId: 'lena@greenaudit.example',
  role: 'owner',
  createdAt: '2025-01-14T09:30:00.000Z',
});
const admin = apiUser({
  id: 'u-admin',
  fullname: 'Marco Bellini',
  emailId: 'marco@greenaudit.example',
  role: 'admin',
  createdAt: '2025-02-02T09:30:00.000Z',
});
const editor = apiUser({
  id: 'u-editor',
  fullname: 'Aiko Tanaka',
  emailId: 'aiko@greenaudit.example',
  role: 'editor',
  createdAt: '2025-03-09T09:30:00.000Z',
});

const signedInAdmin = {
  _id: 'u-admin',
  emailId: 'marco@greenaudit.example',
  role: 'admin' as const,
};
const signedInOwner = {
  _id: 'u-owner',
  emailId: 'lena@greenaudit.example',
  role: 'owner' as const,
};
const companyAdmin = {
  _id: 'cu-1',
  emailId: 'ravi@acmesteel.example',
  role: 'admin' as const,
  targetCompanyId: '2f0c7c38-1f0e-4a3e-8a55-3b9a0f4c1e11',
};

function renderUsers(props: Partial<OrganisationUsersScreenProps> = {}) {
  return renderScreen(
    <OrganisationUsersScreen userType="auditor" canManageUsers user={signedInAdmin} {...props} />,
  );
}

function card(name: string) {
  return screen.getByRole('heading', { level: 2, name }).closest('article') as HTMLElement;
}

/** The names on the user cards, in order (also while a dialog hides the page from queries). */
function cardNames() {
  const list = screen.getByRole('list', { name: 'Users', hidden: true });
  return within(list)
    .getAllByRole('heading', { level: 2, hidden: true })
    .map((heading) => heading.textContent);
}

async function fillNewUser(user: ReturnType<typeof userEvent.setup>, email: string, name: string) {
  const dialog = screen.getByRole('dialog');
  await enterText(user, within(dialog).getByLabelText(/^Email/), email);
  await enterText(user, within(dialog).getByLabelText(/^Full name/), name);
  return dialog;
}

let auditorUsersListed: jest.Mock;
let companyUsersListed: jest.Mock;
let auditorLimitsAsked: jest.Mock;
let companyLimitsAsked: jest.Mock;
beforeEach(() => {
  auditorUsersListed = onApi('get', 'auditor/users', ok({ users: [owner, admin, editor] }));
  companyUsersListed = onApi('get', 'target-company/users', ok({ users: [owner, admin, editor] }));
  // Nobody held back at sign-in, unless a test says otherwise.
  auditorLimitsAsked = onApi('get', 'auditor/users/sign-in-limits', ok({ limits: [] }));
  companyLimitsAsked = onApi('get', 'target-company/users/sign-in-limits', ok({ limits: [] }));
});

/** Aiko held back at sign-in until a quarter past two. */
const aikoHeldBack = {
  userId: 'u-editor',
  fullname: 'Aiko Tanaka',
  emailId: 'aiko@greenaudit.example',
  until: '2025-03-09T14:15:00.000Z',
};

describe('OrganisationUsersScreen: auditor users', () => {
  it('shows a card per user with name, email, role badge and created date', async () => {
    renderUsers();
    expect(screen.getByRole('heading', { level: 1, name: 'Auditor Users' })).toBeInTheDocument();
    const marco = await screen.findByRole('heading', { level: 2, name: 'Marco Bellini' });
    const article = marco.closest('article') as HTMLElement;
    expect(within(article).getByText('marco@greenaudit.example')).toBeInTheDocument();
    expect(within(article).getByText('Admin')).toBeInTheDocument();
    expect(within(article).getByText(/Feb 2, 2025/)).toBeInTheDocument();
    expect(cardNames()).toEqual(['Lena Ortiz', 'Marco Bellini', 'Aiko Tanaka']);
  });

  it('shows a loading state until the users arrive', async () => {
    renderUsers();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByText('Lena Ortiz')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('asks the server for the search text and shows the users it finds', async () => {
    const listed = onApi('get', 'auditor/users', ({ search }) => {
      if (!search.search) return ok({ users: [owner, admin, editor], total: 3 });
      return ok({ users: search.search === 'aiko' ? [editor] : [], total: 0 });
    });
    const user = userEvent.setup();
    renderUsers();
    await screen.findByText('Lena Ortiz');
    await user.type(screen.getByRole('searchbox', { name: 'Search Users...' }), 'aiko');
    await waitFor(() => expect(cardNames()).toEqual(['Aiko Tanaka']));
    expect(listed).toHaveBeenLastCalledWith(
      expect.objectContaining({ search: { search: 'aiko' } }),
    );
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'nobody');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });

  it('pages through a long list, keeping the page in the address, and searches from the first page', async () => {
    const listed = onApi('get', 'auditor/users', ({ search }) => {
      const page = Number(search.page ?? '1');
      const named = apiUser({ id: `u-p${page}`, fullname: `User on page ${page}` });
      return ok({ users: [named], total: 45, page, pageSize: 20 });
    });
    const user = userEvent.setup();
    const view = renderUsers();
    expect(await screen.findByText('User on page 1')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages of users' });
    expect(within(pages).getByText('1–20 of 45 users')).toBeInTheDocument();

    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('User on page 2')).toBeInTheDocument();
    expect(view.location()).toBe('/?page=2');
    expect(screen.getByText('21–40 of 45 users')).toBeInTheDocument();
    expect(listed).toHaveBeenLastCalledWith(expect.objectContaining({ search: { page: '2' } }));

    await user.type(screen.getByRole('searchbox', { name: 'Search Users...' }), 'a');
    await waitFor(() => expect(view.location()).toBe('/'));
    expect(listed).toHaveBeenLastCalledWith(expect.objectContaining({ search: { search: 'a' } }));
  });

  it('shows no page buttons when every user fits on one page', async () => {
    renderUsers();
    await screen.findByText('Lena Ortiz');
    expect(screen.queryByRole('navigation', { name: 'Pages of users' })).toBeNull();
  });

  it("shows 'No users found' for an empty firm", async () => {
    onApi('get', 'auditor/users', ok({ users: [] }));
    renderUsers();
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });

  it("shows the server's message, or 'Failed to fetch auditor user details', when loading fails", async () => {
    onApi('get', 'auditor/users', fails(500));
    const { unmount } = renderUsers();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to fetch auditor user details',
    );
    unmount();

    onApi('get', 'auditor/users', fails(404, 'Auditor firm not found'));
    renderUsers();
    expect(await screen.findByRole('alert')).toHaveTextContent('Auditor firm not found');
  });

  it('shows those who manage the users who is held back at sign-in, and until when', async () => {
    onApi('get', 'auditor/users/sign-in-limits', ok({ limits: [aikoHeldBack] }));
    const { container } = renderUsers();
    const notice = await screen.findByRole('region', { name: 'Sign-ins on hold' });
    expect(notice).toHaveTextContent(
      'After too many failed sign-in attempts, Verity is not letting these people sign in for now. Each can try again from the time shown.',
    );
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `Aiko Tanaka (aiko@greenaudit.example) until ${formatDate(aikoHeldBack.until, 'dateTime')}`,
    ]);
    await screen.findByText('Lena Ortiz');
    expect(await axe(container)).toHaveNoViolations();
  });

  it("shows the screen in the user's language, the hold's date where the language puts it", async () => {
    onApi('get', 'auditor/users/sign-in-limits', ok({ limits: [aikoHeldBack] }));
    await switchLanguage('tr');
    try {
      renderUsers();
      const notice = await screen.findByRole('region', { name: 'Askıya alınan oturum açmalar' });
      expect(within(notice).getByRole('listitem')).toHaveTextContent(
        `Aiko Tanaka (aiko@greenaudit.example): ${formatDateInUse(aikoHeldBack.until)} tarihine kadar`,
      );
      expect(screen.getByRole('heading', { level: 1, name: 'Denetçi Kullanıcılar' })).toBeVisible();
      expect(
        await screen.findByRole('button', { name: 'Aiko Tanaka kullanıcısını sil' }),
      ).toBeInTheDocument();
    } finally {
      await act(() => switchLanguage('en'));
    }
  });

  it('shows no sign-in notice while nobody is held back, or when it cannot be read', async () => {
    const { unmount } = renderUsers();
    await screen.findByText('Lena Ortiz');
    await waitFor(() => expect(auditorLimitsAsked).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Sign-ins on hold' })).toBeNull();
    unmount();

    onApi('get', 'auditor/users/sign-in-limits', fails(502, 'The accounts service is unavailable'));
    renderUsers();
    await screen.findByText('Lena Ortiz');
    expect(screen.queryByRole('region', { name: 'Sign-ins on hold' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks nothing about sign-ins for those who do not manage the users', async () => {
    renderUsers({ canManageUsers: false });
    await screen.findByText('Lena Ortiz');
    expect(auditorLimitsAsked).not.toHaveBeenCalled();
  });

  it('hides add and delete from users who may not manage users', async () => {
    renderUsers({ canManageUsers: false });
    await screen.findByText('Lena Ortiz');
    expect(screen.queryByRole('button', { name: 'Add New User' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete user/ })).not.toBeInTheDocument();
  });

  it('offers delete on everyone but owners and the signed-in user', async () => {
    renderUsers();
    await screen.findByText('Lena Ortiz');
    expect(within(card('Lena Ortiz')).queryByRole('button', { name: /Delete user/ })).toBeNull();
    expect(within(card('Marco Bellini')).queryByRole('button', { name: /Delete user/ })).toBeNull();
    expect(
      within(card('Aiko Tanaka')).getByRole('button', { name: 'Delete user Aiko Tanaka' }),
    ).toBeInTheDocument();
  });

  it('offers an owner delete on another owner, never on themselves', async () => {
    const coOwner = apiUser({ id: 'u-co', fullname: 'Otto Owner', role: 'owner' });
    onApi('get', 'auditor/users', ok({ users: [owner, coOwner, admin, editor] }));
    renderUsers({ user: signedInOwner });
    await screen.findByText('Otto Owner');
    expect(
      within(card('Otto Owner')).getByRole('button', { name: 'Delete user Otto Owner' }),
    ).toBeInTheDocument();
    expect(within(card('Lena Ortiz')).queryByRole('button', { name: /Delete user/ })).toBeNull();
    expect(
      within(card('Marco Bellini')).getByRole('button', { name: 'Delete user Marco Bellini' }),
    ).toBeInTheDocument();
  });

  it('offers the owner role in the new-user dialog to owners only', async () => {
    const user = userEvent.setup();
    const roleChoices = () =>
      within(screen.getByRole('dialog'))
        .getAllByRole('option')
        .map((option) => option.textContent);
    const { unmount } = renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Add New User' }));
    expect(roleChoices()).not.toContain('Owner');
    unmount();

    renderUsers({ user: signedInOwner });
    await user.click(await screen.findByRole('button', { name: 'Add New User' }));
    expect(roleChoices()).toEqual(expect.arrayContaining(['Owner', 'Admin', 'Editor', 'Viewer']));
  });

  it('deletes a user after the confirmation and removes the card', async () => {
    const user = userEvent.setup();
    const deleted = onApi('delete', 'auditor/user/:id', ok({}));
    renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Delete user Aiko Tanaka' }));

    const confirm = screen.getByRole('alertdialog', { name: 'Delete User' });
    expect(confirm).toHaveTextContent(
      "Are you sure you want to delete this user? This can't be undo.",
    );
    expect(deleted).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Auditor user deleted successfully.')).toBeInTheDocument();
    expect(deleted).toHaveBeenCalledWith(expect.objectContaining({ params: { id: 'u-editor' } }));
    await waitFor(() => expect(cardNames()).toEqual(['Lena Ortiz', 'Marco Bellini']));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('keeps the user when the confirmation is cancelled', async () => {
    const user = userEvent.setup();
    const deleted = onApi('delete', 'auditor/user/:id', ok({}));
    renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Delete user Aiko Tanaka' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deleted).not.toHaveBeenCalled();
    expect(cardNames()).toContain('Aiko Tanaka');
  });

  it("toasts 'Failed to delete auditor user' and keeps the card when deleting fails", async () => {
    const user = userEvent.setup();
    onApi('delete', 'auditor/user/:id', fails(500));
    renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Delete user Aiko Tanaka' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete auditor user')).toBeInTheDocument();
    expect(cardNames()).toContain('Aiko Tanaka');
  });

  it("toasts 'No user id provided for deletion' for a user without an id", async () => {
    const user = userEvent.setup();
    const deleted = onApi('delete', 'auditor/user/:id', ok({}));
    onApi('get', 'auditor/users', ok({ users: [{ ...editor, id: '' }] }));
    renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Delete user Aiko Tanaka' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No user id provided for deletion')).toBeInTheDocument();
    expect(deleted).not.toHaveBeenCalled();
  });

  it('opens the create dialog with admin as the default role and submit disabled until all are filled', async () => {
    const user = userEvent.setup();
    renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Add New User' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New Auditor User' });
    const email = within(dialog).getByLabelText(/^Email/);
    expect(email).toHaveAttribute('type', 'email');
    expect(within(dialog).getByLabelText(/^Role/)).toHaveDisplayValue('Admin');
    const submit = within(dialog).getByRole('button', { name: 'Create User' });
    expect(submit).toBeDisabled();
    await enterText(user, email, 'noor@greenaudit.example');
    expect(submit).toBeDisabled();
    await enterText(user, within(dialog).getByLabelText(/^Full name/), 'Noor Haddad');
    expect(submit).toBeEnabled();
    await user.clear(within(dialog).getByLabelText(/^Full name/));
    await user.type(within(dialog).getByLabelText(/^Full name/), '   ');
    expect(submit).toBeDisabled();
  });

  it('shows the success message, then closes by itself and puts the new user first', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const noor = apiUser({
        id: 'u-new',
        fullname: 'Noor Haddad',
        emailId: 'noor@greenaudit.example',
        role: 'editor',
        createdAt: '2025-04-01T10:00:00.000Z',
      });
      const created = onApi('post', 'auditor/user', ok({ user: noor }, 201));
      renderUsers();
      await user.click(await screen.findByRole('button', { name: 'Add New User' }));
      const dialog = await fillNewUser(user, ' noor@greenaudit.example ', 'Noor Haddad');
      await user.selectOptions(within(dialog).getByLabelText(/^Role/), 'Editor');
      await user.click(within(dialog).getByRole('button', { name: 'Create User' }));

      expect(
        await within(dialog).findByText('Auditor user created successfully.'),
      ).toBeInTheDocument();
      expect(within(dialog).getByText('Closing in a moment...')).toBeInTheDocument();
      expect(created).toHaveBeenCalledWith(
        withBody({
          emailId: 'noor@greenaudit.example',
          fullname: 'Noor Haddad',
          role: 'editor',
        }),
      );
      expect(cardNames()).not.toContain('Noor Haddad');

      act(() => jest.advanceTimersByTime(NEW_USER_CLOSE_DELAY_MS - 100));
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(100));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      // The query cache tells the list on its next tick.
      await waitFor(() => expect(cardNames()[0]).toBe('Noor Haddad'));
      expect(cardNames()).toHaveLength(4);
    } finally {
      jest.useRealTimers();
    }
  });

  it('puts the new user first at once when the dialog is closed during the success message', async () => {
    const user = userEvent.setup();
    onApi(
      'post',
      'auditor/user',
      ok(
        {
          user: apiUser({
            id: 'u-new',
            fullname: 'Noor Haddad',
            emailId: 'noor@greenaudit.example',
            role: 'admin',
          }),
        },
        201,
      ),
    );
    renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Add New User' }));
    const dialog = await fillNewUser(user, 'noor@greenaudit.example', 'Noor Haddad');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await within(dialog).findByText('Closing in a moment...');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(cardNames()).toEqual(['Noor Haddad', 'Lena Ortiz', 'Marco Bellini', 'Aiko Tanaka']),
    );
  });

  it("shows the server's message in the dialog, or 'Failed to create auditor user'", async () => {
    const user = userEvent.setup();
    onApi('post', 'auditor/user', [
      fails(409, 'A user with this email already exists'),
      fails(500),
    ]);
    renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Add New User' }));
    const dialog = await fillNewUser(user, 'marco@greenaudit.example', 'Marco Bellini');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A user with this email already exists',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to create auditor user'),
    );
    expect(cardNames()).toHaveLength(3);
  });

  it('shows the email rule instead of calling the API for a malformed email', async () => {
    const user = userEvent.setup();
    const created = onApi('post', 'auditor/user', ok({ user: apiUser() }, 201));
    renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Add New User' }));
    const dialog = await fillNewUser(user, 'noor@', 'Noor Haddad');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByText('Please enter a valid email')).toBeInTheDocument();
    expect(created).not.toHaveBeenCalled();
  });

  it('has no accessibility violations, with the list and with the dialog open', async () => {
    const user = userEvent.setup();
    const { container } = renderUsers();
    await screen.findByText('Lena Ortiz');
    expect(await axe(container)).toHaveNoViolations();
    await user.click(screen.getByRole('button', { name: 'Add New User' }));
    expect(await axe(document.body)).toHaveNoViolations();
  });
});

describe('OrganisationUsersScreen: company users', () => {
  function renderCompanyUsers(props: Partial<OrganisationUsersScreenProps> = {}) {
    return renderUsers({ userType: 'targetCompany', user: companyAdmin, ...props });
  }

  it("lists the users of the signed-in user's company", async () => {
    renderCompanyUsers();
    expect(screen.getByRole('heading', { level: 1, name: 'Company Users' })).toBeInTheDocument();
    expect(await screen.findByText('Aiko Tanaka')).toBeInTheDocument();
    expect(companyUsersListed).toHaveBeenCalledWith(
      expect.objectContaining({
        search: { targetCompanyId: '2f0c7c38-1f0e-4a3e-8a55-3b9a0f4c1e11' },
      }),
    );
    expect(auditorUsersListed).not.toHaveBeenCalled();
  });

  it("says 'No targetCompanyId found for current user' without a company", async () => {
    renderCompanyUsers({ user: { _id: 'cu-1', emailId: 'ravi@acmesteel.example', role: 'admin' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No targetCompanyId found for current user',
    );
    expect(companyUsersListed).not.toHaveBeenCalled();
  });

  it("shows who of the company's users is held back at sign-in, asking for the company's own", async () => {
    const asked = onApi(
      'get',
      'target-company/users/sign-in-limits',
      ok({ limits: [aikoHeldBack] }),
    );
    renderCompanyUsers();
    const notice = await screen.findByRole('region', { name: 'Sign-ins on hold' });
    expect(notice).toHaveTextContent('Aiko Tanaka (aiko@greenaudit.example) until');
    expect(asked).toHaveBeenCalledWith(
      expect.objectContaining({ search: { targetCompanyId: companyAdmin.targetCompanyId } }),
    );
    expect(companyLimitsAsked).not.toHaveBeenCalled();
  });

  it("says 'Failed to fetch targetCompany users.' when loading fails", async () => {
    onApi('get', 'target-company/users', fails(500));
    renderCompanyUsers();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to fetch targetCompany users.',
    );
  });

  it("titles the dialog 'Create New Company User' and creates through the company call", async () => {
    const user = userEvent.setup();
    const created = onApi(
      'post',
      'target-company/user',
      ok(
        {
          user: apiUser({
            id: 'cu-9',
            fullname: 'Dev Patel',
            emailId: 'dev@acmesteel.example',
            role: 'admin',
          }),
        },
        201,
      ),
    );
    renderCompanyUsers();
    await user.click(await screen.findByRole('button', { name: 'Add New User' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New Company User' });
    expect(within(dialog).getByLabelText(/^Role/)).toHaveDisplayValue('Admin');
    await fillNewUser(user, 'dev@acmesteel.example', 'Dev Patel');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(
      await within(dialog).findByText('Company user created successfully.'),
    ).toBeInTheDocument();
    expect(created).toHaveBeenCalledWith(
      withBody({
        emailId: 'dev@acmesteel.example',
        fullname: 'Dev Patel',
        role: 'admin',
      }),
    );
  });

  it("shows the server message, 'Server error occurred' or 'Unexpected error occurred' when creating fails", async () => {
    const user = userEvent.setup();
    onApi('post', 'target-company/user', [
      fails(409, 'This email already belongs to a user of another target company'),
      fails(500),
    ]);
    renderCompanyUsers();
    await user.click(await screen.findByRole('button', { name: 'Add New User' }));
    const dialog = await fillNewUser(user, 'dev@acmesteel.example', 'Dev Patel');
    const submit = within(dialog).getByRole('button', { name: 'Create User' });

    await user.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This email already belongs to a user of another target company',
    );
    await user.click(submit);
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Server error occurred'),
    );
    // The third request never reaches the API.
    apiServer.use(
      http.post(`${API_ORIGIN}/api/v1/target-company/user`, () => HttpResponse.error()),
    );
    await user.click(submit);
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Unexpected error occurred'),
    );
  });

  it("deletes a company user with the toast 'Company user deleted successfully.'", async () => {
    const user = userEvent.setup();
    const deleted = onApi('delete', 'target-company/user/:id', ok({}));
    renderCompanyUsers();
    await user.click(await screen.findByRole('button', { name: 'Delete user Marco Bellini' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Company user deleted successfully.')).toBeInTheDocument();
    expect(deleted).toHaveBeenCalledWith(expect.objectContaining({ params: { id: 'u-admin' } }));
    await waitFor(() => expect(cardNames()).toEqual(['Lena Ortiz', 'Aiko Tanaka']));
  });
});
