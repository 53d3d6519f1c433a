import { useSession } from '@verity/session';
import type { SessionUser } from '@verity/shared-api';

/** The signed-in user; the company they act for is always theirs (`targetCompanyId`), never the URL's. */
export function useCompanyUser(): SessionUser | undefined {
  return useSession((state) => state.user);
}
