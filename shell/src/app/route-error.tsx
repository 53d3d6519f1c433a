import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { getErrorText } from '@verity/shared-api/calls';
import { ErrorPage } from '@verity/shared-ui';

/** What any unexpected error in routing or rendering outside an area shows. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : getErrorText(error);
  return <ErrorPage message={message} fullscreen />;
}
