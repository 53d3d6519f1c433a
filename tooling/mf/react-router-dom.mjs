// What the page's one shared `react-router-dom` provides: the names the shell and the areas import,
// taken from react-router itself. A shared module is kept whole (webpack cannot know what another
// build will ask of it), so sharing the package as it is put all of React Router on every page,
// server rendering and framework mode included; through this list webpack keeps only what is named
// here. A name imported from 'react-router-dom' must be listed here (tooling/mf/shared.test.ts).
export {
  Link,
  Navigate,
  Outlet,
  Route,
  Routes,
  UNSAFE_DataRouterContext,
  createBrowserRouter,
  isRouteErrorResponse,
  useBlocker,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useRouteError,
  useSearchParams,
} from 'react-router';
export { RouterProvider } from 'react-router/dom';
