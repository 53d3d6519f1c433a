// The company's grievance log (docs/decisions/0105-grievance-screens.md): the log, the form to
// record a grievance, one grievance with its steps, and the targets and identity viewers, a chunk of
// their own.
import { Link, useParams } from 'react-router-dom';
import {
  GrievanceRegisterScreen,
  GrievanceScreen,
  GrievanceSettingsScreen,
  GrievanceTargetsLine,
  RecordGrievanceScreen,
} from '@verity/feature-action-plans';
import { GRIEVANCE_TEXT, may } from '@verity/shared-api';
import { buttonStyleProps, useTrail } from '@verity/shared-ui';
import { paths } from '../../config/paths';
import { RequireCompany } from '../company-session';

export function GrievancesPage() {
  return (
    <RequireCompany>
      {({ user, targetCompanyId }) => (
        <GrievanceRegisterScreen
          targetCompanyId={targetCompanyId}
          grievancePath={(grievance) => paths.grievance(grievance.id)}
          lead={
            <GrievanceTargetsLine
              targetCompanyId={targetCompanyId}
              settingsPath={
                may(user, 'manageGrievanceTargets') ? paths.grievanceSettings() : undefined
              }
            />
          }
          actions={
            may(user, 'recordGrievance') ? (
              <Link to={paths.recordGrievance()} {...buttonStyleProps({ variant: 'primary' })}>
                {GRIEVANCE_TEXT.record}
              </Link>
            ) : null
          }
        />
      )}
    </RequireCompany>
  );
}

export function RecordGrievancePage() {
  const trail = useTrail([{ label: GRIEVANCE_TEXT.title, to: paths.grievances() }]);
  return (
    <RequireCompany>
      {({ targetCompanyId }) => (
        <RecordGrievanceScreen
          targetCompanyId={targetCompanyId}
          trail={trail}
          grievancePath={(grievanceId) => paths.grievance(grievanceId)}
        />
      )}
    </RequireCompany>
  );
}

export function GrievanceSettingsPage() {
  const trail = useTrail([{ label: GRIEVANCE_TEXT.title, to: paths.grievances() }]);
  return (
    <RequireCompany>
      {({ targetCompanyId }) => (
        <GrievanceSettingsScreen targetCompanyId={targetCompanyId} trail={trail} />
      )}
    </RequireCompany>
  );
}

export function GrievancePage() {
  const { grievanceId = '' } = useParams();
  const trail = useTrail([{ label: GRIEVANCE_TEXT.title, to: paths.grievances() }]);
  return (
    <RequireCompany>
      {() => <GrievanceScreen grievanceId={grievanceId} trail={trail} />}
    </RequireCompany>
  );
}
