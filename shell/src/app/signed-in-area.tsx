import { languageReady, useLanguage } from '@verity/session';
import { lazy, Suspense } from 'react';
import type { SessionUser } from '@verity/shared-api';
import { LoadingState, ToastProvider } from '@verity/shared-ui';
import type { Area } from '../config/areas';
import { AppLayout } from '../features/layout';
import { ShellQueryProvider } from '../lib/query-client';
import { RemoteArea } from '../remotes';
import { t } from '../strings';

// Shown once its catalogue holds the language in use (docs/decisions/0109-languages.md).
const NotificationSettingsPage = lazy(async () => {
  const page = await import('../features/notification-settings/notification-settings-page');
  await languageReady();
  return page;
});

/**
 * The shell's own pages inside an area's layout (docs/decisions/0038-notifications-the-screens.md).
 */
export type ShellPage = 'notification-settings';

export interface SignedInAreaProps {
  area: Area;
  user: SessionUser;
  /** One of the shell's pages instead of the area's remote. */
  page?: ShellPage;
}

/**
 * The signed-in frame with the area's remote inside, and the toasts every area shows. Loaded only once
 * someone is signed in, so the login screen's first load carries none of it (docs/performance.md).
 */
export default function SignedInArea({ area, user, page }: SignedInAreaProps) {
  useLanguage();
  return (
    <ToastProvider>
      <ShellQueryProvider>
        <AppLayout user={user}>
          {page === 'notification-settings' ? (
            <Suspense fallback={<LoadingState text={t('shell.loading')} />}>
              <NotificationSettingsPage user={user} />
            </Suspense>
          ) : (
            <RemoteArea key={area.remoteName} area={area} />
          )}
        </AppLayout>
      </ShellQueryProvider>
    </ToastProvider>
  );
}
