// The incidents of a company the firm is assigned to (docs/decisions/0099-serious-incidents.md):
// read with their clocks; the firm's owners and admins add corrective actions to its own plans.
import { useParams } from 'react-router-dom';
import { GAP_ID_PARAM, IncidentRegisterScreen, IncidentScreen } from '@verity/feature-action-plans';
import { INCIDENT_TEXT } from '@verity/shared-api';
import { auditorPaths } from '../area-paths';
import { useAuditorUser } from './use-auditor-user';
import { useCompanyTrail } from './use-company-trail';

export function AuditorIncidentsPage() {
  const { targetCompanyId = '' } = useParams();
  const trail = useCompanyTrail(targetCompanyId);
  return (
    <IncidentRegisterScreen
      targetCompanyId={targetCompanyId}
      trail={trail}
      incidentPath={(incident) => auditorPaths.incident(targetCompanyId, incident.id)}
    />
  );
}

export function AuditorIncidentPage() {
  const { targetCompanyId = '', incidentId = '' } = useParams();
  const auditorId = useAuditorUser()?.auditorId;
  const companyTrail = useCompanyTrail(targetCompanyId);
  const trail = {
    ...companyTrail,
    breadcrumbs: [
      ...companyTrail.breadcrumbs,
      { label: INCIDENT_TEXT.title, to: auditorPaths.incidents(targetCompanyId) },
    ],
  };
  return (
    <IncidentScreen
      incidentId={incidentId}
      trail={trail}
      planSource={auditorId ? { kind: 'auditor', auditorId } : undefined}
      gapLink={(action) => ({
        pathname: auditorPaths.actionPlan(targetCompanyId, action.auditId, action.actionPlanId),
        search: `?${GAP_ID_PARAM}=${encodeURIComponent(action.gapId)}`,
      })}
    />
  );
}
