import type { HTMLAttributes, ReactNode } from 'react';
import '../styles/display.css';

/** Every badge colour, declared once; status, risk and role badges pick from these. */
export const BADGE_TONES = ['neutral', 'primary', 'blue', 'green', 'yellow', 'red'] as const;
export type BadgeTone = (typeof BADGE_TONES)[number];

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
  /** A leading dot, so the badge reads as a state and not only by its colour. */
  dot?: boolean;
  icon?: ReactNode;
  children: ReactNode;
}

export function Badge({
  tone = 'neutral',
  dot = false,
  icon,
  className,
  children,
  ...rest
}: BadgeProps) {
  return (
    <span {...rest} className={className ? `vui-badge ${className}` : 'vui-badge'} data-tone={tone}>
      {dot ? <span className="vui-badge__dot" aria-hidden="true" /> : icon}
      {children}
    </span>
  );
}
