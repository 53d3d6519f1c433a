// The pages under target-companies/{targetCompanyId}: each reads its ids from the route.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import {
  MONITORING_REPORT_TEXT,
  canAddAuditOrCompanyAuditor,
  permissionFlags,
  type PermissionSubject,
  GRIEVANCE_CARD_TEXT,
  INCIDENT_CARD_TEXT,
} from '@verity/shared-api';
import {
  ActionPlanListScreen,
  CompanyPlansExport,
  CompanyReportButton,
  MonitoringReportScreen,
  MonitoringReportsScreen,
} from '@verity/feature-action-plans';
import { AuditsTableScreen, CompanyAuditorsScreen } from '@verity/feature-audits';
import { CompanyDashboardScreen } from '@verity/feature-dashboards';
import { useLanguage } from '@verity/session';
import { PageHeader, buttonStyleProps } from '@verity/shared-ui';
import { clientPaths } from '../client-paths';
import { AddAuditModal } from '../features/audits/add-audit-modal';
import { AssignAuditorModal } from '../features/company-auditors/assign-auditor-modal';
import { MilestonesSection } from '../features/financing-milestones/milestones-section';
import { CLIENT_PAGE_TITLES, manageTargetCompanyPlaceholder } from '../strings';
import { useSessionUser } from '../use-session-user';
import { useCompanyTrail } from './use-company-trail';

/** 'Add New Audit' and 'Add New Auditor' on a company: clients who are not viewers. */
export function canAddToCompany(user: PermissionSubject): boolean {
  return canAddAuditOrCompanyAuditor(user) && !permissionFlags(user).isViewer;
}

function useIds() {
  const { targetCompanyId = '', auditorId = '', auditId = '', actionPlanId = '' } = useParams();
  return { targetCompanyId, auditorId, auditId, actionPlanId };
}

export function CompanyDashboardPage() {
  useLanguage();
  const { targetCompanyId } = useIds();
  const trail = useCompanyTrail({ targetCompanyId });
  return (
    <>
      <CompanyDashboardScreen
        targetCompanyId={targetCompanyId}
        title={CLIENT_PAGE_TITLES.companyDashboard}
        trail={trail}
        actions={
          <>
            <Link
              to={clientPaths.monitoringReports(targetCompanyId)}
              {...buttonStyleProps({ variant: 'secondary' })}
            >
              {MONITORING_REPORT_TEXT.title}
            </Link>
            <Link
              to={clientPaths.incidents(targetCompanyId)}
              {...buttonStyleProps({ variant: 'secondary' })}
            >
              {INCIDENT_CARD_TEXT.title}
            </Link>
            <Link
              to={clientPaths.grievances(targetCompanyId)}
              {...buttonStyleProps({ variant: 'secondary' })}
            >
              {GRIEVANCE_CARD_TEXT.label}
            </Link>
            <CompanyReportButton targetCompanyId={targetCompanyId} />
          </>
        }
      />
      <MilestonesSection targetCompanyId={targetCompanyId} />
    </>
  );
}

export function CompanyAuditorsPage() {
  const { targetCompanyId } = useIds();
  const user = useSessionUser();
  const [adding, setAdding] = useState(false);
  const queryClient = useQueryClient();
  const canAdd = canAddToCompany(user);
  const trail = useCompanyTrail({ targetCompanyId });
  return (
    <>
      <CompanyAuditorsScreen
        targetCompanyId={targetCompanyId}
        trail={trail}
        auditsPath={(entry) => clientPaths.audits(targetCompanyId, entry.auditor._id)}
        onAddAuditor={canAdd ? () => setAdding(true) : undefined}
      />
      {canAdd ? (
        <AssignAuditorModal
          targetCompanyId={targetCompanyId}
          open={adding}
          onOpenChange={setAdding}
          onAssigned={() =>
            queryClient.invalidateQueries({ queryKey: queryKeys.companyAuditors(targetCompanyId) })
          }
        />
      ) : null}
    </>
  );
}

export function AuditsPage() {
  const { targetCompanyId, auditorId } = useIds();
  const user = useSessionUser();
  const [adding, setAdding] = useState(false);
  const queryClient = useQueryClient();
  const canAdd = canAddToCompany(user);
  const trail = useCompanyTrail({ targetCompanyId, auditorId });
  return (
    <>
      <AuditsTableScreen
        targetCompanyId={targetCompanyId}
        trail={trail}
        auditorId={auditorId}
        viewAuditsPath={(audit) => clientPaths.actionPlans(targetCompanyId, auditorId, audit._id)}
        onAddAudit={canAdd ? () => setAdding(true) : undefined}
        companyExport={<CompanyPlansExport targetCompanyId={targetCompanyId} />}
      />
      {canAdd ? (
        <AddAuditModal
          targetCompanyId={targetCompanyId}
          auditorId={auditorId}
          open={adding}
          onOpenChange={setAdding}
          onCreated={() =>
            queryClient.invalidateQueries({
              queryKey: queryKeys.audits({ targetCompanyId, auditorId }),
            })
          }
        />
      ) : null}
    </>
  );
}

export function ActionPlansPage() {
  const { targetCompanyId, auditorId, auditId } = useIds();
  const trail = useCompanyTrail({ targetCompanyId, auditorId, auditId });
  return (
    <ActionPlanListScreen
      targetCompanyId={targetCompanyId}
      trail={trail}
      auditId={auditId}
      planPath={(id) => clientPaths.actionPlan(targetCompanyId, auditorId, auditId, id)}
    />
  );
}

export function ManageCompanyPage() {
  useLanguage();
  const { targetCompanyId } = useIds();
  const trail = useCompanyTrail({ targetCompanyId });
  return (
    <PageHeader
      title={CLIENT_PAGE_TITLES.manageTargetCompany}
      trail={trail}
      description={manageTargetCompanyPlaceholder()}
    />
  );
}

/** The company's annual monitoring reports and the reporting rule the client sets. */
export function MonitoringReportsPage() {
  const { targetCompanyId } = useIds();
  const trail = useCompanyTrail({ targetCompanyId });
  return (
    <MonitoringReportsScreen
      targetCompanyId={targetCompanyId}
      trail={trail}
      reportPath={(reportId) => clientPaths.monitoringReport(targetCompanyId, reportId)}
    />
  );
}

/** One report, for the client's review: comments per section, Request changes or Accept. */
export function MonitoringReportPage() {
  const { targetCompanyId } = useIds();
  const { reportId = '' } = useParams();
  const companyTrail = useCompanyTrail({ targetCompanyId });
  const trail = {
    ...companyTrail,
    breadcrumbs: [
      ...companyTrail.breadcrumbs,
      {
        label: MONITORING_REPORT_TEXT.title,
        to: clientPaths.monitoringReports(targetCompanyId),
      },
    ],
  };
  return <MonitoringReportScreen reportId={reportId} trail={trail} />;
}
