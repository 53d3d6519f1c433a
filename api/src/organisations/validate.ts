import type { RuleResult } from '@verity/shared-api/src/rules/organisation-rules';
import { invalid } from '../errors';

/** The input as the rule cast it (trimmed, defaults filled), or 400 with the first broken rule's message. */
export function passed<T>(result: RuleResult<T>): T {
  if (!result.ok) throw invalid(result.message);
  return result.value;
}
