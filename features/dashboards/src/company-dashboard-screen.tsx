import type { ReactNode } from 'react';
import type { ClientDashboard, TargetCompanyDashboard } from '@verity/shared-api';
import { useLanguage } from '@verity/session';
import { ChartCard } from './chart-card';
import { t } from './texts';
import { useCompanyDashboard } from './use-company-dashboard';
import { dashboardErrorText, useAfterFirstRender } from './use-dashboard';
import '@verity/shared-ui/src/styles/screen.css';
import './dashboard.css';
import {
  Card,
  PieChart,
  PortfolioBarChart,
  riskSlices,
  timelineSlices,
  categorySlices,
  LoadingState,
  PageHeader,
  StatCard,
  isNotFound,
  NotFoundState,
  type PageTrail,
} from '@verity/shared-ui';

export type CompanyDashboardScreenProps = {
  /** The page's h1 (default 'Dashboard'). */
  title?: string;
  /** Buttons beside the title (the company's 'Download report'). */
  actions?: ReactNode;
  /** Where the page sits: its breadcrumb and the subject of its document title. */
  trail?: PageTrail;
  /** Shown under the title, before the figures (the company user's 'My actions' card). */
  lead?: ReactNode;
} & (
  | { /** One target company's dashboard. */ targetCompanyId: string; portfolio?: never }
  | {
      /** The client's dashboard over all its companies, with the Portfolio Overview. */ portfolio: true;
      targetCompanyId?: never;
    }
);

export function CompanyDashboardScreen(props: CompanyDashboardScreenProps) {
  useLanguage();
  const { title = t('dashboards.page.title'), trail, actions, lead } = props;
  const dashboard = useCompanyDashboard(props.portfolio ? { portfolio: true } : props);
  const chartsReady = useAfterFirstRender(dashboard.isSuccess);

  return (
    <div className="vui-dashboard">
      <PageHeader title={title} trail={trail} actions={actions} />
      {lead}
      {dashboard.isPending ? <LoadingState /> : null}
      {dashboard.isError && isNotFound(dashboard.error) ? <NotFoundState /> : null}
      {dashboard.isError && !isNotFound(dashboard.error) ? (
        <p className="vui-screen-alert" role="alert">
          {dashboardErrorText(dashboard.error)}
        </p>
      ) : null}
      {dashboard.isSuccess ? (
        <DashboardFigures dashboard={dashboard.data} chartsReady={chartsReady} />
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
  useLanguage();
  const { statusOverview, categoryBreakdown, timelineAnalysis } = dashboard.actionPlans;
  const { riskSeverityDistribution } = dashboard.gaps;
  const portfolio =
    'targetCompanyActionPlanStats' in dashboard
      ? dashboard.targetCompanyActionPlanStats
      : undefined;

  return (
    <>
      <div className="vui-dashboard__cards">
        <StatCard
          label={t('dashboards.figures.totalAudits')}
          value={statusOverview.total}
          accent="primary"
          hint={t('dashboards.figures.totalAuditsHint')}
        />
        <StatCard
          label={t('dashboards.figures.closed')}
          value={statusOverview.closed}
          accent="green"
        />
        <StatCard
          label={t('dashboards.figures.provisionalClose')}
          value={statusOverview.provClosed}
          accent="yellow"
        />
        <StatCard label={t('dashboards.figures.open')} value={statusOverview.open} accent="blue" />
      </div>
      <div className="vui-dashboard__charts">
        <Card>
          {chartsReady ? (
            <PieChart
              title={t('dashboards.charts.esgComposition')}
              data={categorySlices(categoryBreakdown)}
            />
          ) : null}
        </Card>
        <Card>
          {chartsReady ? (
            <PieChart
              title={t('dashboards.charts.timelineAnalysis')}
              data={timelineSlices(timelineAnalysis)}
            />
          ) : null}
        </Card>
        <Card>
          {chartsReady ? (
            <PieChart
              title={t('dashboards.charts.riskSeverity')}
              data={riskSlices(riskSeverityDistribution)}
            />
          ) : null}
        </Card>
      </div>
      {portfolio ? (
        <ChartCard title={t('dashboards.charts.portfolioOverview')} ready={chartsReady}>
          <PortfolioBarChart rows={portfolio} />
        </ChartCard>
      ) : null}
    </>
  );
}
