import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/accessibility';
import { acmeCard, openAcmeAuditPlans } from '../support/demo';
import { enterArea, screenshot } from '../support/session';
import { atLaptopSize } from '../support/sizes';

// A keyboard user skips the menu with the first Tab, and after each change of page starts from its
// heading, as after a real page load.

atLaptopSize((size) => {
  test(
    'the first Tab offers a skip link to the main content, and a new page focuses its heading',
    { tag: '@read-only' },
    async ({ page }) => {
      await enterArea(page, 'client');
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
    },
  );

  test(
    'rows that open something are real links, and a refused form puts focus on what to fix',
    { tag: '@read-only' },
    async ({ page }) => {
      await enterArea(page, 'client');
      await page.goto('/client/target-companies');
      await openAcmeAuditPlans(page);
      const planLink = page.getByRole('link', { name: /^Open action plan / }).first();
      // A real address, so a middle click or 'Open in new tab' works as on any link.
      await expect(planLink).toHaveAttribute('href', /\/action-plans\/[^/?]+$/);
      const gapLink = page.getByRole('link', { name: /^Open gap / }).first();
      await expect(gapLink).toHaveAttribute('href', /\/action-plans\/[^/?]+\?gap_id=/);
      await planLink.focus();
      await screenshot(page, `keyboard-row-link-${size}`);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/action-plans\/[^/?]+$/);
      // The plan's own page has drawn (the list, whose rows have gap links too, may linger while
      // the new page loads): only it offers its report.
      await expect(page.getByRole('button', { name: 'Download report' })).toBeVisible();
      await page
        .getByRole('link', { name: /^Open gap / })
        .first()
        .focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: 'Gap Details' })).toBeVisible();
      await page.keyboard.press('Escape');

      await page.goto('/client/target-companies');
      await page.getByRole('button', { name: 'Add Target Company' }).click();
      const wizard = page.getByRole('dialog', { name: 'Create New Target Company' });
      await wizard.getByRole('button', { name: 'Next' }).click();
      await expect(wizard.getByLabel('Target Company Name')).toBeFocused();
      await screenshot(page, `keyboard-first-error-${size}`);
    },
  );
});
