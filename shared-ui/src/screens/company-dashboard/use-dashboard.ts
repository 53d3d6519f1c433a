import { useEffect, useState } from 'react';
import { SOMETHING_WENT_WRONG_SHORT, getErrorStatus, getErrorText } from '@verity/shared-api';

/** The dashboard error rule: a 400 shows the server's message, anything else 'Something went wrong'. */
export function dashboardErrorText(error: unknown): string {
  return getErrorStatus(error) === 400
    ? getErrorText(error, SOMETHING_WENT_WRONG_SHORT)
    : SOMETHING_WENT_WRONG_SHORT;
}

/** True from the render after the first one, so charts start loading once the figures are on screen. */
export function useAfterFirstRender(ready: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (ready) setAfter(true);
  }, [ready]);
  return after;
}
