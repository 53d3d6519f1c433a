import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/accessibility';
import { screenshot } from '../support/session';
import { atBothSizes } from '../support/sizes';

// On a slow link the page's own HTML already shows the product's frame and says that it is loading,
// before a byte of JavaScript has arrived; the app then takes its place.

atBothSizes((size) => {
  test(
    'the first paint is the frame with a loading state, never a blank page',
    { tag: '@read-only' },
    async ({ page }) => {
      // Scripts that never arrive: what a user sees while a slow link is still bringing them.
      await page.route('**/*.js', () => undefined);
      await page.goto('/login', { waitUntil: 'commit' });
      await expect(page.getByRole('status')).toHaveText('Loading Verity…');
      await expect(page.getByRole('banner')).toContainText('Verity');
      await expect(page.getByRole('banner')).toBeInViewport();
      await expect(page).toHaveTitle('Verity');
      await expectNoAxeViolations(page);
      await screenshot(page, `first-load-frame-${size}`);

      // With its scripts, the app replaces the frame.
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Login As Client' })).toBeVisible();
      await expect(page.getByText('Loading Verity…')).toHaveCount(0);
    },
  );
});
