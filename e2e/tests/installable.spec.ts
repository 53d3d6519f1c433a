import { expect, test } from '@playwright/test';

// Chromium itself reads the web app manifest the page names, and finds nothing in it to ignore: what
// a phone or a tablet reads to add Verity to its home screen (docs/decisions/0100-installable.md;
// the icons and their sizes: shell/server/installable.test.ts).

test(
  'Chromium reads the web app manifest without a complaint',
  { tag: '@read-only' },
  async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login As Client' })).toBeVisible();
    const cdp = await page.context().newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: { message: string }[];
    };
    expect(new URL(manifest.url).pathname).toBe('/manifest.webmanifest');
    expect(manifest.errors).toEqual([]);
  },
);
