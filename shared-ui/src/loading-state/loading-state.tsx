import { useLanguage } from '@verity/session';
import { Spinner } from '../spinner';
import '../styles/feedback.css';
import { t } from '../texts';

export interface LoadingStateProps {
  /** The visible text under the spinner. */
  text?: string;
  /** Fills the viewport, for a whole page that is still loading. */
  fullscreen?: boolean;
}

export function LoadingState({
  text = t('ui.common.loading'),
  fullscreen = false,
}: LoadingStateProps) {
  useLanguage();
  return (
    <div
      className="vui-loading-state"
      data-fullscreen={fullscreen ? 'true' : undefined}
      role="status"
      aria-live="polite"
    >
      <Spinner size="lg" decorative />
      <p>{text}</p>
    </div>
  );
}
