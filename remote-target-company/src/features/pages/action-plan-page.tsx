import { useParams } from 'react-router-dom';
import { ActionPlanDetailScreen, planDetailPermissions } from '@verity/feature-action-plans';
import { RequireCompany } from '../company-session';
import { useAuditorTrail } from './use-auditor-trail';

/** One action plan with its gaps; `gap_id` in the query opens a gap's details. */
export function ActionPlanPage() {
  const { auditorId = '', auditId = '', actionPlanId = '' } = useParams();
  const trail = useAuditorTrail(auditorId, auditId);
  return (
    <RequireCompany>
      {({ user, targetCompanyId }) => (
        <ActionPlanDetailScreen
          actionPlanId={actionPlanId}
          targetCompanyId={targetCompanyId}
          auditId={auditId}
          trail={trail}
          permissions={planDetailPermissions(user)}
        />
      )}
    </RequireCompany>
  );
}
