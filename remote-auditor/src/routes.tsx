import { Navigate, Route, Routes } from 'react-router-dom';
import { lazyPage, PageSuspense } from '@verity/shared-ui';

// Pages load when their route is first opened, each file its own chunk: the companies page, where
// auditors land, does not wait for the other pages' forms and dialogs, and the import screen is for
// the few who import. A chunk named `route-<segment>` is preloaded by the shell's server with the
// page of /auditor/<segment>.
const AuditorCompaniesPage = lazyPage(
  () => import(/* webpackChunkName: "route-target-companies" */ './screens/companies-page'),
  'AuditorCompaniesPage',
);
const auditorScreens = () => import('./screens/auditor-screens');
// The plan detail, named for its whole path (the shell's server preloads it with that page).
const AuditorActionPlanPage = lazyPage(
  () =>
    import(
      /* webpackChunkName: "route-target-companies~_~audits~_~action-plans~_" */ './screens/action-plan-page'
    ),
  'AuditorActionPlanPage',
);
const AuditorActionPlansPage = lazyPage(auditorScreens, 'AuditorActionPlansPage');
const AuditorAuditsPage = lazyPage(auditorScreens, 'AuditorAuditsPage');
const AuditorDashboardPage = lazyPage(
  () => import(/* webpackChunkName: "route-dashboard" */ './screens/dashboard-page'),
  'AuditorDashboardPage',
);
const AuditorUsersPage = lazyPage(auditorScreens, 'AuditorUsersPage');
const AuditorPortfolioPage = lazyPage(
  () => import(/* webpackChunkName: "route-portfolio" */ './screens/portfolio-page'),
  'AuditorPortfolioPage',
);
// Named for its whole path, so /auditor/portfolio/gaps preloads it and not the portfolio's chunk.
const AuditorGapExplorerPage = lazyPage(
  () => import(/* webpackChunkName: "route-portfolio~gaps" */ './screens/gap-explorer-page'),
  'AuditorGapExplorerPage',
);
const incidentPages = () => import('./screens/incident-pages');
const AuditorIncidentsPage = lazyPage(incidentPages, 'AuditorIncidentsPage');
const AuditorIncidentPage = lazyPage(incidentPages, 'AuditorIncidentPage');
const grievancePages = () => import('./screens/grievance-pages');
const AuditorGrievancesPage = lazyPage(grievancePages, 'AuditorGrievancesPage');
const AuditorGrievancePage = lazyPage(grievancePages, 'AuditorGrievancePage');
const CreateActionPlanPage = lazyPage(
  () => import('./features/create-action-plan/create-action-plan-page'),
  'CreateActionPlanPage',
);
const ImportEsapPage = lazyPage(
  () => import(/* webpackChunkName: "import-esap" */ './features/import-esap/import-esap-page'),
  'ImportEsapPage',
);

const audits = 'target-companies/:targetCompanyId/audits';
const audit = `${audits}/:auditId`;
const incidents = 'target-companies/:targetCompanyId/incidents';
const grievances = 'target-companies/:targetCompanyId/grievances';

/**
 * The auditor area's routes, relative to /auditor (the dashboard's path:
 * docs/decisions/0023-auditor-area.md).
 */
export function AuditorRoutes() {
  return (
    <PageSuspense>
      <Routes>
        <Route index element={<Navigate to="target-companies" replace />} />
        <Route path="target-companies" element={<AuditorCompaniesPage />} />
        <Route path="dashboard" element={<AuditorDashboardPage />} />
        <Route path="portfolio" element={<AuditorPortfolioPage />} />
        <Route path="portfolio/gaps" element={<AuditorGapExplorerPage />} />
        <Route path="users" element={<AuditorUsersPage />} />
        <Route path={incidents} element={<AuditorIncidentsPage />} />
        <Route path={`${incidents}/:incidentId`} element={<AuditorIncidentPage />} />
        <Route path={grievances} element={<AuditorGrievancesPage />} />
        <Route path={`${grievances}/:grievanceId`} element={<AuditorGrievancePage />} />
        <Route path={audits} element={<AuditorAuditsPage />} />
        <Route path={`${audit}/action-plans`} element={<AuditorActionPlansPage />} />
        <Route path={`${audit}/action-plans/:actionPlanId`} element={<AuditorActionPlanPage />} />
        <Route path={`${audit}/create-audit`} element={<CreateActionPlanPage />} />
        <Route path={`${audit}/import-esap`} element={<ImportEsapPage />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </PageSuspense>
  );
}
