import { Navigate, type RouteObject } from 'react-router-dom';
import { AREAS } from '../config/areas';
import { paths } from '../config/paths';
import { AreaRoute } from './area-route';
import { Landing } from './landing';
import { LoginRoute } from './login-route';
import { RouteError } from './route-error';
import { SessionGate } from './session-gate';

/** The shell's whole route tree; the browser router and the tests build their routers from it. */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      element: <SessionGate />,
      errorElement: <RouteError />,
      children: [
        { path: paths.home, element: <Landing /> },
        { path: paths.login, element: <LoginRoute /> },
        ...AREAS.flatMap((area) => [
          {
            path: paths.areaPattern(area.userType),
            element: <AreaRoute area={area} />,
          },
          // The shell's own page inside the area, ahead of the remote's splat (a more specific path).
          {
            path: paths.notificationSettings(area.userType),
            element: <AreaRoute area={area} page="notification-settings" />,
          },
        ]),
        { path: '*', element: <Navigate to={paths.home} replace /> },
      ],
    },
  ];
}
