import { Navigate } from 'react-router-dom';
import { useSession } from '@verity/session';
import type { Area } from '../config/areas';
import { paths } from '../config/paths';
import { AppLayout } from '../features/layout';
import { LoginScreen } from '../features/login';
import { RemoteArea } from '../remotes';

/**
 * An area inside the signed-in layout. Without a session (401) the login screen is shown in place; after any
 * other failure to load the user the browser goes to /login; a user of another type goes to their own area.
 */
export function AreaRoute({ area }: { area: Area }) {
  const status = useSession((state) => state.status);
  const user = useSession((state) => state.user);

  if (status === 'error') return <Navigate to={paths.login} replace />;
  if (status !== 'signed-in' || !user) return <LoginScreen />;
  if (user.userType !== area.userType) return <Navigate to={paths.area(user.userType)} replace />;
  return (
    <AppLayout user={user}>
      <RemoteArea key={area.remoteName} area={area} />
    </AppLayout>
  );
}
