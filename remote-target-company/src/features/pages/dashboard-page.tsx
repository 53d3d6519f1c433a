import {
  CompanyReportButton,
  IncidentsCard,
  MonitoringReportsCard,
  MyActionsCard,
} from '@verity/feature-action-plans';
import { GRIEVANCES_CARD_HINT, GRIEVANCES_LABEL } from '@verity/shared-api';
import { paths } from '../../config/paths';
import { CompanyDashboardScreen } from '@verity/feature-dashboards';
import { RequireCompany } from '../company-session';
import './dashboard-page.css';

/** The dashboard of the user's own company. */
export function DashboardPage() {
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
                title={GRIEVANCES_LABEL}
                hint={GRIEVANCES_CARD_HINT}
              />
            </div>
          }
        />
      )}
    </RequireCompany>
  );
}
