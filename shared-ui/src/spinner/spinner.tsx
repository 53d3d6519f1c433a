import { useLanguage } from '@verity/session';
import '../styles/feedback.css';
import { t } from '../texts';

export interface SpinnerProps {
  /** Announced to screen readers; ignored when decorative. */
  label?: string;
  size?: 'sm' | 'lg';
  /** Inside a control that already says it is busy. */
  decorative?: boolean;
}

export function Spinner({
  label = t('ui.common.loading'),
  size = 'sm',
  decorative = false,
}: SpinnerProps) {
  useLanguage();
  if (decorative) return <span className="vui-spinner" data-size={size} aria-hidden="true" />;
  return <span role="status" aria-label={label} className="vui-spinner" data-size={size} />;
}
