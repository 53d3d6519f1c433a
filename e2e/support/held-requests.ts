import type { Page } from '@playwright/test';

/**
 * Holds the page's requests to `url` until the returned function is called: the screen as a person
 * sees it while an answer is on its way. (A service worker answers its own requests, out of the
 * page's reach: a test holding those blocks it, `serviceWorkers: 'block'`.)
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
