import { Navigate } from 'react-router-dom';
import { useSession } from '@verity/session';
import { paths } from '../config/paths';
import { LoginPage } from './login-page';

/** A signed-in user who opens /login is sent to the root. */
export function LoginRoute() {
  const status = useSession((state) => state.status);
  if (status === 'signed-in') return <Navigate to={paths.home} replace />;
  return <LoginPage />;
}
