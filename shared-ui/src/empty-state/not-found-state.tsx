import { getErrorStatus } from '@verity/session';
import { PAGE_NOT_FOUND, PAGE_NOT_FOUND_DETAIL } from '@verity/shared-api';
import { EmptyState } from './empty-state';

/** Whether a screen's load failed because its address names nothing the user can see (a 404). */
export function isNotFound(error: unknown): boolean {
  return getErrorStatus(error) === 404;
}

/** What a screen shows instead of its content when its address names nothing the user can see. */
export function NotFoundState() {
  return (
    <div role="status">
      <EmptyState title={PAGE_NOT_FOUND} description={PAGE_NOT_FOUND_DETAIL} />
    </div>
  );
}
