import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { fails, ok, onApi, renderScreen, testUser } from '@verity/shared-ui/src/testing';
import { PortfolioSettingsScreen } from './portfolio-settings-screen';

const owner = testUser({ role: 'owner' });
const viewer = testUser({ role: 'viewer' });
const defaultClocks = { notifyWithinDays: 3, rootCauseWithinDays: 30, isDefault: true };

describe('PortfolioSettingsScreen', () => {
  beforeEach(() => {
    onApi('get', 'client/incident-clocks', ok({ clocks: defaultClocks }));
  });

  it('lets the owner set the incident clocks, saying the defaults apply until then', async () => {
    onApi(
      'get',
      'client/settings',
      ok({ settings: { closureNeedsReview: false, extensionApprover: 'client' } }),
    );
    const saved = onApi(
      'put',
      'client/incident-clocks',
      ok({ clocks: { notifyWithinDays: 2, rootCauseWithinDays: 21, isDefault: false } }),
    );
    const user = userEvent.setup();
    // The value the field holds when it first appears: the clocks, never an empty field for a moment.
    const firstValues: string[] = [];
    const watch = new MutationObserver(() => {
      const field = document.querySelector<HTMLInputElement>('#incident-notify-days');
      if (field && firstValues.length === 0) firstValues.push(field.value);
    });
    watch.observe(document.body, { childList: true, subtree: true });
    renderScreen(<PortfolioSettingsScreen user={owner} />, { user: owner });
    const clocks = await screen.findByRole('region', { name: 'Incident clocks' });
    const notify = await within(clocks).findByLabelText('Notify within (days)');
    watch.disconnect();
    expect(firstValues).toEqual(['3']);
    expect(notify).toHaveValue(3);
    expect(within(clocks).getByText('Not set yet: the defaults apply.')).toBeVisible();

    await user.clear(notify);
    await user.type(notify, '2');
    const rootCause = within(clocks).getByLabelText('Root cause within (days)');
    await user.clear(rootCause);
    await user.type(rootCause, '21');
    await user.click(within(clocks).getByRole('button', { name: 'Save clocks' }));
    await waitFor(() =>
      expect(saved).toHaveBeenCalledWith(
        expect.objectContaining({ body: { notifyWithinDays: 2, rootCauseWithinDays: 21 } }),
      ),
    );
    expect(await screen.findByText('Incident clocks saved.')).toBeVisible();
    expect(within(clocks).queryByText('Not set yet: the defaults apply.')).not.toBeInTheDocument();
  });

  it('shows other client users the incident clocks without a way to change them', async () => {
    onApi(
      'get',
      'client/settings',
      ok({ settings: { closureNeedsReview: false, extensionApprover: 'client' } }),
    );
    renderScreen(<PortfolioSettingsScreen user={viewer} />, { user: viewer });
    const clocks = await screen.findByRole('region', { name: 'Incident clocks' });
    expect(await within(clocks).findByLabelText('Root cause within (days)')).toBeDisabled();
    expect(within(clocks).queryByRole('button', { name: 'Save clocks' })).not.toBeInTheDocument();
  });

  it("lets the owner switch 'Closure needs evidence review' on, saying what it changes", async () => {
    onApi(
      'get',
      'client/settings',
      ok({ settings: { closureNeedsReview: false, extensionApprover: 'client' } }),
    );
    const saved = onApi(
      'put',
      'client/settings',
      ok({ settings: { closureNeedsReview: true, extensionApprover: 'client' } }),
    );
    const user = userEvent.setup();
    const { container } = renderScreen(<PortfolioSettingsScreen user={owner} />, { user: owner });
    const toggle = await screen.findByRole('switch', { name: 'Closure needs evidence review' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/^Off: the status selector sets/);
    expect(await axe(container)).toHaveNoViolations();

    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(saved).toHaveBeenCalledWith(
      expect.objectContaining({ body: { closureNeedsReview: true } }),
    );
    expect(toggle).toHaveAccessibleDescription(/^On: a gap closes only when/);
    expect(await screen.findByText('Closure now needs evidence review.')).toBeVisible();
  });

  it('shows other client users the setting without letting them change it', async () => {
    onApi(
      'get',
      'client/settings',
      ok({ settings: { closureNeedsReview: true, extensionApprover: 'client' } }),
    );
    renderScreen(<PortfolioSettingsScreen user={viewer} />, { user: viewer });
    const toggle = await screen.findByRole('switch', { name: 'Closure needs evidence review' });
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    // Each setting says so, and neither can be changed.
    for (const note of screen.getAllByText('Only an owner can change this.'))
      expect(note).toBeVisible();
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
  });

  it("keeps the stored value and shows the server's reason when saving fails", async () => {
    onApi(
      'get',
      'client/settings',
      ok({ settings: { closureNeedsReview: false, extensionApprover: 'client' } }),
    );
    onApi('put', 'client/settings', fails(503, 'Verity is busy. Try again in a moment.'));
    const user = userEvent.setup();
    renderScreen(<PortfolioSettingsScreen user={owner} />, { user: owner });
    const toggle = await screen.findByRole('switch', { name: 'Closure needs evidence review' });
    await user.click(toggle);
    expect(await screen.findByText('Verity is busy. Try again in a moment.')).toBeVisible();
    expect(toggle).not.toBeChecked();
  });

  it('lets the owner choose who answers due-date extensions; the client by default', async () => {
    onApi(
      'get',
      'client/settings',
      ok({ settings: { closureNeedsReview: false, extensionApprover: 'client' } }),
    );
    const saved = onApi(
      'put',
      'client/settings',
      ok({ settings: { closureNeedsReview: false, extensionApprover: 'auditor' } }),
    );
    const user = userEvent.setup();
    const { container } = renderScreen(<PortfolioSettingsScreen user={owner} />, { user: owner });
    const group = await screen.findByRole('group', {
      name: 'Who answers a company’s request for a later due date',
    });
    expect(
      within(group).getByRole('radio', { name: 'The client (your portfolio team)' }),
    ).toBeChecked();
    expect(await axe(container)).toHaveNoViolations();
    await user.click(within(group).getByRole('radio', { name: "The company's auditor firm" }));
    expect(saved).toHaveBeenCalledWith(
      expect.objectContaining({ body: { extensionApprover: 'auditor' } }),
    );
    expect(await screen.findByText('Saved: who answers due-date extensions.')).toBeVisible();
    await waitFor(() =>
      expect(
        within(group).getByRole('radio', { name: "The company's auditor firm" }),
      ).toBeChecked(),
    );
  });
});
