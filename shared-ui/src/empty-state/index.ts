export { EmptyState } from './empty-state';
export type { EmptyStateProps } from './empty-state';
export { NotFoundState, isNotFound } from './not-found-state';
