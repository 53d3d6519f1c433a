export { ListPages, Pagination, lastPage } from './pagination';
export type { LoadedPage, PaginationProps } from './pagination';
export { pageFromSearch, usePageInAddress } from './use-page-in-address';
export { usePagedList } from './use-paged-list';
export type { PagedListOptions, PagedListRequest } from './use-paged-list';
