import type { FigureScope } from './figures';

/** One target company; an auditor counts only their firm's audits there. */
export function companyScope(targetCompanyId: string, auditorId?: string): FigureScope {
  return { companyFilter: '= $1', params: [targetCompanyId], auditorId };
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
