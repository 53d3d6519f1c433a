export { ErrorPage, ERROR_PAGE_DEFAULT_MESSAGE, ERROR_PAGE_DEFAULT_TITLE } from './error-page';
export type { ErrorPageProps } from './error-page';
