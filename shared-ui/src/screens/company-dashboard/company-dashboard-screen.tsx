import { useId, type ReactNode } from 'react';
import type { TargetCompanyDashboard } from '@verity/shared-api';
import type { ClientDashboard } from '@verity/shared-api';
import { getClientDashboard, getTargetCompanyDashboard } from '@verity/shared-api/calls';
import { Card } from '../../card';
import { PieChart, PortfolioBarChart, riskSlices } from '../../charts';
import { LoadingState } from '../../loading-state';
import { PageHeader } from '../../page-header';
import { StatCard } from '../../stat-card';
import { useLoad } from '../common/use-load';
import { dashboardErrorText, useAfterFirstRender } from './use-dashboard';
import '../common/screen-layout.css';
import './dashboard.css';

export type CompanyDashboardScreenProps = {
  /** The page's h1 (default 'Dashboard'). */
  title?: string;
} & (
  | { /** One target company's dashboard. */ targetCompanyId: string; portfolio?: never }
  | {
      /** The client's dashboard over all its companies, with the Portfolio Overview. */ portfolio: true;
      targetCompanyId?: never;
    }
);

export function CompanyDashboardScreen(props: CompanyDashboardScreenProps) {
  const { title = 'Dashboard' } = props;
  const { state } = useLoad<TargetCompanyDashboard | ClientDashboard>(
    () =>
      props.portfolio ? getClientDashboard() : getTargetCompanyDashboard(props.targetCompanyId),
    props.portfolio ? 'portfolio' : `company:${props.targetCompanyId}`,
  );
  const chartsReady = useAfterFirstRender(state.status === 'ready');

  return (
    <div className="vui-dashboard">
      <PageHeader title={title} />
      {state.status === 'loading' ? <LoadingState /> : null}
      {state.status === 'error' ? (
        <p className="vui-screen-alert" role="alert">
          {dashboardErrorText(state.error)}
        </p>
      ) : null}
      {state.status === 'ready' ? (
        <DashboardFigures dashboard={state.data} chartsReady={chartsReady} />
      ) : null}
    </div>
  );
}

function DashboardFigures({
  dashboard,
  chartsReady,
}: {
  dashboard: TargetCompanyDashboard | ClientDashboard;
  chartsReady: boolean;
}) {
  const { statusOverview, categoryBreakdown, timelineAnalysis } = dashboard.actionPlans;
  const { riskSeverityDistribution } = dashboard.gaps;
  const portfolio =
    'targetCompanyActionPlanStats' in dashboard
      ? dashboard.targetCompanyActionPlanStats
      : undefined;

  return (
    <>
      <div className="vui-dashboard__cards">
        <StatCard label="Total Audits" value={statusOverview.total} accent="primary" />
        <StatCard label="Closed" value={statusOverview.closed} accent="green" />
        <StatCard label="Provisional Close" value={statusOverview.provClosed} accent="yellow" />
        <StatCard label="Open" value={statusOverview.open} accent="blue" />
      </div>
      <div className="vui-dashboard__charts">
        <Card>
          {chartsReady ? <PieChart title="ESG Composition" data={categoryBreakdown} /> : null}
        </Card>
        <Card>
          {chartsReady ? <PieChart title="Timeline Analysis" data={timelineAnalysis} /> : null}
        </Card>
        <Card>
          {chartsReady ? (
            <PieChart title="Risk Severity" data={riskSlices(riskSeverityDistribution)} />
          ) : null}
        </Card>
      </div>
      {portfolio ? (
        <ChartCard title="Portfolio Overview" ready={chartsReady}>
          <PortfolioBarChart rows={portfolio} />
        </ChartCard>
      ) : null}
    </>
  );
}

/** A titled chart section whose chart mounts once the figures above it have rendered. */
export function ChartCard({
  title,
  ready,
  children,
}: {
  title: string;
  ready: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card
      as="section"
      title={<span id={headingId}>{title}</span>}
      headingLevel={2}
      aria-labelledby={headingId}
    >
      {ready ? children : null}
    </Card>
  );
}
