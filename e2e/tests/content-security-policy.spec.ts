// Every area runs under the shell's Content-Security-Policy without one violation: the remotes'
// scripts, styles, charts and the remark photos all load as allowed.
import { expect, test, type Page } from '@playwright/test';
import { companyGapPath } from '../support/company-gaps';
import { signIn } from '../support/session';

/** Records the page's CSP violations from its first script on. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

test(
  'the shell and the three areas run under the policy without a violation',
  { tag: '@read-only' },
  async ({ page, browser }) => {
    await watchViolations(page);
    const response = await page.goto('/login');
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');

    await signIn(page, 'Login As Target Company', 'company.owner@verity.test');
    await expect(page).toHaveURL(/\/target-company\/dashboard$/);
    await expect(page.getByRole('img', { name: /^ESG Composition: / })).toBeVisible();
    // The gap whose remark carries the demo photo, opened by its address.
    await page.goto(
      await companyGapPath(page, (gap) => gap.remark.some((remark) => remark.docs.length > 0)),
    );
    const panel = page.getByRole('dialog', { name: 'Gap Details' });
    const photo = panel.getByRole('list', { name: 'Attached images' }).locator('img').first();
    await expect(photo).toBeVisible();
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    expect(await violations(page)).toEqual([]);

    for (const [button, email, area] of [
      ['Login As Client', 'client.owner@verity.test', /\/client\/dashboard$/],
      ['Login As Auditor', 'auditor.owner@verity.test', /\/auditor\/target-companies$/],
    ] as const) {
      const context = await browser.newContext();
      const other = await context.newPage();
      await watchViolations(other);
      await signIn(other, button, email);
      await expect(other).toHaveURL(area);
      await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await violations(other)).toEqual([]);
      await context.close();
    }
  },
);
