// The plan detail of the client area: its own chunk, preloaded with the page of its path.
import { useParams } from 'react-router-dom';
import {
  canAddRemark,
  canWithdrawRemark,
  canChangeGapStatus,
  canRequestClosure,
  canReviewClosure,
} from '@verity/shared-api';
import { ActionPlanDetailScreen } from '@verity/feature-action-plans';
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
      permissions={{
        canChangeStatus: canChangeGapStatus(user),
        canAddRemark: canAddRemark(user),
        canAddGap: false,
        canEditGap: false,
        canEditPlan: false,
        canWithdrawRemark: (remark) => canWithdrawRemark(user, remark),
        canRequestClosure: canRequestClosure(user),
        canReviewClosure: canReviewClosure(user),
      }}
    />
  );
}
