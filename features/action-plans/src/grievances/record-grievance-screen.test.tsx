import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { GRIEVANCE_CATEGORY_UNKNOWN, GRIEVANCE_NAME_REQUIRED } from '@verity/shared-api';
import {
  enterText,
  ok,
  onApi,
  renderScreen,
  testUser,
  withBody,
} from '@verity/shared-ui/src/testing';
import { RecordGrievanceScreen } from './record-grievance-screen';
import { dayFrom, makeGrievance } from './grievance-fixtures';

const editor = testUser({
  userType: 'targetCompany',
  role: 'editor',
  clientId: undefined,
  targetCompanyId: 'company-1',
});

/** Puts text into a field as a paste does (enterText), with a user of its own. */
const paste = (field: HTMLElement, text: string) => enterText(userEvent.setup(), field, text);

function renderForm() {
  return renderScreen(
    <RecordGrievanceScreen
      targetCompanyId="company-1"
      grievancePath={(id) => `/target-company/grievances/${id}`}
    />,
    { user: editor, path: '/target-company/grievances/record' },
  );
}

async function fillGrievance() {
  await userEvent.selectOptions(screen.getByLabelText(/How it was received/), 'Community meeting');
  await userEvent.selectOptions(screen.getByLabelText(/^From/), 'Community');
  await userEvent.selectOptions(
    screen.getByLabelText(/^Category/),
    'Environment (noise, dust, water)',
  );
  await paste(
    screen.getByLabelText(/^The grievance/),
    'Dust from the haul road covers the school’s yard on dry days.',
  );
}

describe('RecordGrievanceScreen', () => {
  it('records a named grievance received today and opens it', async () => {
    const recorded = onApi(
      'post',
      'target-company/company-1/grievances',
      ok({ grievance: makeGrievance() }, 201),
    );
    const { container, location } = renderForm();
    expect(await axe(container)).toHaveNoViolations();
    await fillGrievance();
    await paste(
      screen.getByLabelText(/Complainant’s name/),
      'María Fernanda Choquehuanca Mamani de los Ríos',
    );
    await paste(screen.getByLabelText(/^Contact/), '+51 984 000 111');
    await userEvent.click(screen.getByRole('button', { name: 'Record grievance' }));

    await waitFor(() => expect(location()).toBe('/target-company/grievances/grievance-1'));
    expect(recorded).toHaveBeenCalledWith(
      withBody({
        channel: 'communityMeeting',
        receivedOn: dayFrom(0),
        complainantType: 'community',
        category: 'environment',
        description: 'Dust from the haul road covers the school’s yard on dry days.',
        anonymous: false,
        complainantName: 'María Fernanda Choquehuanca Mamani de los Ríos',
        complainantContact: '+51 984 000 111',
      }),
    );
  });

  it('keeps no name for an anonymous complainant', async () => {
    const recorded = onApi(
      'post',
      'target-company/company-1/grievances',
      ok({ grievance: makeGrievance({ anonymous: true, complainantName: null }) }, 201),
    );
    renderForm();
    await fillGrievance();
    await userEvent.click(screen.getByRole('radio', { name: /^Anonymous/ }));
    expect(screen.queryByLabelText(/Complainant’s name/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Record grievance' }));
    await waitFor(() =>
      expect(recorded).toHaveBeenCalledWith(
        withBody(expect.objectContaining({ anonymous: true, complainantName: null })),
      ),
    );
  });

  it('says what is missing before sending anything', async () => {
    const recorded = onApi('post', 'target-company/company-1/grievances', ok({}));
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Record grievance' }));
    expect(await screen.findByRole('alert')).toBeVisible();

    await fillGrievance();
    await userEvent.selectOptions(screen.getByLabelText(/^Category/), 'Choose…');
    await userEvent.click(screen.getByRole('button', { name: 'Record grievance' }));
    expect(await screen.findByText(GRIEVANCE_CATEGORY_UNKNOWN)).toBeVisible();

    await userEvent.selectOptions(screen.getByLabelText(/^Category/), 'Land and resettlement');
    await userEvent.click(screen.getByRole('button', { name: 'Record grievance' }));
    expect(await screen.findByText(GRIEVANCE_NAME_REQUIRED)).toBeVisible();
    expect(recorded).not.toHaveBeenCalled();
  });
});
