import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { GRIEVANCE_TARGETS_INVALID } from '@verity/shared-api';
import {
  apiUser,
  ok,
  onApi,
  renderScreen,
  testUser,
  withBody,
} from '@verity/shared-ui/src/testing';
import { GrievanceSettingsScreen } from './grievance-settings-screen';

const company = {
  userType: 'targetCompany',
  clientId: undefined,
  targetCompanyId: 'company-1',
} as const;
const settings = {
  acknowledgeWithinDays: 7,
  resolveWithinDays: 30,
  isDefault: true,
  identityViewerIds: [] as string[],
};
const owner = apiUser({ id: 'user-owner', fullname: 'Rosa Huamán Condori', role: 'owner' });
const officer = apiUser({
  id: 'user-officer',
  fullname: 'Grievance officer with a long name, Juan Carlos Villanueva Ttito',
  emailId: 'grievance.officer@minera-andina.example',
  role: 'editor',
});

function onSettings() {
  onApi('get', 'target-company/company-1/grievance-targets', ok({ settings }));
  onApi('get', 'target-company/users', ok({ users: [owner, officer], total: 2 }));
}

describe('GrievanceSettingsScreen', () => {
  it('lets the owner set the targets and name who sees identities', async () => {
    onSettings();
    const targets = onApi(
      'put',
      'target-company/company-1/grievance-targets',
      ok({ settings: { ...settings, acknowledgeWithinDays: 5, resolveWithinDays: 21 } }),
    );
    const viewers = onApi(
      'put',
      'target-company/company-1/grievance-identity-viewers',
      ok({ settings: { ...settings, identityViewerIds: ['user-officer'] } }),
    );
    const { container } = renderScreen(<GrievanceSettingsScreen targetCompanyId="company-1" />, {
      user: testUser({ ...company, role: 'owner' }),
    });
    const acknowledge = await screen.findByLabelText(/Acknowledge within/);
    expect(acknowledge).toHaveValue(7);
    expect(await screen.findByText('Nobody is named yet.')).toBeVisible();
    expect(await axe(container)).toHaveNoViolations();

    await userEvent.clear(acknowledge);
    await userEvent.click(screen.getByRole('button', { name: 'Save targets' }));
    expect(await screen.findByText(GRIEVANCE_TARGETS_INVALID)).toBeVisible();
    await userEvent.type(acknowledge, '5');
    await userEvent.clear(screen.getByLabelText(/Resolve within/));
    await userEvent.type(screen.getByLabelText(/Resolve within/), '21');
    await userEvent.click(screen.getByRole('button', { name: 'Save targets' }));
    await waitFor(() =>
      expect(targets).toHaveBeenCalledWith(
        withBody({ acknowledgeWithinDays: 5, resolveWithinDays: 21 }),
      ),
    );

    const users = screen.getByRole('group', { name: 'The company’s users' });
    await userEvent.click(within(users).getByRole('checkbox', { name: /Juan Carlos Villanueva/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save who sees identities' }));
    await waitFor(() =>
      expect(viewers).toHaveBeenCalledWith(withBody({ userIds: ['user-officer'] })),
    );
  });

  it('lets an admin set the targets but not name who sees identities', async () => {
    onSettings();
    renderScreen(<GrievanceSettingsScreen targetCompanyId="company-1" />, {
      user: testUser({ ...company, role: 'admin' }),
    });
    expect(await screen.findByRole('button', { name: 'Save targets' })).toBeVisible();
    expect(await screen.findByText('Only the company’s owner names them.')).toBeVisible();
    const users = await screen.findByRole('group', { name: 'The company’s users' });
    for (const box of within(users).getAllByRole('checkbox')) expect(box).toBeDisabled();
    expect(
      screen.queryByRole('button', { name: 'Save who sees identities' }),
    ).not.toBeInTheDocument();
  });
});
