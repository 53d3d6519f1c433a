import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { REPORT_CHANGES_NEED_COMMENT, type MonitoringReport } from '@verity/shared-api';
import { ok, onApi, renderScreen, withBody } from '@verity/shared-ui/src/testing';
import { MonitoringReportScreen } from './monitoring-report-screen';

const figures = {
  asOf: '2026-03-02T09:00:00.000Z',
  totalItems: 24,
  openItems: 9,
  overdueItems: 3,
  closedItems: 12,
  completionPercentage: 50,
  closuresInPeriod: 7,
  evidenceInPeriod: 31,
};

function report(overrides: Partial<MonitoringReport> = {}): MonitoringReport {
  return {
    id: 'report-1',
    targetCompanyId: 'company-1',
    targetCompanyName: 'Anadolu Rüzgâr Enerji Üretim A.Ş.',
    period: { start: '2025-01-01', end: '2025-12-31', dueOn: '2026-03-01' },
    status: 'draft',
    state: 'due',
    versions: 0,
    revision: 3,
    updatedAt: '2026-02-01T09:00:00.000Z',
    sections: { grievances: 'Trois plaintes reçues, toutes clôturées.' },
    figures,
    history: [],
    reviews: [],
    canEdit: true,
    canReview: false,
    ...overrides,
  };
}

const narrative = () => screen.getByRole('region', { name: 'Narrative' });

describe('MonitoringReportScreen', () => {
  it('lets the company write the sections and submit them, with the figures of its ESAP beside', async () => {
    onApi('get', 'monitoring-report/report-1', ok({ report: report() }));
    const saved = onApi(
      'put',
      'monitoring-report/report-1',
      ok({ report: report({ revision: 4 }) }),
    );
    const submitted = onApi(
      'post',
      'monitoring-report/report-1/submit',
      ok({ report: report({ status: 'submitted', state: 'underReview', canEdit: false }) }),
    );
    const { container } = renderScreen(<MonitoringReportScreen reportId="report-1" />);
    await screen.findByRole('region', { name: 'Narrative' });
    const staffing = within(narrative()).getByLabelText('Staffing');
    expect(within(narrative()).getByLabelText('Grievances')).toHaveValue(
      'Trois plaintes reçues, toutes clôturées.',
    );
    const progress = screen.getByRole('region', { name: 'ESAP progress' });
    expect(within(progress).getByText('Closed in the period').nextSibling).toHaveTextContent('7');
    expect(await axe(container)).toHaveNoViolations();

    await userEvent.type(staffing, 'E&S officer: Ayşe Yılmaz');
    await userEvent.click(screen.getByRole('button', { name: 'Submit to the client' }));

    await waitFor(() => expect(submitted).toHaveBeenCalledWith(withBody({ revision: 4 })));
    expect(saved).toHaveBeenCalledWith(
      withBody({
        revision: 3,
        sections: {
          grievances: 'Trois plaintes reçues, toutes clôturées.',
          staffing: 'E&S officer: Ayşe Yılmaz',
        },
      }),
    );
    expect(await screen.findByText('Report submitted: the client has been told.')).toBeVisible();
  });

  it("shows the company the client's comments beside the sections it asked to change", async () => {
    onApi(
      'get',
      'monitoring-report/report-1',
      ok({
        report: report({
          status: 'changesRequested',
          versions: 1,
          reviews: [
            {
              version: 1,
              decision: 'requestChanges',
              comment: 'Please complete the staffing section.',
              sectionComments: { staffing: 'Name the E&S officer.' },
              reviewedAt: '2026-02-10T09:00:00.000Z',
              reviewedByName: 'Clara Owner',
            },
          ],
        }),
      }),
    );
    renderScreen(<MonitoringReportScreen reportId="report-1" />);
    expect(await screen.findByText('Name the E&S officer.')).toBeInTheDocument();
    expect(screen.getByText('Please complete the staffing section.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit again' })).toBeEnabled();
  });

  it('asks the client for a comment before changes are requested, then sends the section comments', async () => {
    onApi(
      'get',
      'monitoring-report/report-1',
      ok({
        report: report({
          status: 'submitted',
          state: 'underReview',
          versions: 1,
          canEdit: false,
          canReview: true,
        }),
      }),
    );
    const reviewed = onApi(
      'post',
      'monitoring-report/report-1/review',
      ok({ report: report({ status: 'changesRequested', canEdit: false }) }),
    );
    renderScreen(<MonitoringReportScreen reportId="report-1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Request changes' }));
    expect(screen.getByRole('alert')).toHaveTextContent(REPORT_CHANGES_NEED_COMMENT);
    expect(reviewed).not.toHaveBeenCalled();

    await userEvent.type(
      within(narrative()).getByLabelText('Comment on Training'),
      'Give the dates of the fire drills.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Request changes' }));
    await waitFor(() =>
      expect(reviewed).toHaveBeenCalledWith(
        withBody({
          revision: 3,
          decision: 'requestChanges',
          comment: '',
          sectionComments: { training: 'Give the dates of the fire drills.' },
        }),
      ),
    );
  });
});
