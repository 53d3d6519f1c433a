// Route-level code splitting: each page of an area is its own chunk, downloaded when its route is
// first opened, so an area's first screen brings only the code it renders.
import {
  lazy,
  Suspense,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { languageReady } from '@verity/session';
import { LoadingState } from '../loading-state';

/**
 * A page (a component without props) loaded on first render from `load()`'s export `name`, for a
 * route's element: `const UsersPage = lazyPage(() => import('./users-page'), 'UsersPage')`.
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): LazyExoticComponent<ComponentType> {
  // The page's packages register their catalogues as its chunk runs; it shows once they hold the
  // language in use (docs/decisions/0109-languages.md).
  return lazy(async () => {
    const module = await load();
    await languageReady();
    return { default: module[name] };
  });
}

/** Shows the loading state while the opened route's page is downloading. */
export function PageSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingState />}>{children}</Suspense>;
}
