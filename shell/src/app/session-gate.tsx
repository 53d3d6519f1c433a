import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useSession, useLanguage } from '@verity/session';
import { LoadingState } from '@verity/shared-ui';
import { t } from '../strings';

/** Loads the current user once on start; no route renders until the answer is in. */
export function SessionGate() {
  useLanguage();
  const status = useSession((state) => state.status);
  const loadUser = useSession((state) => state.loadUser);

  useEffect(() => {
    if (status === 'idle') void loadUser();
  }, [status, loadUser]);

  if (status === 'idle' || status === 'loading')
    return <LoadingState text={t('shell.loading')} fullscreen />;
  return <Outlet />;
}
