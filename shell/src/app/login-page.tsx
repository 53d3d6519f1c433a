import { lazy, Suspense } from 'react';
import { LoadingState } from '@verity/shared-ui';
import { t } from '../strings';

// The login screen is its own chunk, which the shell's server preloads with the pages outside the
// areas (shell/server/page.ts): a signed-in first route does not carry it.
const LoginScreen = lazy(() =>
  import(/* webpackChunkName: "login" */ '../features/login/login-screen').then((module) => ({
    default: module.LoginScreen,
  })),
);

/** The login screen, as the routes show it. */
export function LoginPage() {
  return (
    <Suspense fallback={<LoadingState text={t('shell.loading')} fullscreen />}>
      <LoginScreen />
    </Suspense>
  );
}
