// Where an auditor lands: the companies the firm works for. A page of its own, so its chunk carries
// only this screen.
import { Link } from 'react-router-dom';
import { getAuditorTargetCompanies } from '@verity/shared-api/calls';
import { TargetCompaniesScreen } from '@verity/feature-target-companies';
import { queryKeys } from '@verity/query';
import { useLanguage } from '@verity/session';
import { buttonStyleProps } from '@verity/shared-ui';
import { auditorPaths } from '../area-paths';
import { AUDITOR_TEXTS as texts } from '../strings';
import { useAuditorUser } from './use-auditor-user';

/** The companies the firm works for, each with its Audits link; 'Add Target Company' is for client owners only. */
export function AuditorCompaniesPage() {
  useLanguage();
  const auditorId = useAuditorUser()?.auditorId;
  return (
    <TargetCompaniesScreen
      cardLinks={['audits']}
      load={(query) => getAuditorTargetCompanies({ ...query, auditorId })}
      queryKey={queryKeys.targetCompanies({ auditorId })}
      actions={
        <Link to={auditorPaths.dashboard()} {...buttonStyleProps({ variant: 'secondary' })}>
          {texts.dashboardLink}
        </Link>
      }
    />
  );
}
