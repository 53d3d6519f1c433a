// The plan detail of the client area: its own chunk, preloaded with the page of its path.
import { useParams } from 'react-router-dom';
import { ActionPlanDetailScreen, planDetailPermissions } from '@verity/feature-action-plans';
import { useSessionUser } from '../use-session-user';
import { useCompanyTrail } from './use-company-trail';

export function ActionPlanPage() {
  const { targetCompanyId = '', auditorId = '', auditId = '', actionPlanId = '' } = useParams();
  const user = useSessionUser();
  const trail = useCompanyTrail({ targetCompanyId, auditorId, auditId });
  return (
    <ActionPlanDetailScreen
      trail={trail}
      // A new plan starts with a fresh screen state.
      key={actionPlanId}
      actionPlanId={actionPlanId}
      targetCompanyId={targetCompanyId}
      auditId={auditId}
      permissions={planDetailPermissions(user)}
    />
  );
}
