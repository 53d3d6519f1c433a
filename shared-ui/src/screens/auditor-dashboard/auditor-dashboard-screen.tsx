import { NO_DATA, type AuditorDashboard } from '@verity/shared-api';
import { getAuditorDashboard } from '@verity/shared-api/calls';
import { PortfolioBarChart } from '../../charts';
import { EmptyState } from '../../empty-state';
import { LoadingState } from '../../loading-state';
import { PageHeader } from '../../page-header';
import { StatCard } from '../../stat-card';
import { ChartCard } from '../company-dashboard/company-dashboard-screen';
import { useLoad } from '../common/use-load';
import { dashboardErrorText, useAfterFirstRender } from '../company-dashboard/use-dashboard';
import '../common/screen-layout.css';
import '../company-dashboard/dashboard.css';

export interface AuditorDashboardScreenProps {
  /** The auditor firm whose dashboard this is (route parameter auditorId). */
  auditorId: string;
  /** The page's h1 (default 'Dashboard'). */
  title?: string;
}

export function AuditorDashboardScreen({
  auditorId,
  title = 'Dashboard',
}: AuditorDashboardScreenProps) {
  const { state } = useLoad<AuditorDashboard>(() => getAuditorDashboard(auditorId), auditorId);
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
        <AuditorFigures dashboard={state.data} chartsReady={chartsReady} />
      ) : null}
    </div>
  );
}

function AuditorFigures({
  dashboard,
  chartsReady,
}: {
  dashboard: AuditorDashboard;
  chartsReady: boolean;
}) {
  const { projectsOverview, targetCompanyActionPlanStats: companies = [] } = dashboard;
  if (!projectsOverview) return <EmptyState title={NO_DATA} />;
  return (
    <>
      <div className="vui-dashboard__cards">
        <StatCard
          label="Total Target Companies"
          value={projectsOverview.totalProjects}
          accent="primary"
        />
        <StatCard label="Completed" value={projectsOverview.completed} accent="green" />
        <StatCard label="In Progress" value={projectsOverview.inProgress} accent="blue" />
        <StatCard label="Overdue" value={projectsOverview.overdue} accent="red" />
      </div>
      <ChartCard title="Portfolio Overview" ready={chartsReady || companies.length === 0}>
        {companies.length === 0 ? (
          <EmptyState title={NO_DATA} />
        ) : (
          <PortfolioBarChart rows={companies} />
        )}
      </ChartCard>
    </>
  );
}
