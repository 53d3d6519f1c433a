// How the areas' screens load data: TanStack Query, one client per area, and the keys of what they
// load. It is compiled into each remote (not a federation singleton), so an area's cache is its own.
export { createQueryClient, AreaQueryProvider } from './query-client';
export { queryKeys } from './query-keys';
