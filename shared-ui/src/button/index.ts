export { Button, buttonStyleProps } from './button';
export type { ButtonProps, ButtonSize, ButtonStyleOptions, ButtonVariant } from './button';
