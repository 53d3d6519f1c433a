export { useLoad } from './use-load';
export type { LoadResult, LoadState } from './use-load';
