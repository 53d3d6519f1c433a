import { Navigate, Route, Routes } from 'react-router-dom';
import { PageHeader } from '@verity/shared-ui';
import { TARGET_COMPANY_PAGE_TITLES as titles } from './strings';

const actionPlans = 'auditors/:auditorId/:auditId/action-plans';

/** The target-company area's routes, relative to /target-company. */
export function TargetCompanyRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="dashboard" replace />} />
      <Route path="dashboard" element={<PageHeader title={titles.dashboard} />} />
      <Route path="users" element={<PageHeader title={titles.users} />} />
      <Route path="auditors" element={<PageHeader title={titles.auditors} />} />
      <Route path="auditors/:auditorId" element={<PageHeader title={titles.audits} />} />
      <Route path={actionPlans} element={<PageHeader title={titles.actionPlans} />} />
      <Route
        path={`${actionPlans}/:actionPlanId`}
        element={<PageHeader title={titles.actionPlan} />}
      />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
