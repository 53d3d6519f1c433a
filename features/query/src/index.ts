// How the areas' screens load data: TanStack Query, one client per area, and the keys of what they
// load. It is compiled into each remote (not a federation singleton), so an area's cache is its own;
// the shell imports the bell's keys from here too.
export { createQueryClient, AreaQueryProvider, useFrameQueryClient } from './query-client';
export { notificationKeys, queryKeys } from './query-keys';
