import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { getErrorText } from '@verity/shared-api/calls';
import { useLanguage } from '@verity/session';
import { ErrorPage } from '@verity/shared-ui';
import { t } from '../strings';

/**
 * What any unexpected error in routing or rendering outside an area shows. A route's error answer
 * reads as its status in the language in use.
 */
export function RouteError() {
  useLanguage();
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? error.status === 404
      ? t('shell.routeError.notFound')
      : t('shell.routeError.status', { status: error.status })
    : getErrorText(error);
  return <ErrorPage message={message} fullscreen />;
}
