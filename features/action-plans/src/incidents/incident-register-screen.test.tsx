import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { file, ok, onApi, renderScreen, testUser } from '@verity/shared-ui/src/testing';
import { IncidentRegisterScreen } from './incident-register-screen';
import { makeIncident, summaryOf } from './incident-fixtures';

const late = makeIncident({
  id: 'incident-2',
  category: 'spillOrRelease',
  severity: 'critical',
  targetCompanyName: 'Kivu Hydro Power',
  clocks: {
    notifyDueOn: '2026-10-04',
    notifiedInTime: false,
    rootCauseDueOn: '2026-10-31',
    rootCauseLate: true,
    rootCauseDaysLeft: -4,
  },
});

const register = (incidents = [makeIncident(), late]) => ({
  incidents: incidents.map(summaryOf),
  counts: {
    total: 2,
    open: 2,
    late: 1,
    byCategory: { seriousInjury: 1, spillOrRelease: 1 },
    bySeverity: { high: 1, critical: 1 },
  },
});

describe('IncidentRegisterScreen', () => {
  it("lists the portfolio's incidents with their clocks and counts, filters them and downloads the CSV", async () => {
    const listed = onApi('get', 'client/incidents', ({ search }) =>
      ok(search.late === 'true' ? register([late]) : register()),
    );
    const csv = onApi('get', 'client/incidents/export/csv', file('id\n', 'incidents.csv'));
    const saved = jest.fn();
    URL.createObjectURL = jest.fn(() => 'blob:incidents');
    URL.revokeObjectURL = jest.fn();
    HTMLAnchorElement.prototype.click = saved;
    const { container } = renderScreen(
      <IncidentRegisterScreen
        targetCompanyId={null}
        incidentPath={(incident) => `/client/incidents/${incident.id}`}
      />,
      { user: testUser() },
    );
    const table = await screen.findByRole('table', { name: 'Incidents' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Notified in time')).toBeVisible();
    expect(within(rows[1]!).getByText('Serious injury')).toBeVisible();
    expect(within(rows[2]!).getByText('Notified late')).toBeVisible();
    expect(within(rows[2]!).getByText('Late by 4 days')).toBeVisible();
    expect(within(rows[2]!).getByText('Kivu Hydro Power')).toBeVisible();
    expect(within(rows[2]!).getByRole('link')).toHaveAttribute(
      'href',
      '/client/incidents/incident-2',
    );
    const bySeverity = screen.getByRole('region', { name: 'By severity' });
    expect(within(bySeverity).getByText('Critical').nextSibling).toHaveTextContent('1');
    expect(await axe(container)).toHaveNoViolations();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Root cause late only' }));
    await waitFor(() =>
      expect(listed).toHaveBeenLastCalledWith(
        expect.objectContaining({ search: { late: 'true' } }),
      ),
    );
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(csv).toHaveBeenCalledTimes(1);
  });

  it("reads one company's register without a company column, and says when there is none", async () => {
    onApi('get', 'target-company/company-1/incidents', ({ search }) =>
      ok(search.open === 'true' ? register([]) : register([makeIncident()])),
    );
    renderScreen(
      <IncidentRegisterScreen
        targetCompanyId="company-1"
        incidentPath={(incident) => `/target-company/incidents/${incident.id}`}
      />,
      { user: testUser({ userType: 'targetCompany', role: 'viewer' }) },
    );
    const table = await screen.findByRole('table', { name: 'Incidents' });
    expect(within(table).queryByRole('columnheader', { name: 'Company' })).not.toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Where' })).toBeVisible();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Open only' }));
    expect(await screen.findByText('No incidents match these filters.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
