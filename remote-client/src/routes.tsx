import { Navigate, Route, Routes } from 'react-router-dom';
import { lazyPage, PageSuspense } from '@verity/shared-ui';

// Pages load when their route is first opened, each file its own chunk: the dashboard, where a
// client lands, does not wait for the other pages' forms and dialogs. A chunk named
// `route-<segment>` is preloaded by the shell's server with the page of /client/<segment>.
const DashboardPage = lazyPage(
  () => import(/* webpackChunkName: "route-dashboard" */ './pages/dashboard-page'),
  'DashboardPage',
);
const areaPages = () => import('./pages/area-pages');
const UsersPage = lazyPage(areaPages, 'UsersPage');
const AuditorsPage = lazyPage(areaPages, 'AuditorsPage');
const SettingsPage = lazyPage(areaPages, 'SettingsPage');
const TargetCompaniesPage = lazyPage(areaPages, 'TargetCompaniesPage');
const PortfolioPage = lazyPage(
  () => import(/* webpackChunkName: "route-portfolio" */ './pages/portfolio-page'),
  'PortfolioPage',
);
// Named for its whole path, so /client/portfolio/gaps preloads it and not the portfolio's chunk.
const GapExplorerPage = lazyPage(
  () => import(/* webpackChunkName: "route-portfolio~gaps" */ './pages/gap-explorer-page'),
  'GapExplorerPage',
);
const companyPages = () => import('./pages/company-pages');
// The plan detail, named for its whole path (the shell's server preloads it with that page).
const ActionPlanPage = lazyPage(
  () =>
    import(
      /* webpackChunkName: "route-target-companies~_~auditors~_~_~action-plans~_" */ './pages/action-plan-page'
    ),
  'ActionPlanPage',
);
const ActionPlansPage = lazyPage(companyPages, 'ActionPlansPage');
const AuditsPage = lazyPage(companyPages, 'AuditsPage');
const CompanyAuditorsPage = lazyPage(companyPages, 'CompanyAuditorsPage');
const CompanyDashboardPage = lazyPage(companyPages, 'CompanyDashboardPage');
const ManageCompanyPage = lazyPage(companyPages, 'ManageCompanyPage');
const MonitoringReportsPage = lazyPage(companyPages, 'MonitoringReportsPage');
const MonitoringReportPage = lazyPage(companyPages, 'MonitoringReportPage');

const incidentPages = () => import('./pages/incident-pages');
const IncidentPortfolioPage = lazyPage(incidentPages, 'IncidentPortfolioPage');
const CompanyIncidentsPage = lazyPage(incidentPages, 'CompanyIncidentsPage');
const IncidentPage = lazyPage(incidentPages, 'IncidentPage');

const grievancePages = () => import('./pages/grievance-pages');
const GrievancePortfolioPage = lazyPage(grievancePages, 'GrievancePortfolioPage');
const CompanyGrievancesPage = lazyPage(grievancePages, 'CompanyGrievancesPage');
const GrievancePage = lazyPage(grievancePages, 'GrievancePage');

const company = 'target-companies/:targetCompanyId';
const audits = `${company}/auditors/:auditorId`;
const actionPlans = `${audits}/:auditId/action-plans`;

/** The client area's routes, relative to /client. */
export function ClientRoutes() {
  return (
    <PageSuspense>
      <Routes>
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="portfolio" element={<PortfolioPage />} />
        <Route path="portfolio/gaps" element={<GapExplorerPage />} />
        <Route path="portfolio/incidents" element={<IncidentPortfolioPage />} />
        <Route path="portfolio/grievances" element={<GrievancePortfolioPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="auditors" element={<AuditorsPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="target-companies" element={<TargetCompaniesPage />} />
        <Route path={`${company}/auditors`} element={<CompanyAuditorsPage />} />
        <Route path={audits} element={<AuditsPage />} />
        <Route path={actionPlans} element={<ActionPlansPage />} />
        <Route path={`${actionPlans}/:actionPlanId`} element={<ActionPlanPage />} />
        <Route path={`${company}/manage`} element={<ManageCompanyPage />} />
        <Route path={`${company}/dashboard`} element={<CompanyDashboardPage />} />
        <Route path={`${company}/monitoring-reports`} element={<MonitoringReportsPage />} />
        <Route
          path={`${company}/monitoring-reports/:reportId`}
          element={<MonitoringReportPage />}
        />
        <Route path={`${company}/incidents`} element={<CompanyIncidentsPage />} />
        <Route path={`${company}/incidents/:incidentId`} element={<IncidentPage />} />
        <Route path={`${company}/grievances`} element={<CompanyGrievancesPage />} />
        <Route path={`${company}/grievances/:grievanceId`} element={<GrievancePage />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </PageSuspense>
  );
}
