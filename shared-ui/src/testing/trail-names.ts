// The calls a nested page makes for its breadcrumb's names, answered with the kit's fixtures: a
// company 'Acme Steel Ltd', its auditor firm 'GreenAudit Partners' and the audit 'Normal Audit · EHS'.
import { apiAudit, apiCompanyAuditor, apiTargetCompany } from './api-fixtures';
import { ok, onApi } from './api-server';

/**
 * Answers the breadcrumb's name calls for a screen test. Call it before the test's own answers: a
 * later `onApi` on the same path takes precedence.
 */
export function onTrailNames(): void {
  onApi('get', 'target-company', ok({ targetCompanies: [apiTargetCompany()] }));
  onApi('get', 'auditor/target-company', ok({ targetCompanies: [apiTargetCompany()] }));
  onApi('get', 'target-company/auditors', ok({ auditors: [apiCompanyAuditor()] }));
  onApi('get', 'target-company/audit/:auditId', (request) =>
    ok({ audit: apiAudit({ _id: request.params.auditId }) }),
  );
}
