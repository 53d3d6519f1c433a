import { CompanyReportButton, MyActionsCard } from '@verity/feature-action-plans';
import { paths } from '../../config/paths';
import { CompanyDashboardScreen } from '@verity/feature-dashboards';
import { RequireCompany } from '../company-session';

/** The dashboard of the user's own company. */
export function DashboardPage() {
  return (
    <RequireCompany>
      {({ targetCompanyId }) => (
        <CompanyDashboardScreen
          targetCompanyId={targetCompanyId}
          actions={<CompanyReportButton targetCompanyId={targetCompanyId} />}
          lead={<MyActionsCard to={paths.myActions()} />}
        />
      )}
    </RequireCompany>
  );
}
