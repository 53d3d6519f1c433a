export { ErrorPage, errorPageDefaultMessage, errorPageDefaultTitle } from './error-page';
export type { ErrorPageProps } from './error-page';
