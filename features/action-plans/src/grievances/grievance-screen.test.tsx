import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import {
  enterText,
  ok,
  onApi,
  renderScreen,
  testUser,
  withBody,
} from '@verity/shared-ui/src/testing';
import { GrievanceScreen } from './grievance-screen';
import { dayFrom, makeGrievance, withheld } from './grievance-fixtures';

const companyEditor = testUser({
  userType: 'targetCompany',
  role: 'editor',
  clientId: undefined,
  targetCompanyId: 'company-1',
});

/** The grievance after each step, as the API answers it. */
const acknowledged = makeGrievance({
  acknowledgedOn: dayFrom(0),
  daysToAcknowledge: 2,
  revision: 2,
});
const resolved = makeGrievance({
  receivedOn: dayFrom(-40),
  acknowledgeDueOn: dayFrom(-33),
  resolveDueOn: dayFrom(-10),
  acknowledgedOn: dayFrom(-38),
  investigatedOn: dayFrom(-20),
  resolvedOn: dayFrom(-5),
  daysToAcknowledge: 2,
  daysToResolve: 35,
  acknowledgeDaysLeft: 5,
  resolveDaysLeft: -5,
  investigation: 'Trucks ran empty at speed past the school at break time.',
  resolution: 'The road is watered twice a day and trucks slowed to 20 km/h near the school.',
  late: true,
  revision: 4,
});

/** Puts text into a field as a paste does (enterText), with a user of its own. */
const paste = (field: HTMLElement, text: string) => enterText(userEvent.setup(), field, text);

describe('GrievanceScreen', () => {
  it('shows a company editor the steps against the targets, and takes the next one', async () => {
    onApi('get', 'grievance/grievance-1', ok({ grievance: makeGrievance() }));
    const stepped = onApi('post', 'grievance/grievance-1/steps', ok({ grievance: acknowledged }));
    const { container } = renderScreen(<GrievanceScreen grievanceId="grievance-1" />, {
      user: companyEditor,
    });
    const steps = await screen.findByRole('region', { name: 'Steps' });
    const items = within(steps).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Received',
      'Acknowledged',
      'Investigated',
      'Resolved',
      'Closed',
    ]);
    expect(within(items[1]!).getByText('Not yet')).toBeVisible();
    expect(within(items[1]!).getByText(/^Target 7 days/)).toBeVisible();
    expect(within(items[1]!).getByText('Due in 5 days')).toBeVisible();
    expect(within(items[3]!).getByText(/^Target 30 days/)).toBeVisible();
    const complaint = screen.getByRole('region', { name: 'The grievance' });
    expect(
      within(complaint).getByText('María Fernanda Choquehuanca Mamani de los Ríos'),
    ).toBeVisible();
    expect(await axe(container)).toHaveNoViolations();

    const next = screen.getByRole('region', { name: 'Next step: Acknowledged' });
    await userEvent.click(within(next).getByRole('button', { name: 'Record acknowledgement' }));
    await waitFor(() =>
      expect(stepped).toHaveBeenCalledWith(
        withBody({ step: 'acknowledged', on: dayFrom(0), revision: 1 }),
      ),
    );
    expect(await screen.findByRole('region', { name: 'Next step: Investigated' })).toBeVisible();
    expect(within(steps).getAllByRole('listitem')[1]).toHaveTextContent('after 2 days');
    expect(within(steps).getAllByRole('listitem')[1]).toHaveTextContent('On time');
  });

  it('asks for what was found before sending the investigation', async () => {
    onApi('get', 'grievance/grievance-1', ok({ grievance: acknowledged }));
    const stepped = onApi('post', 'grievance/grievance-1/steps', ok({ grievance: acknowledged }));
    renderScreen(<GrievanceScreen grievanceId="grievance-1" />, { user: companyEditor });
    const next = await screen.findByRole('region', { name: 'Next step: Investigated' });
    await userEvent.click(within(next).getByRole('button', { name: 'Record investigation' }));
    expect(await within(next).findByRole('alert')).toHaveTextContent(/Write what was found/);
    expect(stepped).not.toHaveBeenCalled();

    await paste(within(next).getByLabelText(/What was found/), 'Trucks at speed.');
    await userEvent.click(within(next).getByRole('button', { name: 'Record investigation' }));
    await waitFor(() =>
      expect(stepped).toHaveBeenCalledWith(
        withBody({ step: 'investigated', on: dayFrom(0), text: 'Trucks at speed.', revision: 2 }),
      ),
    );
  });

  it('closes a resolved grievance with the complainant’s response, late shown', async () => {
    onApi('get', 'grievance/grievance-1', ok({ grievance: resolved }));
    const closed = makeGrievance({
      ...resolved,
      closedOn: dayFrom(0),
      complainantResponse: 'satisfied',
      revision: 5,
    });
    const stepped = onApi('post', 'grievance/grievance-1/steps', ok({ grievance: closed }));
    renderScreen(<GrievanceScreen grievanceId="grievance-1" />, { user: companyEditor });
    const steps = await screen.findByRole('region', { name: 'Steps' });
    const resolvedStep = within(steps).getAllByRole('listitem')[3]!;
    expect(within(resolvedStep).getByText('Late by 5 days')).toBeVisible();
    expect(within(resolvedStep).getByText(/watered twice a day/)).toBeVisible();
    expect(screen.getByText('Late')).toBeVisible();

    const next = screen.getByRole('region', { name: 'Next step: Closed' });
    await userEvent.selectOptions(
      within(next).getByLabelText(/Complainant’s response/),
      'Satisfied',
    );
    await userEvent.click(within(next).getByRole('button', { name: 'Close grievance' }));
    await waitFor(() =>
      expect(stepped).toHaveBeenCalledWith(
        withBody({ step: 'closed', on: dayFrom(0), response: 'satisfied', revision: 4 }),
      ),
    );
    expect(await within(steps).findByText('Satisfied')).toBeVisible();
    expect(screen.queryByRole('region', { name: /^Next step/ })).not.toBeInTheDocument();
  });

  it.each([
    ['the client', testUser()],
    ['a company viewer', testUser({ ...companyEditor, role: 'viewer' })],
    ['an auditor', testUser({ userType: 'auditor', role: 'owner', clientId: undefined })],
  ])('gives %s the grievance to read, its identity withheld', async (_who, user) => {
    onApi('get', 'grievance/grievance-1', ok({ grievance: withheld(acknowledged) }));
    renderScreen(<GrievanceScreen grievanceId="grievance-1" />, { user });
    const complaint = await screen.findByRole('region', { name: 'The grievance' });
    expect(within(complaint).getByText('Identity withheld')).toBeVisible();
    expect(screen.queryByText(/María Fernanda/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Next step/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
