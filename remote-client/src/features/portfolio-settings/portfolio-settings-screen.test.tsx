import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { fails, ok, onApi, renderScreen, testUser } from '@verity/shared-ui/src/testing';
import { PortfolioSettingsScreen } from './portfolio-settings-screen';

const owner = testUser({ role: 'owner' });
const viewer = testUser({ role: 'viewer' });

describe('PortfolioSettingsScreen', () => {
  it("lets the owner switch 'Closure needs evidence review' on, saying what it changes", async () => {
    onApi('get', 'client/settings', ok({ settings: { closureNeedsReview: false } }));
    const saved = onApi('put', 'client/settings', ok({ settings: { closureNeedsReview: true } }));
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
    onApi('get', 'client/settings', ok({ settings: { closureNeedsReview: true } }));
    renderScreen(<PortfolioSettingsScreen user={viewer} />, { user: viewer });
    const toggle = await screen.findByRole('switch', { name: 'Closure needs evidence review' });
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    expect(screen.getByText('Only an owner can change this.')).toBeVisible();
  });

  it("keeps the stored value and shows the server's reason when saving fails", async () => {
    onApi('get', 'client/settings', ok({ settings: { closureNeedsReview: false } }));
    onApi('put', 'client/settings', fails(503, 'Verity is busy. Try again in a moment.'));
    const user = userEvent.setup();
    renderScreen(<PortfolioSettingsScreen user={owner} />, { user: owner });
    const toggle = await screen.findByRole('switch', { name: 'Closure needs evidence review' });
    await user.click(toggle);
    expect(await screen.findByText('Verity is busy. Try again in a moment.')).toBeVisible();
    expect(toggle).not.toBeChecked();
  });
});
