import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { ATTACHMENT_NOT_AN_IMAGE, INCIDENT_CATEGORY_UNKNOWN } from '@verity/shared-api';
import { formParts, ok, onApi, renderScreen, testUser } from '@verity/shared-ui/src/testing';
import { ReportIncidentScreen } from './report-incident-screen';
import { makeIncident } from './incident-fixtures';

const editor = testUser({
  userType: 'targetCompany',
  role: 'editor',
  clientId: undefined,
  targetCompanyId: 'company-1',
});

function renderForm() {
  return renderScreen(
    <ReportIncidentScreen
      targetCompanyId="company-1"
      incidentPath={(id) => `/target-company/incidents/${id}`}
    />,
    { user: editor, path: '/target-company/incidents/report' },
  );
}

/** A phone: the camera button joins the file picker. */
function onTouchScreen() {
  window.matchMedia = jest.fn((query: string) => ({
    matches: query === '(pointer: coarse)',
    media: query,
    onchange: null,
    addListener: jest.fn(),
    removeListener: jest.fn(),
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
    dispatchEvent: jest.fn(),
  })) as unknown as typeof window.matchMedia;
}

describe('ReportIncidentScreen', () => {
  const matchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = matchMedia;
  });

  it('reports the incident, then sends its photo from the camera, and opens the incident', async () => {
    onTouchScreen();
    const reported = onApi(
      'post',
      'target-company/company-1/incidents',
      ok({ incident: makeIncident() }, 201),
    );
    const photos = onApi(
      'post',
      'incident/incident-1/photos',
      ok({ incident: makeIncident({ photos: [] }) }, 201),
    );
    const { container, location } = renderForm();
    expect(await axe(container)).toHaveNoViolations();

    await userEvent.type(
      screen.getByLabelText(/What happened/),
      'A fitter’s hand was caught in the tail pulley.',
    );
    await userEvent.type(screen.getByLabelText(/Where/), 'Crusher line 2');
    await userEvent.selectOptions(screen.getByLabelText(/Category/), 'Serious injury');
    await userEvent.selectOptions(screen.getByLabelText(/Severity/), 'High');
    await userEvent.clear(screen.getByLabelText(/People affected/));
    await userEvent.type(screen.getByLabelText(/People affected/), '2');
    await userEvent.type(screen.getByLabelText(/Immediate actions/), 'Line locked out.');
    const photo = new File([new Uint8Array(4096)], 'pulley.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByLabelText('Photo from the camera'), photo);
    expect(
      within(await screen.findByRole('list', { name: 'Photos to send' })).getByText('pulley.jpg'),
    ).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Report incident' }));

    await waitFor(() => expect(location()).toBe('/target-company/incidents/incident-1'));
    expect(reported).toHaveBeenCalledWith(
      expect.objectContaining({
        body: expect.objectContaining({
          description: 'A fitter’s hand was caught in the tail pulley.',
          location: 'Crusher line 2',
          category: 'seriousInjury',
          severity: 'high',
          peopleAffected: 2,
          immediateActions: 'Line locked out.',
        }),
      }),
    );
    expect(photos).toHaveBeenCalledTimes(1);
    // A photo taken here without a capture time of its own goes with the device's record of it,
    // as a remark's does.
    const parts = formParts(photos.mock.calls[0]![0].body);
    expect(parts.map(({ name }) => name)).toEqual(['deviceCapture', 'documents']);
    expect(JSON.parse(parts[0]!.text)).toEqual({
      capturedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/),
    });
  });

  it('says what is missing before sending, and leaves out a file that is not an image', async () => {
    const reported = onApi('post', 'target-company/company-1/incidents', ok({}));
    renderForm();
    expect(screen.queryByRole('button', { name: 'Take a photo' })).not.toBeInTheDocument();
    await userEvent.upload(
      screen.getByLabelText('Photos of the incident'),
      new File(['%PDF'], 'permit.pdf', { type: 'application/pdf' }),
      { applyAccept: false },
    );
    expect(screen.getByRole('alert')).toHaveTextContent(`permit.pdf: ${ATTACHMENT_NOT_AN_IMAGE}`);

    await userEvent.click(screen.getByRole('button', { name: 'Report incident' }));
    expect(await screen.findByText(INCIDENT_CATEGORY_UNKNOWN)).toBeVisible();
    expect(reported).not.toHaveBeenCalled();
  });
});
