import { useParams } from 'react-router-dom';
import { ActionPlanListScreen } from '@verity/feature-action-plans';
import { paths } from '../../config/paths';
import { RequireCompany } from '../company-session';
import { useAuditorTrail } from './use-auditor-trail';

/** An audit's action plans with their gaps, and the company's CSV export. */
export function ActionPlansPage() {
  const { auditorId = '', auditId = '' } = useParams();
  const trail = useAuditorTrail(auditorId, auditId);
  return (
    <RequireCompany>
      {({ targetCompanyId }) => (
        <ActionPlanListScreen
          auditId={auditId}
          targetCompanyId={targetCompanyId}
          trail={trail}
          planPath={(actionPlanId) => paths.actionPlan(auditorId, auditId, actionPlanId)}
        />
      )}
    </RequireCompany>
  );
}
