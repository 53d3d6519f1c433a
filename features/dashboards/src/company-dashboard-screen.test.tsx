import { act, screen, within } from '@testing-library/react';
import { axe } from 'jest-axe';
import type { TargetCompanyDashboard } from '@verity/shared-api';
import type { ClientDashboard } from '@verity/shared-api';
import { switchLanguage } from '@verity/session';
import { fails, ok, onApi, renderScreen } from '@verity/shared-ui/src/testing';
import { CompanyDashboardScreen } from './company-dashboard-screen';

// jsdom has no canvas: ECharts is the edge, replaced by a stub that lists the chart's data.
jest.mock('echarts/core', () => ({ use: jest.fn() }));
jest.mock('echarts/charts', () => ({}));
jest.mock('echarts/components', () => ({}));
jest.mock('echarts/renderers', () => ({}));
jest.mock('echarts-for-react/lib/core', () =>
  jest.requireActual('@verity/shared-ui/src/testing/echarts-stub'),
);

const companyDashboard: TargetCompanyDashboard = {
  actionPlans: {
    statusOverview: { total: 7, closed: 2, provClosed: 1, open: 4 },
    categoryBreakdown: [
      { name: 'Environment', value: 4 },
      { name: 'Social', value: 2 },
      { name: 'Governance', value: 1 },
    ],
    timelineAnalysis: [
      { name: 'Completed', value: 2 },
      { name: 'Overdue', value: 1 },
      { name: 'On Track', value: 3 },
      { name: 'No Timeline', value: 1 },
    ],
  },
  gaps: {
    riskSeverityDistribution: [
      { name: 'Low', value: 3 },
      { name: 'Moderate', value: 5 },
      { name: 'High', value: 2 },
    ],
  },
};

const clientDashboard: ClientDashboard = {
  ...companyDashboard,
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
      open: 1,
      closed: 4,
      provClosed: 0,
      overdue: 0,
    },
  ],
};

function card(label: string) {
  return screen.getByRole('group', { name: label });
}

describe('CompanyDashboardScreen', () => {
  it("loads the company's dashboard and shows the four cards", async () => {
    const loaded = onApi('get', 'dashboard/target-company', ok(companyDashboard));
    renderScreen(<CompanyDashboardScreen targetCompanyId="company-1" />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Total Audits' })).toHaveTextContent('7');
    expect(loaded).toHaveBeenCalledWith(
      expect.objectContaining({ search: { targetCompanyId: 'company-1' } }),
    );
    expect(card('Closed')).toHaveTextContent('2');
    expect(card('Provisional Close')).toHaveTextContent('1');
    expect(card('Open')).toHaveTextContent('4');
  });

  it('draws the three pies with labels in whole percent, and no portfolio chart', async () => {
    onApi('get', 'dashboard/target-company', ok(companyDashboard));
    renderScreen(<CompanyDashboardScreen targetCompanyId="company-1" />);
    expect(
      await screen.findByRole('img', {
        name: 'ESG Composition: Environment: 57%, Social: 29%, Governance: 14%',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', {
        name: 'Timeline Analysis: Completed: 29%, Overdue: 14%, On Track: 43%, No Timeline: 14%',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Risk Severity: Low: 30%, Moderate: 50%, High: 20%' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Portfolio Overview' })).not.toBeInTheDocument();
  });

  it('colours the risk slices green, yellow and red', async () => {
    onApi('get', 'dashboard/target-company', ok(companyDashboard));
    renderScreen(<CompanyDashboardScreen targetCompanyId="company-1" />);
    const risk = await screen.findByRole('img', { name: /^Risk Severity/ });
    const drawn = await within(risk).findByTestId('echarts');
    expect(
      within(drawn)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Low 3 #22c55e', 'Moderate 5 #eab308', 'High 2 #ef4444']);
  });

  it('colours the Overdue timeline slice red, as in every chart', async () => {
    onApi('get', 'dashboard/target-company', ok(companyDashboard));
    renderScreen(<CompanyDashboardScreen targetCompanyId="company-1" />);
    const timeline = await screen.findByRole('img', { name: /^Timeline Analysis/ });
    const drawn = await within(timeline).findByTestId('echarts');
    expect(
      within(drawn)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Completed 2 #22c55e',
      'Overdue 1 #ef4444',
      'On Track 3 #3b82f6',
      'No Timeline 1 #94a3b8',
    ]);
  });

  it("says what 'Total Audits' counts", async () => {
    onApi('get', 'dashboard/target-company', ok(companyDashboard));
    renderScreen(<CompanyDashboardScreen targetCompanyId="company-1" />);
    expect(await screen.findByRole('group', { name: 'Total Audits' })).toHaveAccessibleDescription(
      /^Counts action plans: every plan of every audit here, whatever its status\./,
    );
    expect(screen.getByRole('button', { name: 'What Total Audits counts' })).toBeInTheDocument();
  });

  it('shows the Portfolio Overview bars for the client portfolio, one row per company', async () => {
    const loaded = onApi('get', 'dashboard/client', ok(clientDashboard));
    renderScreen(<CompanyDashboardScreen portfolio />);
    const portfolio = await screen.findByRole('region', { name: 'Portfolio Overview' });
    expect(loaded).toHaveBeenCalled();
    expect(card('Total Audits')).toHaveTextContent('7');
    const chart = within(portfolio).getByRole('img', { name: /^Gaps per target company/ });
    expect(chart).toHaveAccessibleName(expect.stringContaining('Acme Steel Ltd'));
    expect(chart).toHaveAccessibleName(expect.stringContaining('Blue River Textiles'));
    expect(await within(chart).findByTestId('echarts')).toHaveAttribute('data-height', '340');
  });

  it("shows the server's message for a 400", async () => {
    onApi('get', 'dashboard/target-company', fails(400, 'targetCompanyId is required'));
    renderScreen(<CompanyDashboardScreen targetCompanyId="" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('targetCompanyId is required');
  });

  it("shows the server's message for a 503, so a user knows to try again shortly", async () => {
    const unavailable = 'Verity is temporarily unavailable. Please try again in a moment.';
    onApi('get', 'dashboard/target-company', fails(503, unavailable));
    renderScreen(<CompanyDashboardScreen targetCompanyId="company-1" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(unavailable);
  });

  it("shows 'Something went wrong' for any other error", async () => {
    onApi('get', 'dashboard/target-company', fails(500, 'database is down'));
    renderScreen(<CompanyDashboardScreen targetCompanyId="company-1" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Something went wrong$/);
  });

  it('shows again in the language the user turns to', async () => {
    onApi('get', 'dashboard/client', ok(clientDashboard));
    renderScreen(<CompanyDashboardScreen portfolio />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    try {
      await act(() => switchLanguage('fr'));
      expect(
        screen.getByRole('heading', { level: 1, name: 'Tableau de bord' }),
      ).toBeInTheDocument();
      expect(card('Total des audits')).toHaveTextContent('7');
      expect(
        await screen.findByRole('region', { name: 'Vue d’ensemble du portefeuille' }),
      ).toBeInTheDocument();
      await act(() => switchLanguage('ar'));
      expect(card('إجمالي عمليات التدقيق')).toHaveTextContent('7');
    } finally {
      await act(() => switchLanguage('en'));
    }
  });

  it('has no accessibility violations', async () => {
    onApi('get', 'dashboard/client', ok(clientDashboard));
    const { container } = renderScreen(<CompanyDashboardScreen portfolio />);
    await screen.findByRole('region', { name: 'Portfolio Overview' });
    expect(await axe(container)).toHaveNoViolations();
  });
});
