import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import '../styles/button.css';

export interface IconButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'aria-label'
> {
  /** The accessible name; an icon alone says nothing to a screen reader. */
  label: string;
  icon: ReactNode;
  variant?: 'ghost' | 'solid';
  shape?: 'square' | 'round';
}

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, icon, variant = 'ghost', shape = 'square', className, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      {...rest}
      aria-label={label}
      title={rest.title ?? label}
      className={className ? `vui-icon-button ${className}` : 'vui-icon-button'}
      data-variant={variant}
      data-shape={shape}
    >
      {icon}
    </button>
  );
});
