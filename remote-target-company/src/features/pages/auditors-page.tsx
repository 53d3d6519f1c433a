import { CompanyAuditorsScreen } from '@verity/feature-audits';
import { paths } from '../../config/paths';
import { RequireCompany } from '../company-session';

/** The auditor firms assigned to the user's company; adding one is the client's work. */
export function AuditorsPage() {
  return (
    <RequireCompany>
      {({ targetCompanyId }) => (
        <CompanyAuditorsScreen
          targetCompanyId={targetCompanyId}
          auditsPath={(entry) => paths.auditorAudits(entry.auditor._id)}
        />
      )}
    </RequireCompany>
  );
}
