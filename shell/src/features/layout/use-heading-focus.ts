import { useEffect, useRef, type RefObject } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** How long a page may take to show its heading after the address changed (a slow remote, a slow link). */
const HEADING_WAIT_MS = 10_000;

/**
 * After each change of page the user made (a link, Back or Forward; not the first load, where the
 * browser's own focus is right, and not a redirect such as /client to /client/dashboard, which is
 * still the first load to the user), moves focus to the new page's h1, as a screen reader user
 * expects from a real page load: the heading is announced and Tab goes on from the top of the page.
 * A page whose heading comes after its data is waited for.
 */
export function useHeadingFocus(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (navigationType === 'REPLACE') return;
    const container = main.current;
    if (!container) return;
    const focusHeading = (): boolean => {
      const heading = container.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(container, { childList: true, subtree: true });
    return stop;
    // Only a new path moves focus; the navigation's kind is read with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [main, pathname]);
}
