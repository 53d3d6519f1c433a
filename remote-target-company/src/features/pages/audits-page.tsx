import { useParams } from 'react-router-dom';
import { CompanyPlansExport } from '@verity/feature-action-plans';
import { AuditsTableScreen } from '@verity/feature-audits';
import { paths } from '../../config/paths';
import { RequireCompany } from '../company-session';
import { useAuditorTrail } from './use-auditor-trail';

/** One auditor firm's audits on the user's company; creating audits is not this area's work. */
export function AuditsPage() {
  const { auditorId = '' } = useParams();
  const trail = useAuditorTrail(auditorId);
  return (
    <RequireCompany>
      {({ targetCompanyId }) => (
        <AuditsTableScreen
          targetCompanyId={targetCompanyId}
          auditorId={auditorId}
          trail={trail}
          viewAuditsPath={(audit) => paths.actionPlans(auditorId, audit._id)}
          companyExport={<CompanyPlansExport targetCompanyId={targetCompanyId} />}
        />
      )}
    </RequireCompany>
  );
}
