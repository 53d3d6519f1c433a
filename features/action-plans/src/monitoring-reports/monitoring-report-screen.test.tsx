import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import {
  REPORT_CHANGES_NEED_COMMENT,
  type MonitoringReport,
  type ReportFigures,
} from '@verity/shared-api';
import { ok, onApi, renderScreen, withBody } from '@verity/shared-ui/src/testing';
import { MonitoringReportScreen } from './monitoring-report-screen';

const figures: ReportFigures = {
  asOf: '2026-03-02T09:00:00.000Z',
  totalItems: 24,
  openItems: 9,
  overdueItems: 3,
  closedItems: 12,
  completionPercentage: 50,
  closuresInPeriod: 7,
  evidenceInPeriod: 31,
  incidents: {
    total: 3,
    bySeverity: { critical: 1, high: 1, medium: 1 },
    notifiedInTime: 2,
    rootCauseLate: 1,
    openAtPeriodEnd: 2,
    byCategory: [
      {
        category: 'fatality',
        total: 1,
        bySeverity: { critical: 1 },
        notifiedInTime: 1,
        rootCauseLate: 1,
        openAtPeriodEnd: 1,
      },
      {
        category: 'spillOrRelease',
        total: 2,
        bySeverity: { high: 1, medium: 1 },
        notifiedInTime: 1,
        rootCauseLate: 0,
        openAtPeriodEnd: 1,
      },
    ],
  },
  grievances: {
    total: 3,
    open: 1,
    late: 2,
    closed: 2,
    byCategory: { healthAndSafety: 2, land: 1 },
    byMonth: [
      { month: '2025-01', received: 2, late: 2, byCategory: { healthAndSafety: 1, land: 1 } },
      { month: '2025-12', received: 1, late: 0, byCategory: { healthAndSafety: 1 } },
    ],
    byResponse: { satisfied: 1, notSatisfied: 1 },
  },
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
/** The table's rows as the reader sees them: each row's cells' text. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

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

  it("shows the period's incidents and grievances beside their sections, counts only", async () => {
    onApi('get', 'monitoring-report/report-1', ok({ report: report() }));
    const { container } = renderScreen(<MonitoringReportScreen reportId="report-1" />);
    const incidents = await screen.findByRole('region', {
      name: 'Serious incidents in the period',
    });
    expect(within(incidents).getByText('Lender notified in time').nextSibling).toHaveTextContent(
      '2',
    );
    expect(within(incidents).getByText('Open at the period end').nextSibling).toHaveTextContent(
      '2',
    );
    expect(rowsOf(within(incidents).getByRole('table'))).toEqual([
      ['Category', 'Low', 'Medium', 'High', 'Critical', 'Reported'],
      ['Fatality', '0', '0', '0', '1', '1'],
      ['Spill or release', '0', '1', '1', '0', '2'],
    ]);
    const grievances = screen.getByRole('region', { name: 'Grievances received in the period' });
    expect(within(grievances).getByText('Closed: not satisfied').nextSibling).toHaveTextContent(
      '1',
    );
    expect(rowsOf(within(grievances).getByRole('table'))).toEqual([
      ['Month', 'Received', 'Late', 'By category'],
      ['Jan 2025', '2', '2', 'Health and safety 1 · Land and resettlement 1'],
      ['Dec 2025', '1', '0', 'Health and safety 1'],
    ]);
    // Beside their own sections: the incidents' under Incidents, the grievances' under Grievances.
    const follows = (first: Node, second: Node) =>
      Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);
    const incidentsBox = within(narrative()).getByLabelText('Incidents');
    const grievancesBox = within(narrative()).getByLabelText('Grievances');
    expect([follows(incidentsBox, incidents), follows(incidents, grievancesBox)]).toEqual([
      true,
      true,
    ]);
    expect([follows(grievancesBox, grievances)]).toEqual([true]);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says a version submitted before the report counted them has none of them', async () => {
    const { incidents: _incidents, grievances: _grievances, ...older } = figures;
    onApi(
      'get',
      'monitoring-report/report-1',
      ok({
        report: report({
          status: 'accepted',
          state: 'accepted',
          versions: 1,
          canEdit: false,
          figures: older,
        }),
      }),
    );
    renderScreen(<MonitoringReportScreen reportId="report-1" />);
    await screen.findByRole('region', { name: 'Serious incidents in the period' });
    for (const name of ['Serious incidents in the period', 'Grievances received in the period'])
      expect(screen.getByRole('region', { name })).toHaveTextContent(
        'Not counted in this version: it was submitted before the report counted them.',
      );
  });

  it('says when the period had no incident or grievance', async () => {
    onApi(
      'get',
      'monitoring-report/report-1',
      ok({
        report: report({
          figures: {
            ...figures,
            incidents: { ...figures.incidents!, total: 0, byCategory: [] },
            grievances: { ...figures.grievances!, total: 0, byMonth: [] },
          },
        }),
      }),
    );
    renderScreen(<MonitoringReportScreen reportId="report-1" />);
    expect(await screen.findByText('No serious incident in the period.')).toBeVisible();
    expect(screen.getByText('No grievance received in the period.')).toBeVisible();
  });
});
