import { languageReady, useLanguage } from '@verity/session';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { LoadingState } from '@verity/shared-ui';
import type { Area } from '../config/areas';
import { t } from '../strings';
import { loadRemoteArea } from './federation';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { RemoteLoadError } from './remote-load-error';

/** The area's app, shown once the catalogues its start registered hold the language in use. */
function lazyRemoteArea(remoteName: string) {
  return lazy<ComponentType>(async () => {
    const app = await loadRemoteArea(remoteName).catch((error: unknown) => {
      throw new RemoteLoadError(remoteName, { cause: error });
    });
    await languageReady();
    return app;
  });
}

/** Mounts an area's remote app; a remote that fails to load or render shows the error page in its place. */
export function RemoteArea({ area }: { area: Area }) {
  useLanguage();
  // One lazy component per mount: a later visit retries a remote that failed.
  const [AreaApp] = useState(() => lazyRemoteArea(area.remoteName));
  const { pathname } = useLocation();
  return (
    <RemoteErrorBoundary areaLabel={area.label} resetKey={pathname}>
      <Suspense fallback={<LoadingState text={t('shell.loading')} />}>
        <AreaApp />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
