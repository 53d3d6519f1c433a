import { screen, within } from '@testing-library/react';
import { axe } from 'jest-axe';
import type { TargetCompanyDashboard } from '@verity/shared-api';
import { fails, ok, onApi } from '@verity/shared-ui/src/testing';
import { OWN_COMPANY_ID, renderArea } from '../../test/render-area';

const dashboard: TargetCompanyDashboard = {
  actionPlans: {
    statusOverview: { total: 9, closed: 3, provClosed: 2, open: 4 },
    categoryBreakdown: [
      { name: 'Environment', value: 6 },
      { name: 'Social', value: 3 },
    ],
    timelineAnalysis: [
      { name: 'Completed', value: 3 },
      { name: 'Overdue', value: 2 },
      { name: 'On Track', value: 4 },
      { name: 'No Timeline', value: 0 },
    ],
  },
  gaps: {
    riskSeverityDistribution: [
      { name: 'Low', value: 1 },
      { name: 'Moderate', value: 2 },
      { name: 'High', value: 1 },
    ],
  },
};

function card(label: string) {
  return screen.getByRole('group', { name: label });
}

describe('the target-company dashboard', () => {
  it("shows the four cards and three pies of the user's own company", async () => {
    const loaded = onApi('get', 'dashboard/target-company', ok(dashboard));
    const { container } = renderArea('/target-company/dashboard');

    expect(await screen.findByRole('group', { name: 'Total Audits' })).toBeInTheDocument();
    expect(loaded).toHaveBeenCalledWith(
      expect.objectContaining({ search: { targetCompanyId: OWN_COMPANY_ID } }),
    );
    expect(within(card('Total Audits')).getByText('9')).toBeInTheDocument();
    expect(within(card('Closed')).getByText('3')).toBeInTheDocument();
    expect(within(card('Provisional Close')).getByText('2')).toBeInTheDocument();
    expect(within(card('Open')).getByText('4')).toBeInTheDocument();

    expect(
      await screen.findByRole('img', {
        name: 'ESG Composition: Environment: 67%, Social: 33%',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('Timeline Analysis')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Risk Severity: Low: 25%, Moderate: 50%, High: 25%' }),
    ).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it("shows the server's message for a 400 and 'Something went wrong' otherwise", async () => {
    onApi('get', 'dashboard/target-company', [
      fails(400, 'targetCompanyId must be a uuid'),
      fails(500, 'boom'),
    ]);
    const first = renderArea('/target-company/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent('targetCompanyId must be a uuid');
    first.unmount();

    renderArea('/target-company/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Something went wrong$/);
  });
});
