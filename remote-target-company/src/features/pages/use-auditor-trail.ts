import { TRAIL_TEXTS, useAuditNames, useCompanyAuditorName } from '@verity/feature-audits';
import { namedCrumb, useTrail, type Crumb, type PageTrail } from '@verity/shared-ui';
import { USER_TYPE_AREA_PATHS } from '@verity/shared-api';
import { paths } from '../../config/paths';
import { useCompanyUser } from '../company-session/use-company-user';

/**
 * Where a page under one of the company's auditor firms sits: Auditors / the firm / the audit. The
 * company is the user's own, so the firm's name leads the document title.
 */
export function useAuditorTrail(auditorId: string, auditId?: string): PageTrail {
  const targetCompanyId = useCompanyUser()?.targetCompanyId ?? '';
  const auditorName = useCompanyAuditorName(targetCompanyId, auditorId);
  const { audit } = useAuditNames(auditId);
  const crumbs: Crumb[] = [
    { label: TRAIL_TEXTS.auditors, to: `${USER_TYPE_AREA_PATHS.targetCompany}/auditors` },
    namedCrumb(auditorName, TRAIL_TEXTS.auditor, paths.auditorAudits(auditorId)),
  ];
  if (auditId) {
    crumbs.push(namedCrumb(audit, TRAIL_TEXTS.audit, paths.actionPlans(auditorId, auditId)));
  }
  return useTrail(crumbs, auditorName);
}
