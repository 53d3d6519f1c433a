import { useLanguage } from '@verity/session';
import { Button, buttonStyleProps } from '../button';
import '../styles/feedback.css';
import { t } from '../texts';

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

/** The error page's heading when none is given, in the language in use. */
export const errorPageDefaultTitle = () => t('ui.errorPage.title');
/** The error page's text when none is given, in the language in use. */
export const errorPageDefaultMessage = () => t('ui.errorPage.message');

function reloadPage() {
  window.location.reload();
}

export function ErrorPage({
  title = errorPageDefaultTitle(),
  message = errorPageDefaultMessage(),
  homeHref = '/',
  onRefresh = reloadPage,
  fullscreen = false,
}: ErrorPageProps) {
  useLanguage();
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
            {t('ui.errorPage.home')}
          </a>
          <Button variant="secondary" onClick={onRefresh}>
            {t('ui.errorPage.refresh')}
          </Button>
        </div>
      </div>
    </section>
  );
}
