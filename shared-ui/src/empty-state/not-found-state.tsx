import { getErrorStatus, isApiHttpError, useLanguage } from '@verity/session';
import { MALFORMED_ID_CODE, MESSAGES } from '@verity/shared-api';
import { EmptyState } from './empty-state';

/**
 * Whether a screen's load failed because its address names nothing the user can see: a 404, or
 * the API's 400 for an id that is not one at all (a mistyped address).
 */
export function isNotFound(error: unknown): boolean {
  if (getErrorStatus(error) === 404) return true;
  if (!isApiHttpError(error) || getErrorStatus(error) !== 400) return false;
  const body = error.data as { code?: unknown } | undefined;
  return body?.code === MALFORMED_ID_CODE;
}

/** What a screen shows instead of its content when its address names nothing the user can see. */
export function NotFoundState() {
  useLanguage();
  return (
    <div role="status">
      <EmptyState title={MESSAGES.PAGE_NOT_FOUND} description={MESSAGES.PAGE_NOT_FOUND_DETAIL} />
    </div>
  );
}
