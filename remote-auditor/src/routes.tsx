import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LoadingState } from '@verity/shared-ui';
import { CreateActionPlanPage } from './features/create-action-plan/create-action-plan-page';
import {
  AuditorActionPlanPage,
  AuditorActionPlansPage,
  AuditorAuditsPage,
  AuditorCompaniesPage,
  AuditorDashboardPage,
  AuditorUsersPage,
} from './screens/auditor-screens';

// Loaded when opened: the import screen is for the few who import, not every auditor's first load.
const ImportEsapPage = lazy(() =>
  import(/* webpackChunkName: "import-esap" */ './features/import-esap/import-esap-page').then(
    (module) => ({ default: module.ImportEsapPage }),
  ),
);

const audits = 'target-companies/:targetCompanyId/audits';
const audit = `${audits}/:auditId`;

/** The auditor area's routes, relative to /auditor (spec section 2; the dashboard's path is ours). */
export function AuditorRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="target-companies" replace />} />
      <Route path="target-companies" element={<AuditorCompaniesPage />} />
      <Route path="dashboard" element={<AuditorDashboardPage />} />
      <Route path="users" element={<AuditorUsersPage />} />
      <Route path={audits} element={<AuditorAuditsPage />} />
      <Route path={`${audit}/action-plans`} element={<AuditorActionPlansPage />} />
      <Route path={`${audit}/action-plans/:actionPlanId`} element={<AuditorActionPlanPage />} />
      <Route path={`${audit}/create-audit`} element={<CreateActionPlanPage />} />
      <Route
        path={`${audit}/import-esap`}
        element={
          <Suspense fallback={<LoadingState />}>
            <ImportEsapPage />
          </Suspense>
        }
      />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
