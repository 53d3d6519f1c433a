// The auditor area's routes as screens: the feature screens with this area's paths and permissions.
import { Link, useParams } from 'react-router-dom';
import {
  canAddGap,
  canAddRemark,
  canChangeGapStatus,
  canCreateAudit,
  canEditActionPlan,
  canEditGap,
  canWithdrawRemark,
  canRequestClosure,
  canReviewClosure,
} from '@verity/shared-api';
import { getAuditorTargetCompanies } from '@verity/shared-api/calls';
import {
  ActionPlanDetailScreen,
  ActionPlanListScreen,
  CompanyPlansExport,
} from '@verity/feature-action-plans';
import { AuditsTableScreen } from '@verity/feature-audits';
import { TargetCompaniesScreen } from '@verity/feature-target-companies';
import { queryKeys } from '@verity/query';
import { OrganisationUsersScreen } from '@verity/feature-users';
import { PageHeader, buttonStyleProps } from '@verity/shared-ui';
import { auditorPaths } from '../area-paths';
import { AuditorDashboardScreen } from '../features/auditor-dashboard';
import { AUDITOR_PAGE_TITLES as titles, AUDITOR_TEXTS as texts } from '../strings';
import { useAuditorUser } from './use-auditor-user';
import { useCompanyTrail } from './use-company-trail';

/** The companies the firm works for, each with its Audits link; 'Add Target Company' is for client owners only. */
export function AuditorCompaniesPage() {
  const auditorId = useAuditorUser()?.auditorId;
  return (
    <TargetCompaniesScreen
      cardLinks={['audits']}
      load={(query) => getAuditorTargetCompanies({ ...query, auditorId })}
      queryKey={queryKeys.targetCompanies({ auditorId })}
      actions={
        <Link to={auditorPaths.dashboard()} {...buttonStyleProps({ variant: 'secondary' })}>
          {texts.dashboardLink}
        </Link>
      }
    />
  );
}

function NoAuditorFirm({ title }: { title: string }) {
  return (
    <div>
      <PageHeader title={title} />
      <p role="alert">{texts.noAuditorFirm}</p>
    </div>
  );
}

export function AuditorDashboardPage() {
  const auditorId = useAuditorUser()?.auditorId;
  if (!auditorId) return <NoAuditorFirm title={titles.dashboard} />;
  return <AuditorDashboardScreen auditorId={auditorId} title={titles.dashboard} />;
}

export function AuditorAuditsPage() {
  const user = useAuditorUser();
  const { targetCompanyId = '' } = useParams();
  const trail = useCompanyTrail(targetCompanyId);
  if (!user?.auditorId) return <NoAuditorFirm title={titles.audits} />;
  return (
    <AuditsTableScreen
      targetCompanyId={targetCompanyId}
      trail={trail}
      auditorId={user.auditorId}
      viewAuditsPath={(audit) => auditorPaths.actionPlans(targetCompanyId, audit.id)}
      companyExport={<CompanyPlansExport targetCompanyId={targetCompanyId} />}
      createAuditPath={
        canCreateAudit(user)
          ? (audit) => auditorPaths.createAudit(targetCompanyId, audit.id)
          : undefined
      }
      importEsapPath={
        canAddGap(user) ? (audit) => auditorPaths.importEsap(targetCompanyId, audit.id) : undefined
      }
    />
  );
}

export function AuditorActionPlansPage() {
  const { targetCompanyId = '', auditId = '' } = useParams();
  const trail = useCompanyTrail(targetCompanyId, auditId);
  return (
    <ActionPlanListScreen
      targetCompanyId={targetCompanyId}
      trail={trail}
      auditId={auditId}
      title={titles.actionPlans}
      planPath={(actionPlanId) => auditorPaths.actionPlan(targetCompanyId, auditId, actionPlanId)}
    />
  );
}

export function AuditorActionPlanPage() {
  const user = useAuditorUser();
  const { targetCompanyId = '', auditId = '', actionPlanId = '' } = useParams();
  const trail = useCompanyTrail(targetCompanyId, auditId);
  return (
    <ActionPlanDetailScreen
      trail={trail}
      // A new plan starts with its own panel and dialogs closed.
      key={actionPlanId}
      actionPlanId={actionPlanId}
      targetCompanyId={targetCompanyId}
      auditId={auditId}
      permissions={{
        canChangeStatus: canChangeGapStatus(user),
        canAddRemark: canAddRemark(user),
        canAddGap: canAddGap(user),
        canEditGap: canEditGap(user),
        canEditPlan: canEditActionPlan(user),
        canWithdrawRemark: (remark) => canWithdrawRemark(user, remark),
        canRequestClosure: canRequestClosure(user),
        canReviewClosure: canReviewClosure(user),
      }}
    />
  );
}

export function AuditorUsersPage() {
  const user = useAuditorUser();
  if (!user) return <PageHeader title={titles.users} />;
  return (
    <OrganisationUsersScreen
      userType="auditor"
      canManageUsers={user.role === 'admin' || user.role === 'owner'}
      user={user}
    />
  );
}
