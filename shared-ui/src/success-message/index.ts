export { SuccessMessage } from './success-message';
export type { SuccessMessageProps } from './success-message';
