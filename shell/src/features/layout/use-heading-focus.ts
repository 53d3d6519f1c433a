import { useEffect, useRef, type RefObject } from 'react';

/** How long a page may take to show its heading after the address changed (a slow remote, a slow link). */
const HEADING_WAIT_MS = 10_000;

/**
 * After each change of page (not the first load, where the browser's own focus is right), moves
 * focus to the new page's h1, as a screen reader user expects from a real page load: the heading is
 * announced and Tab goes on from the top of the page. A page whose heading comes after its data is
 * waited for.
 */
export function useHeadingFocus(main: RefObject<HTMLElement | null>, pathname: string): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
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
  }, [main, pathname]);
}
