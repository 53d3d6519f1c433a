import { Navigate, Route, Routes } from 'react-router-dom';
import { PageHeader } from '@verity/shared-ui';
import { AUDITOR_PAGE_TITLES as titles } from './strings';

const audits = 'target-companies/:targetCompanyId/audits';
const audit = `${audits}/:auditId`;

/** The auditor area's routes, relative to /auditor. */
export function AuditorRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="target-companies" replace />} />
      <Route path="target-companies" element={<PageHeader title={titles.targetCompanies} />} />
      <Route path="users" element={<PageHeader title={titles.users} />} />
      <Route path={audits} element={<PageHeader title={titles.audits} />} />
      <Route path={`${audit}/action-plans`} element={<PageHeader title={titles.actionPlans} />} />
      <Route
        path={`${audit}/action-plans/:actionPlanId`}
        element={<PageHeader title={titles.actionPlan} />}
      />
      <Route
        path={`${audit}/create-audit`}
        element={<PageHeader title={titles.createActionPlan} />}
      />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
