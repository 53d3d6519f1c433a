import { Spinner } from '../spinner';
import '../styles/feedback.css';

export interface LoadingStateProps {
  /** The visible text under the spinner. */
  text?: string;
  /** Fills the viewport, for a whole page that is still loading. */
  fullscreen?: boolean;
}

export function LoadingState({ text = 'Loading...', fullscreen = false }: LoadingStateProps) {
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
