export { DashboardPage } from './dashboard-page';
export { UsersPage, canManageCompanyUsers } from './users-page';
export { AuditorsPage } from './auditors-page';
export { AuditsPage } from './audits-page';
export { ActionPlansPage } from './action-plans-page';
export { ActionPlanPage } from './action-plan-page';
export { MyActionsPage } from './my-actions-page';
