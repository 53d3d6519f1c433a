// The client's portfolio dashboard, where a client lands: a page of its own, so its chunk carries
// only the dashboard.
import { CompanyDashboardScreen } from '@verity/feature-dashboards';
import { useLanguage } from '@verity/session';
import { CLIENT_PAGE_TITLES } from '../strings';

export function DashboardPage() {
  useLanguage();
  return <CompanyDashboardScreen portfolio title={CLIENT_PAGE_TITLES.dashboard} />;
}
