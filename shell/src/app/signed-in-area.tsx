import type { SessionUser } from '@verity/shared-api';
import { ToastProvider } from '@verity/shared-ui';
import type { Area } from '../config/areas';
import { AppLayout } from '../features/layout';
import { ShellQueryProvider } from '../lib/query-client';
import { RemoteArea } from '../remotes';

export interface SignedInAreaProps {
  area: Area;
  user: SessionUser;
}

/**
 * The signed-in frame with the area's remote inside, and the toasts every area shows. Loaded only once
 * someone is signed in, so the login screen's first load carries none of it (docs/performance.md).
 */
export default function SignedInArea({ area, user }: SignedInAreaProps) {
  return (
    <ToastProvider>
      <ShellQueryProvider>
        <AppLayout user={user}>
          <RemoteArea key={area.remoteName} area={area} />
        </AppLayout>
      </ShellQueryProvider>
    </ToastProvider>
  );
}
