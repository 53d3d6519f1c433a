// The grievance log of a company the firm is assigned to, read only and with complainants'
// identities withheld (docs/decisions/0105-grievance-screens.md).
import { useParams } from 'react-router-dom';
import { GrievanceRegisterScreen, GrievanceScreen } from '@verity/feature-action-plans';
import { GRIEVANCE_TEXT } from '@verity/shared-api';
import { auditorPaths } from '../area-paths';
import { useCompanyTrail } from './use-company-trail';

export function AuditorGrievancesPage() {
  const { targetCompanyId = '' } = useParams();
  const trail = useCompanyTrail(targetCompanyId);
  return (
    <GrievanceRegisterScreen
      targetCompanyId={targetCompanyId}
      trail={trail}
      description={GRIEVANCE_TEXT.readIntro}
      grievancePath={(grievance) => auditorPaths.grievance(targetCompanyId, grievance.id)}
    />
  );
}

export function AuditorGrievancePage() {
  const { targetCompanyId = '', grievanceId = '' } = useParams();
  const companyTrail = useCompanyTrail(targetCompanyId);
  const trail = {
    ...companyTrail,
    breadcrumbs: [
      ...companyTrail.breadcrumbs,
      { label: GRIEVANCE_TEXT.title, to: auditorPaths.grievances(targetCompanyId) },
    ],
  };
  return <GrievanceScreen grievanceId={grievanceId} trail={trail} />;
}
