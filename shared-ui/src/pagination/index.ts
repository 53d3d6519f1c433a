export { Pagination, lastPage } from './pagination';
export type { PaginationProps } from './pagination';
