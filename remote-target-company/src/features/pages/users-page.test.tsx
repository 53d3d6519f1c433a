import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import type { ClientUser } from '@verity/shared-api';
import { apiUser, fails, ok, onApi, withBody } from '@verity/shared-ui/src/testing';
import { OWN_COMPANY_ID, companyUser, renderArea } from '../../test/render-area';

const owner = apiUser({
  id: 'cu-owner',
  fullname: 'Carlos Company',
  emailId: 'company.owner@verity.test',
  role: 'owner',
});
const editor = apiUser({
  id: 'cu-editor',
  fullname: 'Elena Editor',
  emailId: 'elena@acmesteel.example',
  role: 'editor',
});

/** The company's users as the API has them: creating and deleting change them. */
let users: ClientUser[];
let listed: jest.Mock;
beforeEach(() => {
  users = [owner, editor];
  listed = onApi('get', 'target-company/users', () => ok({ users }));
  onApi('get', 'target-company/users/sign-in-limits', ok({ limits: [] }));
});

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add New User' }));
  return screen.getByRole('dialog', { name: 'Create New Company User' });
}

describe('the company users page', () => {
  it("lists the users of the signed-in user's own company", async () => {
    const { container } = renderArea('/target-company/users');
    expect(await screen.findByText('Elena Editor')).toBeInTheDocument();
    expect(listed).toHaveBeenCalledWith(
      expect.objectContaining({ search: { targetCompanyId: OWN_COMPANY_ID } }),
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Company Users');
    expect(await axe(container)).toHaveNoViolations();
  });

  it.each(['owner', 'admin'] as const)('lets an %s add and delete users', async (role) => {
    renderArea('/target-company/users', companyUser({ role, _id: `cu-${role}` }));
    expect(await screen.findByRole('button', { name: 'Add New User' })).toBeInTheDocument();
    expect(await screen.findAllByRole('button', { name: /Delete user/ })).toHaveLength(1);
  });

  it.each(['editor', 'viewer'] as const)('shows the list only to the %s role', async (role) => {
    renderArea(
      '/target-company/users',
      companyUser({ role, _id: `cu-${role}`, emailId: `${role}@x.test` }),
    );
    expect(await screen.findByText('Elena Editor')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add New User' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete user/ })).not.toBeInTheDocument();
  });

  it("opens 'Create New Company User' with every field required and the role Admin by default", async () => {
    renderArea('/target-company/users');
    const dialog = await openDialog();
    expect(within(dialog).getByRole('combobox', { name: /Role/ })).toHaveValue('admin');
    const submit = within(dialog).getByRole('button', { name: 'Create User' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'new@acme.test');
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Full name/ }), 'Nia New');
    expect(submit).toBeEnabled();
  });

  it('creates a company user and puts them first', async () => {
    const created = apiUser({
      id: 'cu-new',
      fullname: 'Nia New',
      emailId: 'new@acme.test',
      role: 'admin',
    });
    const creating = onApi('post', 'target-company/user', () => {
      users = [created, ...users];
      return ok({ user: created }, 201);
    });
    renderArea('/target-company/users');
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'new@acme.test');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Full name/ }), 'Nia New');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByText('Closing in a moment...')).toBeInTheDocument();
    expect(creating).toHaveBeenCalledWith(
      withBody({ emailId: 'new@acme.test', fullname: 'Nia New', role: 'admin' }),
    );
    await userEvent.keyboard('{Escape}');
    const list = screen.getByRole('list', { name: 'Users' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Nia New');
  });

  it("shows the server's message, or 'Server error occurred', when creating fails", async () => {
    onApi('post', 'target-company/user', [
      fails(409, 'A user with this email already exists'),
      fails(500),
    ]);
    renderArea('/target-company/users');
    const dialog = await openDialog();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Email/ }),
      'elena@acmesteel.example',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Full name/ }), 'Elena');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A user with this email already exists',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByText('Server error occurred')).toBeInTheDocument();
  });

  it('deletes a user after confirmation', async () => {
    const deleting = onApi('delete', 'target-company/user/:id', ({ params }) => {
      users = users.filter((listedUser) => listedUser.id !== params.id);
      return ok({});
    });
    renderArea('/target-company/users');
    await userEvent.click(await screen.findByRole('button', { name: /Delete user/ }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete User' });
    expect(confirm).toHaveTextContent(
      "Are you sure you want to delete this user? This can't be undo.",
    );
    await userEvent.click(within(confirm).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Company user deleted successfully.')).toBeInTheDocument();
    expect(deleting).toHaveBeenCalledWith(expect.objectContaining({ params: { id: 'cu-editor' } }));
    expect(screen.queryByText('Elena Editor')).not.toBeInTheDocument();
  });

  it("says 'No user id provided for deletion' for a listed user without an id", async () => {
    users = [owner, { ...editor, id: '' }];
    const deleting = onApi('delete', 'target-company/user/:id', ok({}));
    renderArea('/target-company/users');
    await userEvent.click(await screen.findByRole('button', { name: /Delete user/ }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete User' });
    await userEvent.click(within(confirm).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('No user id provided for deletion')).toBeInTheDocument();
    expect(deleting).not.toHaveBeenCalled();
  });

  it("says 'No targetCompanyId found for current user' for a user without a company", async () => {
    renderArea('/target-company/users', companyUser({ targetCompanyId: undefined }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No targetCompanyId found for current user',
    );
    expect(listed).not.toHaveBeenCalled();
  });

  it("says 'Failed to fetch targetCompany users.' when the list cannot load without a message", async () => {
    onApi('get', 'target-company/users', fails(500));
    renderArea('/target-company/users');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to fetch targetCompany users.',
    );
  });
});
