export { EmailInput } from './email-input';
export type { EmailInputProps, EmailValidation, EmailCheckStatus } from './email-input';
