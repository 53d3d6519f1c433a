// What the signed-in user may do on a plan's detail, read from the one permission table
// (shared-api's domain/permissions.ts), the same for every area.
import {
  canAddGap,
  canAddRemark,
  canChangeGapStatus,
  canEditActionPlan,
  canEditGap,
  canRequestClosure,
  canAnswerExtension,
  canRequestExtension,
  canReviewClosure,
  canWithdrawRemark,
  type SessionUser,
} from '@verity/shared-api';
import type { ActionPlanDetailPermissions } from './action-plan-detail-screen';

/** No user (signed out, still loading) may do nothing. */
export function planDetailPermissions(
  user: SessionUser | null | undefined,
): ActionPlanDetailPermissions {
  return {
    canChangeStatus: canChangeGapStatus(user),
    canAddRemark: canAddRemark(user),
    canAddGap: canAddGap(user),
    canEditGap: canEditGap(user),
    canEditPlan: canEditActionPlan(user),
    canWithdrawRemark: (remark) => canWithdrawRemark(user, remark),
    canRequestClosure: canRequestClosure(user),
    canReviewClosure: canReviewClosure(user),
    canRequestExtension: canRequestExtension(user),
    canAnswerExtension: (approver) => canAnswerExtension(user, approver),
  };
}
