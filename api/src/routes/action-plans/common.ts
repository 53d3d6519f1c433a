import { Type } from '@sinclair/typebox';
import type { RuleResult } from '@verity/shared-api/src/rules/gap-rules';
import { invalid } from '../../errors';
import { ErrorBody } from '../../schemas/envelope';

/** The error answers every action plan route may give. */
export const errorResponses = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const routeDefaults = { tags: ['action plans'], security: [{ session: [] }] };

export const CompanyQuery = Type.Object({ targetCompanyId: Type.String({ format: 'uuid' }) });
export const AuditQuery = Type.Object({ auditId: Type.String({ format: 'uuid' }) });

/** The checked value, or 400 with the rule's message. */
export function checked<T>(result: RuleResult<T>): T {
  if (!result.ok) throw invalid(result.message);
  return result.value;
}
