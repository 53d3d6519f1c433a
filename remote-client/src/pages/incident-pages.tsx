// The client's incident register (per company and across the portfolio) and one incident, read
// with its clocks; the client asks questions and closes it (docs/decisions/0099-serious-incidents.md).
import { useParams } from 'react-router-dom';
import { GAP_ID_PARAM, IncidentRegisterScreen, IncidentScreen } from '@verity/feature-action-plans';
import { PORTFOLIO_TEXTS } from '@verity/feature-portfolio';
import { INCIDENT_TEXT } from '@verity/shared-api';
import { useTrail } from '@verity/shared-ui';
import { CLIENT_BASE, clientPaths } from '../client-paths';
import { useCompanyTrail } from './use-company-trail';

export function IncidentPortfolioPage() {
  const trail = useTrail([{ label: PORTFOLIO_TEXTS.title, to: `${CLIENT_BASE}/portfolio` }]);
  return (
    <IncidentRegisterScreen
      targetCompanyId={null}
      trail={trail}
      incidentPath={(incident) => clientPaths.incident(incident.targetCompanyId, incident.id)}
    />
  );
}

export function CompanyIncidentsPage() {
  const { targetCompanyId = '' } = useParams();
  const trail = useCompanyTrail({ targetCompanyId });
  return (
    <IncidentRegisterScreen
      targetCompanyId={targetCompanyId}
      trail={trail}
      incidentPath={(incident) => clientPaths.incident(targetCompanyId, incident.id)}
    />
  );
}

export function IncidentPage() {
  const { targetCompanyId = '', incidentId = '' } = useParams();
  const companyTrail = useCompanyTrail({ targetCompanyId });
  const trail = {
    ...companyTrail,
    breadcrumbs: [
      ...companyTrail.breadcrumbs,
      { label: INCIDENT_TEXT.title, to: clientPaths.incidents(targetCompanyId) },
    ],
  };
  return (
    <IncidentScreen
      incidentId={incidentId}
      trail={trail}
      gapLink={(action) => ({
        pathname: clientPaths.actionPlan(
          targetCompanyId,
          action.auditorId,
          action.auditId,
          action.actionPlanId,
        ),
        search: `?${GAP_ID_PARAM}=${encodeURIComponent(action.gapId)}`,
      })}
    />
  );
}
