import { Navigate } from 'react-router-dom';
import { useSession } from '@verity/session';
import { paths } from '../config/paths';

/** The root sends a signed-in user to their own area and everyone else to the login screen. */
export function Landing() {
  const user = useSession((state) => state.user);
  const status = useSession((state) => state.status);
  if (status === 'signed-in' && user) return <Navigate to={paths.area(user.userType)} replace />;
  return <Navigate to={paths.login} replace />;
}
