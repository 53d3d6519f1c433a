import { Navigate, Route, Routes } from 'react-router-dom';
import { lazyPage, PageSuspense } from '@verity/shared-ui';
import { routePatterns } from './config/paths';

// Each page is its own chunk, loaded when its route is first opened: the dashboard, where users
// land, does not wait for the forms and dialogs of the other pages. A chunk named `route-<segment>`
// is preloaded by the shell's server with the page of /target-company/<segment>.
const DashboardPage = lazyPage(
  () => import(/* webpackChunkName: "route-dashboard" */ './features/pages/dashboard-page'),
  'DashboardPage',
);
const MyActionsPage = lazyPage(() => import('./features/pages/my-actions-page'), 'MyActionsPage');
const reportPages = () => import('./features/pages/monitoring-reports-page');
const MonitoringReportsPage = lazyPage(reportPages, 'MonitoringReportsPage');
const MonitoringReportPage = lazyPage(reportPages, 'MonitoringReportPage');
const incidentPages = () => import('./features/pages/incident-pages');
const IncidentsPage = lazyPage(incidentPages, 'IncidentsPage');
const ReportIncidentPage = lazyPage(incidentPages, 'ReportIncidentPage');
const IncidentPage = lazyPage(incidentPages, 'IncidentPage');
const grievancePages = () => import('./features/pages/grievance-pages');
const GrievancesPage = lazyPage(grievancePages, 'GrievancesPage');
const RecordGrievancePage = lazyPage(grievancePages, 'RecordGrievancePage');
const GrievanceSettingsPage = lazyPage(grievancePages, 'GrievanceSettingsPage');
const GrievancePage = lazyPage(grievancePages, 'GrievancePage');
const UsersPage = lazyPage(() => import('./features/pages/users-page'), 'UsersPage');
const AuditorsPage = lazyPage(() => import('./features/pages/auditors-page'), 'AuditorsPage');
const AuditsPage = lazyPage(() => import('./features/pages/audits-page'), 'AuditsPage');
const ActionPlansPage = lazyPage(
  () => import('./features/pages/action-plans-page'),
  'ActionPlansPage',
);
// The plan detail, named for its whole path (the shell's server preloads it with that page).
const ActionPlanPage = lazyPage(
  () =>
    import(
      /* webpackChunkName: "route-auditors~_~_~action-plans~_" */ './features/pages/action-plan-page'
    ),
  'ActionPlanPage',
);

/** The target-company area's routes, relative to /target-company. */
export function TargetCompanyRoutes() {
  return (
    <PageSuspense>
      <Routes>
        <Route index element={<Navigate to={routePatterns.dashboard} replace />} />
        <Route path={routePatterns.dashboard} element={<DashboardPage />} />
        <Route path={routePatterns.myActions} element={<MyActionsPage />} />
        <Route path={routePatterns.monitoringReports} element={<MonitoringReportsPage />} />
        <Route path={routePatterns.monitoringReport} element={<MonitoringReportPage />} />
        <Route path={routePatterns.incidents} element={<IncidentsPage />} />
        <Route path={routePatterns.reportIncident} element={<ReportIncidentPage />} />
        <Route path={routePatterns.incident} element={<IncidentPage />} />
        <Route path={routePatterns.grievances} element={<GrievancesPage />} />
        <Route path={routePatterns.recordGrievance} element={<RecordGrievancePage />} />
        <Route path={routePatterns.grievanceSettings} element={<GrievanceSettingsPage />} />
        <Route path={routePatterns.grievance} element={<GrievancePage />} />
        <Route path={routePatterns.users} element={<UsersPage />} />
        <Route path={routePatterns.auditors} element={<AuditorsPage />} />
        <Route path={routePatterns.auditorAudits} element={<AuditsPage />} />
        <Route path={routePatterns.actionPlans} element={<ActionPlansPage />} />
        <Route path={routePatterns.actionPlan} element={<ActionPlanPage />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </PageSuspense>
  );
}
