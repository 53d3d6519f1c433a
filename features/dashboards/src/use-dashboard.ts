import { useEffect, useState } from 'react';
import { MESSAGES } from '@verity/shared-api';
import { getErrorStatus } from '@verity/session';
import { getErrorText } from '@verity/shared-api/calls';

/** Statuses whose server message a dashboard shows: the spec's 400, and 503 ('try again in a moment'). */
const SHOWN_STATUSES = new Set([400, 503]);

/** The dashboard error rule: a 400 or 503 shows the server's message, anything else 'Something went wrong'. */
export function dashboardErrorText(error: unknown): string {
  const status = getErrorStatus(error);
  return status !== undefined && SHOWN_STATUSES.has(status)
    ? getErrorText(error, MESSAGES.SOMETHING_WENT_WRONG_SHORT)
    : MESSAGES.SOMETHING_WENT_WRONG_SHORT;
}

/** True from the render after the first one, so charts start loading once the figures are on screen. */
export function useAfterFirstRender(ready: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (ready) setAfter(true);
  }, [ready]);
  return after;
}
