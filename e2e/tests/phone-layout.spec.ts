import { expect, test, type Page } from '@playwright/test';
import { type Area, enterArea, screenshot } from '../support/session';

// At 390 px the sidebar is a drawer: out of the way until the header's toggle opens it, closed by
// choosing a page, Escape or a tap beside it. At 1400 px it stays the spec's collapsible sidebar.
const areas: { name: string; userType: Area; go: string }[] = [
  {
    name: 'client',
    userType: 'client',
    go: 'Companies',
  },
  {
    name: 'auditor',
    userType: 'auditor',
    go: 'Users',
  },
  {
    name: 'target-company',
    userType: 'targetCompany',
    go: 'Auditors',
  },
];

/** How far the page scrolls sideways: 0 when nothing is wider than the screen. */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const area of areas) {
    test(
      `the ${area.name} area opens its menu as a drawer and never scrolls sideways`,
      { tag: '@read-only' },
      async ({ page }) => {
        await enterArea(page, area.userType);
        const menu = page.getByRole('navigation', { name: 'Main' });
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(menu).toBeHidden();
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `phone-${area.name}-home-390x844`);

        await page.getByRole('button', { name: 'Expand sidebar' }).click();
        await expect(menu).toBeVisible();
        await screenshot(page, `phone-${area.name}-drawer-390x844`);
        await page.keyboard.press('Escape');
        await expect(menu).toBeHidden();
        await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeFocused();

        await page.getByRole('button', { name: 'Expand sidebar' }).click();
        await menu.getByRole('link', { name: area.go }).click();
        await expect(menu).toBeHidden();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `phone-${area.name}-${area.go.toLowerCase()}-390x844`);
      },
    );
  }
});

test.describe('at 1400×900', () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test(
    'the sidebar stays beside the page, collapsible as the spec says',
    { tag: '@read-only' },
    async ({ page }) => {
      await enterArea(page, 'client');
      const sidebar = page.getByRole('complementary');
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      expect((await sidebar.boundingBox())?.width).toBe(256);
      await page.getByRole('button', { name: 'Collapse sidebar' }).click();
      await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(64);
      await screenshot(page, 'desktop-client-collapsed-1400x900');
      await page.getByRole('button', { name: 'Expand sidebar' }).click();
      await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(256);
    },
  );
});
