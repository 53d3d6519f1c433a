import { useParams } from 'react-router-dom';
import { ActionPlanListScreen } from '@verity/feature-action-plans';
import { paths } from '../../config/paths';
import { RequireCompany } from '../company-session';

/** An audit's action plans with their gaps, and the company's CSV export. */
export function ActionPlansPage() {
  const { auditorId = '', auditId = '' } = useParams();
  return (
    <RequireCompany>
      {({ targetCompanyId }) => (
        <ActionPlanListScreen
          auditId={auditId}
          targetCompanyId={targetCompanyId}
          planPath={(actionPlanId) => paths.actionPlan(auditorId, auditId, actionPlanId)}
        />
      )}
    </RequireCompany>
  );
}
