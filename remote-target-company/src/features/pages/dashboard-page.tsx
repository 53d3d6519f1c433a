import { useLanguage } from '@verity/session';
import {
  CompanyReportButton,
  IncidentsCard,
  MonitoringReportsCard,
  MyActionsCard,
} from '@verity/feature-action-plans';
import { GRIEVANCE_CARD_TEXT } from '@verity/shared-api';
import { paths } from '../../config/paths';
import { CompanyDashboardScreen } from '@verity/feature-dashboards';
import { RequireCompany } from '../company-session';
import './dashboard-page.css';

/** The dashboard of the user's own company. */
export function DashboardPage() {
  useLanguage();
  return (
    <RequireCompany>
      {({ targetCompanyId }) => (
        <CompanyDashboardScreen
          targetCompanyId={targetCompanyId}
          actions={<CompanyReportButton targetCompanyId={targetCompanyId} />}
          lead={
            <div className="vc-dashboard-cards">
              <MyActionsCard to={paths.myActions()} />
              <MonitoringReportsCard to={paths.monitoringReports()} />
              <IncidentsCard to={paths.incidents()} />
              <IncidentsCard
                to={paths.grievances()}
                title={GRIEVANCE_CARD_TEXT.label}
                hint={GRIEVANCE_CARD_TEXT.cardHint}
              />
            </div>
          }
        />
      )}
    </RequireCompany>
  );
}
