import { useParams } from 'react-router-dom';
import {
  canAddGap,
  canAddRemark,
  canChangeGapStatus,
  canEditActionPlan,
  canEditGap,
  canWithdrawRemark,
  type SessionUser,
  canRequestClosure,
  canReviewClosure,
} from '@verity/shared-api';
import {
  ActionPlanDetailScreen,
  type ActionPlanDetailPermissions,
} from '@verity/feature-action-plans';
import { RequireCompany } from '../company-session';
import { useAuditorTrail } from './use-auditor-trail';

/**
 * What a company user may do on a plan: remarks unless a viewer; status and gaps belong to clients
 * and auditors.
 */
export function actionPlanPermissions(user: SessionUser): ActionPlanDetailPermissions {
  return {
    canChangeStatus: canChangeGapStatus(user),
    canAddRemark: canAddRemark(user),
    canAddGap: canAddGap(user),
    canEditGap: canEditGap(user),
    canEditPlan: canEditActionPlan(user),
    canWithdrawRemark: (remark) => canWithdrawRemark(user, remark),
    canRequestClosure: canRequestClosure(user),
    canReviewClosure: canReviewClosure(user),
  };
}

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
          permissions={actionPlanPermissions(user)}
        />
      )}
    </RequireCompany>
  );
}
