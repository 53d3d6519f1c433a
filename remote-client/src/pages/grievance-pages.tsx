// The client's grievance registers (per company and across the portfolio) and one grievance, read
// with the complainant's identity withheld (docs/decisions/0105-grievance-screens.md).
import { useParams } from 'react-router-dom';
import { GrievanceRegisterScreen, GrievanceScreen } from '@verity/feature-action-plans';
import { PORTFOLIO_TEXTS } from '@verity/feature-portfolio';
import { GRIEVANCE_TEXT } from '@verity/shared-api';
import { useTrail } from '@verity/shared-ui';
import { CLIENT_BASE, clientPaths } from '../client-paths';
import { useCompanyTrail } from './use-company-trail';

export function GrievancePortfolioPage() {
  const trail = useTrail([{ label: PORTFOLIO_TEXTS.title, to: `${CLIENT_BASE}/portfolio` }]);
  return (
    <GrievanceRegisterScreen
      targetCompanyId={null}
      trail={trail}
      grievancePath={(grievance) => clientPaths.grievance(grievance.targetCompanyId, grievance.id)}
    />
  );
}

export function CompanyGrievancesPage() {
  const { targetCompanyId = '' } = useParams();
  const trail = useCompanyTrail({ targetCompanyId });
  return (
    <GrievanceRegisterScreen
      targetCompanyId={targetCompanyId}
      trail={trail}
      description={GRIEVANCE_TEXT.readIntro}
      grievancePath={(grievance) => clientPaths.grievance(targetCompanyId, grievance.id)}
    />
  );
}

export function GrievancePage() {
  const { targetCompanyId = '', grievanceId = '' } = useParams();
  const companyTrail = useCompanyTrail({ targetCompanyId });
  const trail = {
    ...companyTrail,
    breadcrumbs: [
      ...companyTrail.breadcrumbs,
      { label: GRIEVANCE_TEXT.title, to: clientPaths.grievances(targetCompanyId) },
    ],
  };
  return <GrievanceScreen grievanceId={grievanceId} trail={trail} />;
}
