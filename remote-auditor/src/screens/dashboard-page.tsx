// The auditor's dashboard, on its own: one of the pages auditors open first, so its chunk holds
// only what it shows (the shell's server preloads it with the page of /auditor/dashboard).
import { useLanguage } from '@verity/session';
import { AuditorDashboardScreen } from '../features/auditor-dashboard';
import { AUDITOR_PAGE_TITLES as titles } from '../strings';
import { NoAuditorFirm } from './no-auditor-firm';
import { useAuditorUser } from './use-auditor-user';

export function AuditorDashboardPage() {
  useLanguage();
  const auditorId = useAuditorUser()?.auditorId;
  if (!auditorId) return <NoAuditorFirm title={titles.dashboard} />;
  return <AuditorDashboardScreen auditorId={auditorId} title={titles.dashboard} />;
}
