import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/accessibility';
import { enterArea, screenshot } from '../support/session';
import { atBothSizes } from '../support/sizes';

// The portfolio on the demo data: each figure leads to the gap explorer, whose total is the figure,
// and a gap there opens in its plan with its panel open.

/** The number a figure link shows, e.g. 'Overdue gaps: 4' → 4. */
async function figure(page: Page, name: string | RegExp): Promise<number> {
  const label = await page.getByRole('link', { name }).first().getAttribute('aria-label');
  return Number(/: (\d+)/.exec(label ?? '')?.[1]);
}

const gapsText = (count: number) => `${count} ${count === 1 ? 'gap' : 'gaps'}`;

atBothSizes((size, phone) => {
  test(
    'a lender follows a portfolio figure to the gaps it counts, and one gap to its plan',
    { tag: '@demo-figures' },
    async ({ page }) => {
      await enterArea(page, 'client');
      await page.goto('/client/portfolio');
      await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
      await expect(
        page.getByRole('table', { name: /Open gaps per company and requirement/ }),
      ).toBeVisible();
      await expect(
        page.getByRole('list', { name: 'Open gaps by SDG' }).getByRole('listitem'),
      ).toHaveCount(17);
      await expectNoAxeViolations(page);
      await screenshot(page, `portfolio-client-${size}`);

      const overdue = await figure(page, /^Overdue gaps: \d+$/);
      expect(overdue).toBeGreaterThan(0);
      await page.getByRole('link', { name: /^Overdue gaps: \d+$/ }).click();
      await expect(page).toHaveURL(/\/client\/portfolio\/gaps\?status=overdue$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Gap explorer' })).toBeVisible();
      await expect(page.getByText(gapsText(overdue), { exact: true })).toBeVisible();
      await screenshot(page, `portfolio-explorer-${size}`);
      // On a phone the filters start folded, saying how many are chosen, so the gaps come first.
      if (phone) {
        await expect(page.getByRole('checkbox', { name: 'Overdue' })).toBeHidden();
        await page.locator('summary', { hasText: /^Filters \(1 chosen\)$/ }).click();
      }
      await expect(page.getByRole('checkbox', { name: 'Overdue' })).toBeChecked();

      // Narrowed to high risk: fewer or as many, and every row says High and Overdue.
      // A click, not check(): the box follows the address, which changes just after the click.
      const high = page.getByRole('checkbox', { name: 'High' });
      await high.click();
      await expect(page).toHaveURL(/status=overdue&risk=high/);
      await expect(high).toBeChecked();
      const rows = page.getByRole('table', { name: 'Gap explorer' }).locator('tbody tr');
      await expect(rows.first()).toContainText('High');
      // The rows of the page before stay while the narrowed page loads: wait until none is left.
      await expect(rows.filter({ hasNotText: /High.*Overdue/ })).toHaveCount(0);

      const first = rows.first().getByRole('link').first();
      const name = (await first.textContent())!;
      await first.click();
      await expect(page).toHaveURL(/\/action-plans\/[^/?]+\?gap_id=/);
      await expect(page.getByRole('dialog').getByText(name).first()).toBeVisible();
    },
  );

  test(
    'an auditor firm sees its own work, and a matrix cell leads to as many gaps',
    { tag: '@demo-figures' },
    async ({ page }) => {
      await enterArea(page, 'auditor');
      await page.goto('/auditor/portfolio');
      const matrix = page.getByRole('table', { name: /Open gaps per company and requirement/ });
      await expect(matrix).toBeVisible();
      await screenshot(page, `portfolio-auditor-${size}`);
      const cell = matrix.getByRole('link', { name: /: \d+ open, worst risk/ }).first();
      const open = Number(/: (\d+) open/.exec((await cell.getAttribute('aria-label')) ?? '')?.[1]);
      await cell.click();
      await expect(page).toHaveURL(/\/auditor\/portfolio\/gaps\?targetCompanyId=.+&requirement=/);
      await expect(page.getByText(gapsText(open), { exact: true })).toBeVisible();
    },
  );
});
