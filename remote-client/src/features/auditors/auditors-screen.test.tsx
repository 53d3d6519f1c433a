import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import type { AccountLookupResult } from '@verity/shared-api';
import {
  bare,
  enterText,
  fails,
  ok,
  onApi,
  renderScreen,
  withBody,
} from '@verity/shared-ui/src/testing';
import { AuditorsScreen } from './auditors-screen';

/** The accounts lookup answers in the accounts service's own shape, not the API's envelope. */
function onLookup(answer: AccountLookupResult | 'pending') {
  onApi('get', 'accounts/user', answer === 'pending' ? answer : bare(answer));
}

function auditor(id: string, auditorName: string, emailId: string) {
  return {
    id,
    auditorName,
    registeredName: `${auditorName} LLP`,
    emailId,
    sub: `sub-${id}`,
    createdAt: '2026-02-03T10:00:00.000Z',
  };
}
const greenAudit = auditor('a1', 'GreenAudit Partners', 'auditor.owner@verity.test');
const blueLeaf = auditor('a2', 'BlueLeaf Assurance', 'owner@blueleaf.example');
const evergreen = auditor('a3', 'Evergreen Assurance', 'new.person@verity.test');

let created: jest.Mock;
beforeEach(() => {
  onApi('get', 'auditor', ok({ auditors: [greenAudit, blueLeaf] }));
  onLookup({
    success: true,
    user: {
      name: 'Nina',
      email: 'new.person@verity.test',
      sub: 'sub-nina',
      picture: '',
      email_verified: true,
    },
  });
  created = onApi('post', 'auditor', ok({ auditor: evergreen }, 201));
});

const cards = () =>
  within(screen.getByRole('list', { name: 'Auditors' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

describe('AuditorsScreen', () => {
  it('shows the total and a card per auditor, and searches them', async () => {
    const user = userEvent.setup();
    renderScreen(<AuditorsScreen canAdd />);
    expect(await screen.findByText('Total: 2')).toBeInTheDocument();
    expect(cards()).toEqual(['GreenAudit Partners', 'BlueLeaf Assurance']);
    expect(screen.getByText('GreenAudit Partners LLP')).toBeInTheDocument();
    const listed = onApi('get', 'auditor', ({ search }) =>
      ok(search.search === 'blueleaf' ? { auditors: [blueLeaf], total: 1 } : { auditors: [] }),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search Auditors...' }), 'blueleaf');
    await waitFor(() => expect(cards()).toEqual(['BlueLeaf Assurance']));
    // The total stays the count of all the firms, as before the search.
    expect(screen.getByText('Total: 2')).toBeInTheDocument();
    expect(listed).toHaveBeenLastCalledWith(
      expect.objectContaining({ search: { search: 'blueleaf' } }),
    );
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'nothing like it');
    expect(await screen.findByText('No auditors found')).toBeInTheDocument();
  });

  it("says 'No auditors found' when the client has none", async () => {
    onApi('get', 'auditor', ok({ auditors: [] }));
    renderScreen(<AuditorsScreen canAdd />);
    expect(await screen.findByText('No auditors found')).toBeInTheDocument();
    expect(screen.getByText('Total: 0')).toBeInTheDocument();
  });

  it.each([
    [fails(500), 'Failed to fetch auditors'],
    [fails(404, 'You may not see these auditors'), 'You may not see these auditors'],
  ])('shows why the list could not load', async (answer, text) => {
    onApi('get', 'auditor', answer);
    renderScreen(<AuditorsScreen canAdd />);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it("offers 'Add New Auditor' only when allowed", async () => {
    renderScreen(<AuditorsScreen canAdd={false} />);
    await screen.findByText('Total: 2');
    expect(screen.queryByRole('button', { name: 'Add New Auditor' })).not.toBeInTheDocument();
  });

  it('creates an auditor for a verified email and puts it first', async () => {
    const user = userEvent.setup();
    renderScreen(<AuditorsScreen canAdd />);
    await screen.findByText('Total: 2');
    await user.click(screen.getByRole('button', { name: 'Add New Auditor' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New Auditor' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Auditor' }));
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Auditor name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Registered name is required')).toBeInTheDocument();

    await enterText(
      user,
      within(dialog).getByRole('textbox', { name: /Email Address/ }),
      'new.person@verity.test',
    );
    await enterText(
      user,
      within(dialog).getByRole('textbox', { name: /Auditor Name/ }),
      'Evergreen Assurance',
    );
    await enterText(
      user,
      within(dialog).getByRole('textbox', { name: /Registered Name/ }),
      'Evergreen LLP',
    );
    expect(
      await within(dialog).findByText('Email verified', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(await axe(dialog)).toHaveNoViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Create Auditor' }));

    expect(await screen.findByText('Auditor created successfully.')).toBeInTheDocument();
    expect(created).toHaveBeenCalledWith(
      withBody({
        emailId: 'new.person@verity.test',
        auditorName: 'Evergreen Assurance',
        registeredName: 'Evergreen LLP',
        sub: 'sub-nina',
      }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(cards()).toEqual(['Evergreen Assurance', 'GreenAudit Partners', 'BlueLeaf Assurance']),
    );
    expect(screen.getByText('Total: 3')).toBeInTheDocument();
  });

  it('refuses an email that is not verified yet', async () => {
    onLookup('pending');
    const user = userEvent.setup();
    renderScreen(<AuditorsScreen canAdd />);
    await user.click(await screen.findByRole('button', { name: 'Add New Auditor' }));
    const dialog = screen.getByRole('dialog');
    await enterText(
      user,
      within(dialog).getByRole('textbox', { name: /Email Address/ }),
      'x@verity.test',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /Auditor Name/ }), 'X');
    await user.type(within(dialog).getByRole('textbox', { name: /Registered Name/ }), 'X LLP');
    await user.click(within(dialog).getByRole('button', { name: 'Create Auditor' }));
    expect(
      await within(dialog).findByText('Please enter a valid email that exists in our records'),
    ).toBeInTheDocument();
    expect(created).not.toHaveBeenCalled();
  });

  it.each([
    [
      fails(409, 'This auditor is already one of your auditors'),
      'This auditor is already one of your auditors',
    ],
    [fails(500), 'Failed to create auditor'],
  ])('shows a failed creation inline', async (answer, text) => {
    onApi('post', 'auditor', answer);
    const user = userEvent.setup();
    renderScreen(<AuditorsScreen canAdd />);
    await user.click(await screen.findByRole('button', { name: 'Add New Auditor' }));
    const dialog = screen.getByRole('dialog');
    await enterText(
      user,
      within(dialog).getByRole('textbox', { name: /Email Address/ }),
      'new.person@verity.test',
    );
    await enterText(
      user,
      within(dialog).getByRole('textbox', { name: /Auditor Name/ }),
      'Evergreen',
    );
    await enterText(
      user,
      within(dialog).getByRole('textbox', { name: /Registered Name/ }),
      'Evergreen LLP',
    );
    await within(dialog).findByText('Email verified', {}, { timeout: 10_000 });
    await user.click(within(dialog).getByRole('button', { name: 'Create Auditor' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
  });
});
