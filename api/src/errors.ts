import type { RuleResult } from '@verity/shared-api/src/rules/rule-result';
import { accessMessages, errorCodes, messages } from './messages';

/** An error whose status, code and message the client may see as they are. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const notSignedIn = () =>
  new ApiError(401, errorCodes.unauthenticated, messages.notSignedIn);
export const sessionExpired = () =>
  new ApiError(403, errorCodes.accessTokenExpired, messages.sessionExpired);
export const sessionReused = () =>
  new ApiError(401, errorCodes.refreshTokenReused, messages.sessionReused);

/** An object outside the caller's tenancy: 404, so nothing leaks about what exists. */
export const notFound = () => new ApiError(404, errorCodes.notFound, messages.notFound);
/** An action the caller's user type or role may not take on an object they can see. */
export const forbidden = () => new ApiError(403, 'FORBIDDEN', accessMessages.forbidden);
/** A rule of spec section 5 broken: 400 with the spec's message. */
export const invalid = (message: string) => new ApiError(400, errorCodes.validationFailed, message);

/** The input as the rule cast it (trimmed, defaults filled), or 400 with the first broken rule's message. */
export function passed<T>(result: RuleResult<T>): T {
  if (!result.ok) throw invalid(result.message);
  return result.value;
}
