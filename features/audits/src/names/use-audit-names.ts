// The names a nested page shows in its breadcrumb and heading: the audit and the auditor firm. They
// come from the calls the screens make anyway, under the same keys, so a page reached by clicking
// down finds them loaded.
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import { AUDIT_TYPE_LABELS, auditCategoryLabel, type Audit } from '@verity/shared-api';
import { getAudit, getCompanyAuditors } from '@verity/shared-api/calls';
import { t } from '../texts';

/** 'Due Diligence · Social': an audit's type and category, its name wherever it is listed. */
export function auditName(audit: Pick<Audit, 'auditType' | 'auditCategory'>): string {
  return `${AUDIT_TYPE_LABELS[audit.auditType]} · ${auditCategoryLabel(audit.auditCategory)}`;
}

export interface AuditNames {
  audit?: string;
  auditorName?: string;
}

/** The audit's name and its auditor firm's, once GET /target-company/audit/{auditId} answers. */
export function useAuditNames(auditId: string | undefined): AuditNames {
  const query = useQuery({
    queryKey: queryKeys.audit(auditId),
    queryFn: () => getAudit(auditId ?? ''),
    enabled: Boolean(auditId),
  });
  if (!query.data) return {};
  return { audit: auditName(query.data), auditorName: query.data.auditorName };
}

/**
 * The name of an auditor firm assigned to the company: the company's assignments narrowed to that
 * firm (`auditorId`); a firm the user does not see shows as its kind, as while loading.
 */
export function useCompanyAuditorName(
  targetCompanyId: string,
  auditorId: string | undefined,
): string | undefined {
  const query = useQuery({
    queryKey: queryKeys.companyAuditors(targetCompanyId, { auditorId }),
    queryFn: () => getCompanyAuditors(targetCompanyId, { auditorId, pageSize: 1 }),
    enabled: Boolean(targetCompanyId && auditorId),
  });
  return query.data?.auditors.find((entry) => entry.auditor._id === auditorId)?.auditor.auditorName;
}

/**
 * The words of the nested pages' breadcrumbs: the lists at their top and the kinds of their levels,
 * read in the language in use.
 */
export const TRAIL_TEXTS = {
  get companies() {
    return t('audits.trail.companies');
  },
  get auditors() {
    return t('audits.trail.auditors');
  },
  get company() {
    return t('audits.trail.company');
  },
  get auditor() {
    return t('audits.trail.auditor');
  },
  get audit() {
    return t('audits.trail.audit');
  },
};
