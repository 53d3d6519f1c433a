import { TRAIL_TEXTS, useAuditNames, useCompanyAuditorName } from '@verity/feature-audits';
import { useCompanyName } from '@verity/feature-target-companies';
import { namedCrumb, useTrail, type Crumb, type PageTrail } from '@verity/shared-ui';
import { CLIENT_BASE, clientPaths } from '../client-paths';

export interface CompanyTrailIds {
  targetCompanyId: string;
  auditorId?: string;
  auditId?: string;
}

/**
 * Where a page under a company sits: Companies / the company / its auditor firm / the audit. A name
 * not loaded yet shows as its kind; the company's name leads the document title.
 */
export function useCompanyTrail({
  targetCompanyId,
  auditorId,
  auditId,
}: CompanyTrailIds): PageTrail {
  const companyName = useCompanyName(targetCompanyId);
  const auditorName = useCompanyAuditorName(targetCompanyId, auditorId);
  const { audit } = useAuditNames(auditId);
  const crumbs: Crumb[] = [
    { label: TRAIL_TEXTS.companies, to: `${CLIENT_BASE}/target-companies` },
    namedCrumb(
      companyName,
      TRAIL_TEXTS.company,
      `${clientPaths.company(targetCompanyId)}/auditors`,
    ),
  ];
  if (auditorId) {
    crumbs.push(
      namedCrumb(auditorName, TRAIL_TEXTS.auditor, clientPaths.audits(targetCompanyId, auditorId)),
    );
  }
  if (auditorId && auditId) {
    crumbs.push(
      namedCrumb(
        audit,
        TRAIL_TEXTS.audit,
        clientPaths.actionPlans(targetCompanyId, auditorId, auditId),
      ),
    );
  }
  return useTrail(crumbs, companyName);
}
