import { useSession } from '@verity/session';
import type { SessionUser } from '@verity/shared-api';

/** The signed-in auditor user; the shell mounts the area only for one. */
export function useAuditorUser(): SessionUser | undefined {
  return useSession((state) => state.user);
}
