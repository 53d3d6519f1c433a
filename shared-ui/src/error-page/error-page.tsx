import { Button, buttonStyleProps } from '../button';
import '../styles/feedback.css';

export interface ErrorPageProps {
  title?: string;
  /** The error text shown under the heading. */
  message?: string;
  homeHref?: string;
  /** Defaults to reloading the page. */
  onRefresh?: () => void;
  /** Fills the viewport when there is no layout around it. */
  fullscreen?: boolean;
}

export const ERROR_PAGE_DEFAULT_TITLE = 'Something went wrong';
export const ERROR_PAGE_DEFAULT_MESSAGE = 'Something went wrong.';

function reloadPage() {
  window.location.reload();
}

export function ErrorPage({
  title = ERROR_PAGE_DEFAULT_TITLE,
  message = ERROR_PAGE_DEFAULT_MESSAGE,
  homeHref = '/',
  onRefresh = reloadPage,
  fullscreen = false,
}: ErrorPageProps) {
  return (
    <section
      className="vui-error-page"
      data-fullscreen={fullscreen ? 'true' : undefined}
      aria-labelledby="vui-error-page-title"
    >
      <div className="vui-error-page__card">
        <span className="vui-error-page__icon" aria-hidden="true">
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
            <path d="M12 9v4M12 17h.01" />
          </svg>
        </span>
        <h1 id="vui-error-page-title" className="vui-error-page__title">
          {title}
        </h1>
        <p className="vui-error-page__message" role="alert">
          {message}
        </p>
        <div className="vui-error-page__actions">
          {/* A full page load: the app state that failed is thrown away. */}
          <a href={homeHref} {...buttonStyleProps({ variant: 'primary' })}>
            Back to home
          </a>
          <Button variant="secondary" onClick={onRefresh}>
            Refresh
          </Button>
        </div>
      </div>
    </section>
  );
}
