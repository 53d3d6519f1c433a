import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/accessibility';
import { acmeCard } from '../support/demo';
import { enterAs, screenshot } from '../support/session';
import { atBothSizes } from '../support/sizes';

// A keyboard user skips the menu with the first Tab, and after each change of page starts from its
// heading, as after a real page load.

atBothSizes((size) => {
  test('the first Tab offers a skip link to the main content, and a new page focuses its heading', async ({
    page,
  }) => {
    await enterAs(page, 'Login As Client', 'client.owner@verity.test', /\/client\/dashboard$/);
    // A fresh load: the keyboard starts at the top of the page.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await expectNoAxeViolations(page);
    await screenshot(page, `keyboard-skip-link-${size}`);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();

    // Down into a company by its card link: focus lands on the new page's heading.
    await page.goto('/client/target-companies');
    await acmeCard(page).getByRole('link', { name: 'View Audit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Auditors' })).toBeFocused();
    await screenshot(page, `keyboard-heading-focus-${size}`);
  });
});
