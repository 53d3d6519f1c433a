import { GAP_ID_PARAM, MyActionsScreen } from '@verity/feature-action-plans';
import { paths } from '../../config/paths';
import { RequireCompany } from '../company-session';

/** "My actions": the user's open gaps across the company's plans; a row opens the gap in its plan. */
export function MyActionsPage() {
  return (
    <RequireCompany>
      {() => (
        <MyActionsScreen
          actionLink={(action) => ({
            pathname: paths.actionPlan(action.auditorId, action.auditId, action.actionPlanId),
            search: `?${GAP_ID_PARAM}=${encodeURIComponent(action.gapId)}`,
          })}
        />
      )}
    </RequireCompany>
  );
}
