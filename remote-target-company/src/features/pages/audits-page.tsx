import { useParams } from 'react-router-dom';
import { CompanyPlansExport } from '@verity/feature-action-plans';
import { AuditsTableScreen } from '@verity/feature-audits';
import { paths } from '../../config/paths';
import { RequireCompany } from '../company-session';

/** One auditor firm's audits on the user's company; creating audits is not this area's work. */
export function AuditsPage() {
  const { auditorId = '' } = useParams();
  return (
    <RequireCompany>
      {({ targetCompanyId }) => (
        <AuditsTableScreen
          targetCompanyId={targetCompanyId}
          auditorId={auditorId}
          viewAuditsPath={(audit) => paths.actionPlans(auditorId, audit._id)}
          companyExport={<CompanyPlansExport targetCompanyId={targetCompanyId} />}
        />
      )}
    </RequireCompany>
  );
}
