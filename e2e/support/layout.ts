import { expect, type Page } from '@playwright/test';

/**
 * Expects nothing on the page to be wider than the screen: the page does not scroll sideways, and
 * no element of the main area sticks out past the right edge, except inside a box that scrolls
 * (or clips) on its own and itself fits. Names the first offenders when it fails.
 */
export async function expectFitsWidth(page: Page, label: string) {
  const width = page.viewportSize()!.width;
  const found = await page.evaluate((screenWidth) => {
    const outside = (element: Element) => element.getBoundingClientRect().right > screenWidth + 1;
    return {
      page: document.documentElement.scrollWidth,
      widest: Array.from(document.querySelectorAll<HTMLElement>('main *'))
        .filter((element) => {
          if (!outside(element)) return false;
          for (let up = element.parentElement; up; up = up.parentElement) {
            const { overflowX } = getComputedStyle(up);
            if (overflowX === 'auto' || overflowX === 'scroll' || overflowX === 'hidden') {
              return outside(up);
            }
          }
          return true;
        })
        .slice(0, 3)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
    };
  }, width);
  expect({ label, ...found }).toEqual({ label, page: width, widest: [] });
}
