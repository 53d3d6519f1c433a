import { Navigate, Route, Routes } from 'react-router-dom';
import {
  AuditorsPage,
  DashboardPage,
  SettingsPage,
  TargetCompaniesPage,
  UsersPage,
} from './pages/area-pages';
import {
  ActionPlanPage,
  ActionPlansPage,
  AuditsPage,
  CompanyAuditorsPage,
  CompanyDashboardPage,
  ManageCompanyPage,
} from './pages/company-pages';

const company = 'target-companies/:targetCompanyId';
const audits = `${company}/auditors/:auditorId`;
const actionPlans = `${audits}/:auditId/action-plans`;

/** The client area's routes, relative to /client (spec section 2, route map). */
export function ClientRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="dashboard" replace />} />
      <Route path="dashboard" element={<DashboardPage />} />
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
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
