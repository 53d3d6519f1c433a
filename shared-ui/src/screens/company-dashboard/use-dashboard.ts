import { useEffect, useState } from 'react';
import { SOMETHING_WENT_WRONG_SHORT, getErrorStatus, getErrorText } from '@verity/shared-api';

export type DashboardState<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; dashboard: T };

/** The dashboard error rule: a 400 shows the server's message, anything else 'Something went wrong'. */
export function dashboardErrorText(error: unknown): string {
  return getErrorStatus(error) === 400
    ? getErrorText(error, SOMETHING_WENT_WRONG_SHORT)
    : SOMETHING_WENT_WRONG_SHORT;
}

/** Loads a dashboard once per key (the company or auditor it is for). */
export function useDashboard<T>(load: () => Promise<T>, key: string): DashboardState<T> {
  const [state, setState] = useState<DashboardState<T>>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    load().then(
      (dashboard) => current && setState({ status: 'ready', dashboard }),
      (error: unknown) =>
        current && setState({ status: 'error', message: dashboardErrorText(error) }),
    );
    return () => {
      current = false;
    };
    // `load` is a new function on each render; the key says when the data source changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return state;
}

/** True from the render after the first one, so charts start loading once the figures are on screen. */
export function useAfterFirstRender(ready: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (ready) setAfter(true);
  }, [ready]);
  return after;
}
