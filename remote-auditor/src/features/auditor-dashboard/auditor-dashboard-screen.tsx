import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import { MESSAGES, type AuditorDashboard } from '@verity/shared-api';
import { getAuditorDashboard } from '@verity/shared-api/calls';
import { useLanguage } from '@verity/session';
import { ChartCard, dashboardErrorText, useAfterFirstRender } from '@verity/feature-dashboards';
import '@verity/feature-dashboards/src/dashboard.css';
import '@verity/shared-ui/src/styles/screen.css';
import {
  PortfolioBarChart,
  EmptyState,
  LoadingState,
  PageHeader,
  StatCard,
} from '@verity/shared-ui';
import { AUDITOR_DASHBOARD_TEXTS as texts, AUDITOR_PAGE_TITLES } from '../../strings';

export interface AuditorDashboardScreenProps {
  /** The auditor firm whose dashboard this is (route parameter auditorId). */
  auditorId: string;
  /** The page's h1 (default 'Dashboard', in the language in use). */
  title?: string;
}

export function AuditorDashboardScreen({ auditorId, title }: AuditorDashboardScreenProps) {
  useLanguage();
  const dashboard = useQuery({
    queryKey: queryKeys.dashboard({ auditorId }),
    queryFn: () => getAuditorDashboard(auditorId),
  });
  const chartsReady = useAfterFirstRender(dashboard.isSuccess);

  return (
    <div className="vui-dashboard">
      <PageHeader title={title ?? AUDITOR_PAGE_TITLES.dashboard} />
      {dashboard.isPending ? <LoadingState /> : null}
      {dashboard.isError ? (
        <p className="vui-screen-alert" role="alert">
          {dashboardErrorText(dashboard.error)}
        </p>
      ) : null}
      {dashboard.isSuccess ? (
        <AuditorFigures dashboard={dashboard.data} chartsReady={chartsReady} />
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
  useLanguage();
  const { projectsOverview, targetCompanyActionPlanStats: companies = [] } = dashboard;
  if (!projectsOverview) return <EmptyState title={MESSAGES.NO_DATA} />;
  return (
    <>
      <div className="vui-dashboard__cards">
        <StatCard
          label={texts.totalTargetCompanies}
          value={projectsOverview.totalProjects}
          accent="primary"
        />
        <StatCard label={texts.completed} value={projectsOverview.completed} accent="green" />
        <StatCard label={texts.inProgress} value={projectsOverview.inProgress} accent="blue" />
        <StatCard label={texts.overdue} value={projectsOverview.overdue} accent="red" />
      </div>
      <ChartCard title={texts.portfolioOverview} ready={chartsReady || companies.length === 0}>
        {companies.length === 0 ? (
          <EmptyState title={MESSAGES.NO_DATA} />
        ) : (
          <PortfolioBarChart rows={companies} />
        )}
      </ChartCard>
    </>
  );
}
