// The auditor area's routes as screens: the feature screens with this area's paths and permissions
// (the companies page, where auditors land, is in companies-page.tsx, and the dashboard in
// dashboard-page.tsx: each is its own chunk, preloaded with its page).
import { Link, useParams } from 'react-router-dom';
import {
  canAddGap,
  canCreateAudit,
  GRIEVANCE_CARD_TEXT,
  INCIDENT_CARD_TEXT,
} from '@verity/shared-api';
import {
  ActionPlanListScreen,
  CompanyPlansExport,
  CompanyReportButton,
} from '@verity/feature-action-plans';
import { AuditsTableScreen } from '@verity/feature-audits';
import { OrganisationUsersScreen } from '@verity/feature-users';
import { useLanguage } from '@verity/session';
import { PageHeader, buttonStyleProps } from '@verity/shared-ui';
import { auditorPaths } from '../area-paths';
import { AUDITOR_PAGE_TITLES as titles } from '../strings';
import { NoAuditorFirm } from './no-auditor-firm';
import { useAuditorUser } from './use-auditor-user';
import { useCompanyTrail } from './use-company-trail';

export function AuditorAuditsPage() {
  useLanguage();
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
      companyExport={
        <>
          <CompanyPlansExport targetCompanyId={targetCompanyId} />
          {/* The company's monitoring report over the firm's plans: the auditor area has no company dashboard. */}
          <CompanyReportButton targetCompanyId={targetCompanyId} />
          <Link
            to={auditorPaths.incidents(targetCompanyId)}
            {...buttonStyleProps({ variant: 'secondary' })}
          >
            {INCIDENT_CARD_TEXT.title}
          </Link>
          <Link
            to={auditorPaths.grievances(targetCompanyId)}
            {...buttonStyleProps({ variant: 'secondary' })}
          >
            {GRIEVANCE_CARD_TEXT.label}
          </Link>
        </>
      }
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
  useLanguage();
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

export function AuditorUsersPage() {
  useLanguage();
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
