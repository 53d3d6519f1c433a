import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router-dom';
import { useSession, useLanguage } from '@verity/session';
import { LoadingState } from '@verity/shared-ui';
import type { Area } from '../config/areas';
import { paths } from '../config/paths';
import { LoginPage } from './login-page';
import { t } from '../strings';
import type { ShellPage } from './signed-in-area';

// Named so that the shell's server preloads it with an area's page (shell/server/page.ts).
const SignedInArea = lazy(
  () => import(/* webpackChunkName: "signed-in-area" */ './signed-in-area'),
);

/**
 * An area inside the signed-in layout. Without a session (401) the login screen is shown in place; after any
 * other failure to load the user the browser goes to /login; a user of another type goes to their own area.
 * `page` names one of the shell's own pages to show in the layout instead of the area's remote.
 */
export function AreaRoute({ area, page }: { area: Area; page?: ShellPage }) {
  useLanguage();
  const status = useSession((state) => state.status);
  const user = useSession((state) => state.user);

  if (status === 'error') return <Navigate to={paths.login} replace />;
  if (status !== 'signed-in' || !user) return <LoginPage />;
  if (user.userType !== area.userType) return <Navigate to={paths.area(user.userType)} replace />;
  return (
    <Suspense fallback={<LoadingState text={t('shell.loading')} fullscreen />}>
      <SignedInArea area={area} user={user} page={page} />
    </Suspense>
  );
}
