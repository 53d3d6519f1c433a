import { useSession } from '@verity/session';
import type { SessionUser } from '@verity/shared-api';

/** The signed-in client user (undefined in the standalone page, where nobody signs in). */
export function useSessionUser(): SessionUser | undefined {
  return useSession((state) => state.user);
}
