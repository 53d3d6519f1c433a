import { Navigate, Route, Routes } from 'react-router-dom';
import { PageHeader } from '@verity/shared-ui';
import { CLIENT_PAGE_TITLES as titles, MANAGE_TARGET_COMPANY_PLACEHOLDER } from './strings';

const company = 'target-companies/:targetCompanyId';
const audits = `${company}/auditors/:auditorId`;
const actionPlans = `${audits}/:auditId/action-plans`;

/** The client area's routes, relative to /client. */
export function ClientRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="dashboard" replace />} />
      <Route path="dashboard" element={<PageHeader title={titles.dashboard} />} />
      <Route path="users" element={<PageHeader title={titles.users} />} />
      <Route path="auditors" element={<PageHeader title={titles.auditors} />} />
      <Route path="target-companies" element={<PageHeader title={titles.targetCompanies} />} />
      <Route path={`${company}/auditors`} element={<PageHeader title={titles.companyAuditors} />} />
      <Route path={audits} element={<PageHeader title={titles.audits} />} />
      <Route path={actionPlans} element={<PageHeader title={titles.actionPlans} />} />
      <Route
        path={`${actionPlans}/:actionPlanId`}
        element={<PageHeader title={titles.actionPlan} />}
      />
      <Route
        path={`${company}/manage`}
        element={
          <PageHeader
            title={titles.manageTargetCompany}
            description={MANAGE_TARGET_COMPANY_PLACEHOLDER}
          />
        }
      />
      <Route
        path={`${company}/dashboard`}
        element={<PageHeader title={titles.companyDashboard} />}
      />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
