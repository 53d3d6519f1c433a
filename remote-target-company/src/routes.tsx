import { Navigate, Route, Routes } from 'react-router-dom';
import { routePatterns } from './config/paths';
import {
  ActionPlanPage,
  ActionPlansPage,
  AuditorsPage,
  AuditsPage,
  DashboardPage,
  UsersPage,
} from './features/pages';

/** The target-company area's routes, relative to /target-company. */
export function TargetCompanyRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to={routePatterns.dashboard} replace />} />
      <Route path={routePatterns.dashboard} element={<DashboardPage />} />
      <Route path={routePatterns.users} element={<UsersPage />} />
      <Route path={routePatterns.auditors} element={<AuditorsPage />} />
      <Route path={routePatterns.auditorAudits} element={<AuditsPage />} />
      <Route path={routePatterns.actionPlans} element={<ActionPlansPage />} />
      <Route path={routePatterns.actionPlan} element={<ActionPlanPage />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
