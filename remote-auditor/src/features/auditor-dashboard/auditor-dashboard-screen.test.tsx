import { screen, within } from '@testing-library/react';
import { axe } from 'jest-axe';
import type { AuditorDashboard } from '@verity/shared-api';
import { fails, ok, onApi, renderScreen } from '@verity/shared-ui/src/testing';
import { AuditorDashboardScreen } from './auditor-dashboard-screen';

// jsdom has no canvas: ECharts is the edge, replaced by a stub that lists the chart's data.
jest.mock('echarts/core', () => ({ use: jest.fn() }));
jest.mock('echarts/charts', () => ({}));
jest.mock('echarts/components', () => ({}));
jest.mock('echarts/renderers', () => ({}));
jest.mock('echarts-for-react/lib/core', () =>
  jest.requireActual('@verity/shared-ui/src/testing/echarts-stub'),
);

const dashboard: AuditorDashboard = {
  projectsOverview: { totalProjects: 3, completed: 1, inProgress: 1, overdue: 1 },
  targetCompanyActionPlanStats: [
    {
      targetCompanyId: 'c-1',
      targetCompanyName: 'Acme Steel Ltd',
      open: 3,
      closed: 2,
      provClosed: 1,
      overdue: 2,
    },
    {
      targetCompanyId: 'c-2',
      targetCompanyName: 'Blue River Textiles',
      open: 0,
      closed: 5,
      provClosed: 0,
      overdue: 0,
    },
    {
      targetCompanyId: 'c-3',
      targetCompanyName: 'Kestrel Harbour Logistics',
      open: 2,
      closed: 0,
      provClosed: 0,
      overdue: 0,
    },
  ],
};

function card(label: string) {
  return screen.getByRole('group', { name: label });
}

describe('AuditorDashboardScreen', () => {
  it("shows 'Loading...', then the four cards of the firm's projects", async () => {
    const loaded = onApi('get', 'dashboard/auditor', ok(dashboard));
    renderScreen(<AuditorDashboardScreen auditorId="auditor-1" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('group', { name: 'Total Target Companies' })).toHaveTextContent(
      '3',
    );
    expect(loaded).toHaveBeenCalledWith(
      expect.objectContaining({ search: { auditorId: 'auditor-1' } }),
    );
    expect(card('Completed')).toHaveTextContent('1');
    expect(card('In Progress')).toHaveTextContent('1');
    expect(card('Overdue')).toHaveTextContent('1');
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('draws the Portfolio Overview: one row per company, four series, 120 + 110 per row high', async () => {
    onApi('get', 'dashboard/auditor', ok(dashboard));
    renderScreen(<AuditorDashboardScreen auditorId="auditor-1" />);
    const portfolio = await screen.findByRole('region', { name: 'Portfolio Overview' });
    const chart = within(portfolio).getByRole('img', { name: /^Gaps per target company/ });
    expect(chart).toHaveAccessibleName(
      expect.stringContaining('Acme Steel Ltd: Open 3, Closed 2, Provisional Closed 1, Overdue 2'),
    );
    expect(chart).toHaveAccessibleName(expect.stringContaining('Kestrel Harbour Logistics'));
    expect(await within(chart).findByTestId('echarts')).toHaveAttribute('data-height', '450');
    expect(screen.queryByText('No Data')).not.toBeInTheDocument();
  });

  it("shows 'No Data' when the firm has no companies", async () => {
    onApi(
      'get',
      'dashboard/auditor',
      ok({
        projectsOverview: { totalProjects: 0, completed: 0, inProgress: 0, overdue: 0 },
        targetCompanyActionPlanStats: [],
      }),
    );
    renderScreen(<AuditorDashboardScreen auditorId="auditor-1" />);
    expect(await screen.findByText('No Data')).toBeInTheDocument();
    expect(card('Total Target Companies')).toHaveTextContent('0');
  });

  it("shows an error box with the server's message for a 400", async () => {
    onApi('get', 'dashboard/auditor', fails(400, 'auditorId is required'));
    renderScreen(<AuditorDashboardScreen auditorId="" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('auditorId is required');
  });

  it("shows the server's message for a 503, so a user knows to try again shortly", async () => {
    const unavailable = 'Verity is temporarily unavailable. Please try again in a moment.';
    onApi('get', 'dashboard/auditor', fails(503, unavailable));
    renderScreen(<AuditorDashboardScreen auditorId="auditor-1" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(unavailable);
  });

  it("shows 'Something went wrong' for any other error", async () => {
    onApi('get', 'dashboard/auditor', fails(404, 'Auditor not found'));
    renderScreen(<AuditorDashboardScreen auditorId="auditor-9" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Something went wrong$/);
  });

  it('has no accessibility violations', async () => {
    onApi('get', 'dashboard/auditor', ok(dashboard));
    const { container } = renderScreen(<AuditorDashboardScreen auditorId="auditor-1" />);
    await screen.findByRole('region', { name: 'Portfolio Overview' });
    expect(await axe(container)).toHaveNoViolations();
  });
});
