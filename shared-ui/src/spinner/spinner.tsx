import '../styles/feedback.css';

export interface SpinnerProps {
  /** Announced to screen readers; ignored when decorative. */
  label?: string;
  size?: 'sm' | 'lg';
  /** Inside a control that already says it is busy. */
  decorative?: boolean;
}

export function Spinner({ label = 'Loading...', size = 'sm', decorative = false }: SpinnerProps) {
  if (decorative) return <span className="vui-spinner" data-size={size} aria-hidden="true" />;
  return <span role="status" aria-label={label} className="vui-spinner" data-size={size} />;
}
