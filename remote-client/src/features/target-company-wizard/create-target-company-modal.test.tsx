import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import {
  apiCompanyAuditor,
  bare,
  apiTargetCompany,
  fails,
  ok,
  onApi,
  renderScreen,
  withBody,
  enterText,
} from '@verity/shared-ui/src/testing';
import type { AccountLookupResult, CreatedTargetCompany } from '@verity/shared-api';
import { CreateTargetCompanyModal } from './create-target-company-modal';

/** The accounts lookup answers in the accounts service's own shape, not the API's envelope. */
function onLookup(answer: AccountLookupResult | 'pending') {
  onApi('get', 'accounts/user', answer === 'pending' ? answer : bare(answer));
}

const nina = {
  name: 'Nina Newcomer',
  email: 'new.person@verity.test',
  sub: 'sub-nina',
  picture: '',
  email_verified: true,
};
const greenAudit = {
  id: 'aud-green',
  auditorName: 'GreenAudit Partners',
  registeredName: 'GreenAudit Partners LLP',
  emailId: 'auditor.owner@verity.test',
  sub: 'sub-aditi',
  createdAt: '2025-01-01T00:00:00.000Z',
};
const created: CreatedTargetCompany = {
  targetCompany: apiTargetCompany({ _id: 'tc-new', targetCompanyName: 'Harbour Foods' }),
  companyAuditor: apiCompanyAuditor({ id: 'ca-new' }),
};

function Harness({ onCreated }: { onCreated: (created: CreatedTargetCompany) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open wizard</button>
      <CreateTargetCompanyModal open={open} onOpenChange={setOpen} onCreated={onCreated} />
    </>
  );
}

// The email's account lookup waits EMAIL_CHECK_DEBOUNCE_MS after the last key: on a test clock, which
// findBy moves on as it waits.
beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
afterEach(() => jest.useRealTimers());

function setup() {
  const onCreated = jest.fn();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderScreen(<Harness onCreated={onCreated} />);
  return { user, onCreated, dialog: () => screen.getByRole('dialog') };
}

async function fillCompanyDetails(user: ReturnType<typeof userEvent.setup>) {
  await enterText(
    user,
    screen.getByRole('textbox', { name: /Target Company Name/ }),
    'Harbour Foods',
  );
  await enterText(
    user,
    screen.getByRole('textbox', { name: /Registered Name/ }),
    'Harbour Foods Pvt',
  );
  await user.type(screen.getByRole('textbox', { name: /Email Address/ }), nina.email);
  expect(await screen.findByText('Email verified', {}, { timeout: 10_000 })).toBeInTheDocument();
}

let creations: jest.Mock;
beforeEach(() => {
  onLookup({ success: true, user: nina });
  onApi('get', 'auditor', ok({ auditors: [greenAudit] }));
  creations = onApi('post', 'target-company', ok(created, 201));
});

describe('Create New Target Company', () => {
  it('starts at step 1 with the company details and borrower chosen', async () => {
    const { dialog } = setup();
    expect(
      within(dialog()).getByRole('heading', { name: 'Create New Target Company' }),
    ).toBeVisible();
    expect(screen.getByText('Step 1 of 2: Company Details')).toBeInTheDocument();
    const type = screen.getByRole('combobox', { name: /Company Type/ });
    expect(type).toHaveValue('borrower');
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Borrower', 'Contractor', 'Sister Concern', 'Subsidiary', 'Partner']);
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
    expect(await axe(dialog())).toHaveNoViolations();
  });

  it('refuses step 1 without a name, or with an email not yet verified', async () => {
    onLookup('pending');
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    // Focus lands on the first field to fix, so its message is read out.
    expect(screen.getByRole('textbox', { name: /Target Company Name/ })).toHaveFocus();

    await enterText(
      user,
      screen.getByRole('textbox', { name: /Target Company Name/ }),
      'Harbour Foods',
    );
    expect(screen.queryByText('Company name is required')).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Email Address/ }), nina.email);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText('Please enter a valid email that exists in our records'),
    ).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 2: Company Details')).toBeInTheDocument();
  });

  it('shows the lookup’s own text for an email not in the records', async () => {
    onLookup({ success: false });
    const { user } = setup();
    await user.type(screen.getByRole('textbox', { name: /Email Address/ }), 'nobody@verity.test');
    expect(
      await screen.findByText('Email not found in our records', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Step 1 of 2: Company Details')).toBeInTheDocument();
  });

  it('creates the company with its auditor, then resets, closes and says so', async () => {
    const { user, onCreated } = setup();
    await fillCompanyDetails(user);
    await user.selectOptions(screen.getByRole('combobox', { name: /Company Type/ }), 'partner');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Step 2 of 2: Audit Settings')).toBeInTheDocument();
    const auditor = screen.getByRole('combobox', { name: /Auditor/ });
    await screen.findByRole('option', { name: 'GreenAudit Partners' });
    await user.click(screen.getByRole('button', { name: 'Create Partner' }));
    expect(await screen.findByText('Please select auditor')).toBeInTheDocument();
    expect(creations).not.toHaveBeenCalled();

    await user.selectOptions(auditor, 'aud-green');
    expect(screen.queryByText('Please select auditor')).not.toBeInTheDocument();
    expect(
      screen.getByText('Choose audit types first to see their categories.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Due Diligence' }));
    const categories = screen.getByRole('group', { name: 'Categories' });
    expect(
      within(categories)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual(['Environment', 'Social', 'Governance']);
    await user.click(within(categories).getByRole('checkbox', { name: 'Social' }));
    await user.click(screen.getByRole('checkbox', { name: 'Action Plan' }));
    await user.click(screen.getByRole('button', { name: 'Create Partner' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(creations).toHaveBeenCalledWith(
      withBody({
        targetCompanyName: 'Harbour Foods',
        registeredName: 'Harbour Foods Pvt',
        emailId: nina.email,
        companyType: 'partner',
        sub: 'sub-nina',
        fullname: 'Nina Newcomer',
        auditorId: 'aud-green',
        auditType: ['dd'],
        auditCategory: ['Social'],
        formType: ['ap'],
      }),
    );
    expect(await screen.findByText('Target Company Added Successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open wizard' }));
    expect(screen.getByRole('textbox', { name: /Target Company Name/ })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: /Company Type/ })).toHaveValue('borrower');
  });

  it('goes back with Previous, keeping what was typed', async () => {
    const { user } = setup();
    await fillCompanyDetails(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: 'Create Borrower' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Step 1 of 2: Company Details')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Target Company Name/ })).toHaveValue(
      'Harbour Foods',
    );
  });

  it.each([
    [
      'the server message',
      fails(409, 'This email already belongs to a user of another target company'),
      'This email already belongs to a user of another target company',
    ],
    ['the fallback', fails(500), 'Failed to create Target Company'],
  ])('shows %s inline when the creation fails', async (_, answer, text) => {
    onApi('post', 'target-company', answer);
    const { user, onCreated } = setup();
    await fillCompanyDetails(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('option', { name: 'GreenAudit Partners' });
    await user.selectOptions(screen.getByRole('combobox', { name: /Auditor/ }), 'aud-green');
    await user.click(screen.getByRole('button', { name: 'Create Borrower' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('asks before Escape or a click outside throws typed details away', async () => {
    const { user, dialog } = setup();
    await user.keyboard('{Escape}');
    // Nothing typed yet: it closes at once.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open wizard' }));
    await enterText(
      user,
      screen.getByRole('textbox', { name: /Target Company Name/ }),
      'Harbour Foods',
    );
    await user.keyboard('{Escape}');
    const question = screen.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(within(dialog()).getByRole('textbox', { name: /Target Company Name/ })).toHaveValue(
      'Harbour Foods',
    );

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Opened again, it starts blank.
    await user.click(screen.getByRole('button', { name: 'Open wizard' }));
    expect(screen.getByRole('textbox', { name: /Target Company Name/ })).toHaveValue('');
  });
});
