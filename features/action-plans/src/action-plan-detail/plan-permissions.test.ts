import type { SessionUser } from '@verity/shared-api';
import { planDetailPermissions } from './plan-permissions';

const user = (userType: SessionUser['userType'], role: SessionUser['role']) =>
  ({ _id: 'u1', userType, role }) as SessionUser;

describe('what a plan detail lets each user do', () => {
  it.each([
    [
      'auditor',
      'admin',
      {
        canAddGap: true,
        canEditGap: true,
        canEditPlan: true,
        canChangeStatus: true,
        canRequestClosure: false,
        canReviewClosure: true,
      },
    ],
    [
      'auditor',
      'editor',
      {
        canAddGap: false,
        canEditGap: false,
        canEditPlan: false,
        canChangeStatus: true,
        canRequestClosure: false,
        canReviewClosure: false,
      },
    ],
    [
      'client',
      'owner',
      {
        canAddGap: false,
        canEditGap: false,
        canEditPlan: false,
        canChangeStatus: true,
        canRequestClosure: false,
        canReviewClosure: true,
      },
    ],
    [
      'client',
      'viewer',
      {
        canAddGap: false,
        canEditGap: false,
        canEditPlan: false,
        canChangeStatus: false,
        canAddRemark: false,
        canReviewClosure: false,
      },
    ],
    [
      'targetCompany',
      'editor',
      {
        canAddGap: false,
        canEditGap: false,
        canEditPlan: false,
        canAddRemark: true,
        canRequestClosure: true,
        canReviewClosure: false,
      },
    ],
  ] as const)('%s %s', (userType, role, expected) => {
    expect(planDetailPermissions(user(userType, role))).toMatchObject(expected);
  });

  it('lets no one do anything before the session is known', () => {
    const none = planDetailPermissions(undefined);
    expect(Object.values(none).filter((value) => value === true)).toEqual([]);
    expect(
      none.canWithdrawRemark!({
        user: { userId: 'u1', userType: 'auditor' },
        createdAt: new Date().toISOString(),
      } as never),
    ).toBe(false);
  });
});
