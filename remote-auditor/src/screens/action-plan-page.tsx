// The plan detail of the auditor area: its own chunk, preloaded with the page of its path.
import { useParams } from 'react-router-dom';
import { ActionPlanDetailScreen, planDetailPermissions } from '@verity/feature-action-plans';
import { useAuditorUser } from './use-auditor-user';
import { useCompanyTrail } from './use-company-trail';

export function AuditorActionPlanPage() {
  const user = useAuditorUser();
  const { targetCompanyId = '', auditId = '', actionPlanId = '' } = useParams();
  const trail = useCompanyTrail(targetCompanyId, auditId);
  return (
    <ActionPlanDetailScreen
      trail={trail}
      // A new plan starts with its own panel and dialogs closed.
      key={actionPlanId}
      actionPlanId={actionPlanId}
      targetCompanyId={targetCompanyId}
      auditId={auditId}
      permissions={planDetailPermissions(user)}
    />
  );
}
