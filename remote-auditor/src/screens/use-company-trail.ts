import { TRAIL_TEXTS, useAuditNames } from '@verity/feature-audits';
import { useCompanyName } from '@verity/feature-target-companies';
import { queryKeys } from '@verity/query';
import { getAuditorTargetCompanies } from '@verity/shared-api/calls';
import { namedCrumb, useTrail, type Crumb, type PageTrail } from '@verity/shared-ui';
import { auditorPaths } from '../area-paths';
import { useAuditorUser } from './use-auditor-user';

/**
 * Where a page under a company sits in the auditor area: Companies / the company / the audit. A name
 * not loaded yet shows as its kind; the company's name leads the document title.
 */
export function useCompanyTrail(targetCompanyId: string, auditId?: string): PageTrail {
  const auditorId = useAuditorUser()?.auditorId;
  const companyName = useCompanyName(targetCompanyId, {
    load: (query) => getAuditorTargetCompanies({ ...query, auditorId }),
    queryKey: queryKeys.targetCompanies({ auditorId }),
  });
  const { audit } = useAuditNames(auditId);
  const crumbs: Crumb[] = [
    { label: TRAIL_TEXTS.companies, to: auditorPaths.targetCompanies() },
    namedCrumb(companyName, TRAIL_TEXTS.company, auditorPaths.audits(targetCompanyId)),
  ];
  if (auditId) {
    crumbs.push(
      namedCrumb(audit, TRAIL_TEXTS.audit, auditorPaths.actionPlans(targetCompanyId, auditId)),
    );
  }
  return useTrail(crumbs, companyName);
}
