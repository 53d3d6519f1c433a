import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Spinner } from '../spinner';
import '../styles/button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** Attributes that give any element (a link, say) the look of a button. */
export function buttonStyleProps({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
}: ButtonStyleOptions = {}) {
  return {
    className: 'vui-button',
    'data-variant': variant,
    'data-size': size,
    'data-full-width': fullWidth ? 'true' : undefined,
  } as const;
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyleOptions {
  /** Shows a spinner and disables the button while an action runs. */
  loading?: boolean;
  startIcon?: ReactNode;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant,
    size,
    fullWidth,
    loading = false,
    startIcon,
    disabled,
    className,
    children,
    type = 'button',
    ...rest
  },
  ref,
) {
  const style = buttonStyleProps({ variant, size, fullWidth });
  return (
    <button
      ref={ref}
      type={type}
      {...rest}
      {...style}
      className={className ? `${style.className} ${className}` : style.className}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading ? <Spinner decorative /> : startIcon}
      {children}
    </button>
  );
});
