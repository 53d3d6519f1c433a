import type { SessionUser } from '@verity/shared-api/src/server';
import { companyVisibleSql } from '../auth/tenancy';
import type { FigureScope } from './figures';

/** One target company; an auditor counts only their firm's audits there. */
export function companyScope(targetCompanyId: string, auditorId?: string): FigureScope {
  return { companyFilter: '= $1', params: [targetCompanyId], auditorId };
}

/**
 * One target company as `user` sees it (an auditor only their firm's audits): its figures are
 * undefined when the user may not see the company.
 */
export function visibleCompanyScope(user: SessionUser, targetCompanyId: string): FigureScope {
  const params: unknown[] = [targetCompanyId];
  const visible = companyVisibleSql(user, 'tc', params);
  return {
    companyFilter: '= $1',
    params,
    auditorId: user.userType === 'auditor' ? user.auditorId : undefined,
    readable: `EXISTS (SELECT 1 FROM target_companies tc WHERE tc.id = $1 AND ${visible})`,
  };
}

/** Every target company of a client (the client's portfolio). */
export function clientScope(clientId: string): FigureScope {
  return {
    companyFilter: 'IN (SELECT id FROM target_companies WHERE client_id = $1)',
    params: [clientId],
  };
}

/** The target companies an auditor firm is assigned to, counting only the firm's audits. */
export function auditorScope(auditorId: string): FigureScope {
  return {
    companyFilter: 'IN (SELECT target_company_id FROM company_auditors WHERE auditor_id = $1)',
    params: [auditorId],
    auditorId,
  };
}
