export { lazyPage, PageSuspense } from './lazy-page';
