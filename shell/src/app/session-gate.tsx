import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useSession } from '@verity/session';
import { LoadingState } from '@verity/shared-ui';
import { LOADING_TEXT } from '../strings';

/** Loads the current user once on start; no route renders until the answer is in. */
export function SessionGate() {
  const status = useSession((state) => state.status);
  const loadUser = useSession((state) => state.loadUser);

  useEffect(() => {
    if (status === 'idle') void loadUser();
  }, [status, loadUser]);

  if (status === 'idle' || status === 'loading')
    return <LoadingState text={LOADING_TEXT} fullscreen />;
  return <Outlet />;
}
