import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Expects nothing on the page to be wider than the screen: the page does not scroll sideways, and
 * no element of the main area sticks out past either edge, except inside a box that scrolls
 * (or clips) on its own and itself fits. Names the first offenders when it fails.
 */
export async function expectFitsWidth(page: Page, label: string) {
  const width = page.viewportSize()!.width;
  // Retried until the layout settles: just after a resize the shell has yet to re-render for the
  // new width (its drawer follows a media query through React state), so one frame may still show
  // the wide layout squeezed into the narrow screen.
  await expect(async () => {
    const found = await page.evaluate((screenWidth) => {
      // Past either edge: a row that cannot wrap can run off the left as well as the right.
      const outside = (element: Element) => {
        const { left, right } = element.getBoundingClientRect();
        return right > screenWidth + 1 || left < -1;
      };
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
  }).toPass({ timeout: 5_000 });
}

/**
 * Expects an open dialog to sit wholly on the screen, its buttons within reach, and its content
 * never wider than itself (a long body scrolls down inside the dialog, never sideways).
 */
export async function expectDialogFits(dialog: Locator, label: string) {
  await expect(dialog).toBeVisible();
  const found = await dialog.evaluate((element) => {
    const box = element.getBoundingClientRect();
    // The dialog and each part of it that scrolls: wider content would scroll it sideways.
    const boxes = [element, ...Array.from(element.querySelectorAll<HTMLElement>('*'))].filter(
      // Text for screen readers only is clipped to a pixel on purpose, and a field scrolls its own
      // long value as every text field does.
      (part) =>
        part === element ||
        (getComputedStyle(part).overflowX !== 'visible' &&
          part.clientWidth > 1 &&
          !part.matches('input, textarea, select')),
    );
    return {
      onScreen:
        box.left >= 0 &&
        box.top >= 0 &&
        box.right <= window.innerWidth + 1 &&
        box.bottom <= window.innerHeight + 1,
      overflowing: boxes
        .filter((part) => part.scrollWidth > part.clientWidth + 1)
        .slice(0, 3)
        .map((part) => `${part.tagName.toLowerCase()}.${part.className}`),
    };
  });
  expect({ label, ...found }).toEqual({ label, onScreen: true, overflowing: [] });
}

/**
 * Expects every element the locator finds to lie wholly between the screen's left and right edges:
 * a row that is too wide may push its first items past the left edge, where the page cannot scroll
 * to them and no width check of scrolling boxes sees them. Names the ones outside when it fails.
 */
export async function expectWithinScreenWidth(items: Locator, label: string) {
  await expect(items.first()).toBeVisible();
  const width = items.page().viewportSize()!.width;
  const outside = await items.evaluateAll(
    (elements, screenWidth) =>
      elements
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.left < 0 || box.right > screenWidth + 1)
        .map(
          ({ element, box }) =>
            `${element.textContent?.trim()} (${Math.round(box.left)} to ${Math.round(box.right)})`,
        ),
    width,
  );
  expect({ label, outside }).toEqual({ label, outside: [] });
}
