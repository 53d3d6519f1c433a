// The company's serious incidents (docs/decisions/0099-serious-incidents.md): the register, the
// report form and one incident, a chunk of their own.
import { Link, useParams } from 'react-router-dom';
import {
  GAP_ID_PARAM,
  IncidentRegisterScreen,
  IncidentScreen,
  ReportIncidentScreen,
} from '@verity/feature-action-plans';
import { INCIDENT_TEXT, may } from '@verity/shared-api';
import { buttonStyleProps, useTrail } from '@verity/shared-ui';
import { paths } from '../../config/paths';
import { RequireCompany } from '../company-session';

export function IncidentsPage() {
  return (
    <RequireCompany>
      {({ user, targetCompanyId }) => (
        <IncidentRegisterScreen
          targetCompanyId={targetCompanyId}
          incidentPath={(incident) => paths.incident(incident.id)}
          actions={
            may(user, 'reportIncident') ? (
              <Link to={paths.reportIncident()} {...buttonStyleProps({ variant: 'primary' })}>
                {INCIDENT_TEXT.report}
              </Link>
            ) : null
          }
        />
      )}
    </RequireCompany>
  );
}

export function ReportIncidentPage() {
  const trail = useTrail([{ label: INCIDENT_TEXT.title, to: paths.incidents() }]);
  return (
    <RequireCompany>
      {({ targetCompanyId }) => (
        <ReportIncidentScreen
          targetCompanyId={targetCompanyId}
          trail={trail}
          incidentPath={(incidentId) => paths.incident(incidentId)}
        />
      )}
    </RequireCompany>
  );
}

export function IncidentPage() {
  const { incidentId = '' } = useParams();
  const trail = useTrail([{ label: INCIDENT_TEXT.title, to: paths.incidents() }]);
  return (
    <RequireCompany>
      {() => (
        <IncidentScreen
          incidentId={incidentId}
          trail={trail}
          planSource={{ kind: 'company' }}
          gapLink={(action) => ({
            pathname: paths.actionPlan(action.auditorId, action.auditId, action.actionPlanId),
            search: `?${GAP_ID_PARAM}=${encodeURIComponent(action.gapId)}`,
          })}
        />
      )}
    </RequireCompany>
  );
}
