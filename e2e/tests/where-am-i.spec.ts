import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/accessibility';
import { acmeCard, greenAuditRow, seededAuditRow } from '../support/demo';
import { enterArea, screenshot } from '../support/session';
import { atBothSizes } from '../support/sizes';

// Every nested page names what it is about: a breadcrumb back up (company, auditor firm, audit,
// plan), a context line under its heading, the document title, and the sidebar's section.

const breadcrumb = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });

/** The breadcrumb's parts in order; a part that is a link shows as 'label →'. */
async function crumbs(page: Page): Promise<string[]> {
  return breadcrumb(page)
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => {
        const text = (item.textContent ?? '').trim();
        return item.querySelector('a') ? `${text} →` : text;
      }),
    );
}

/** The sidebar's highlighted item (the drawer's, hidden or not, on a phone). */
const highlighted = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main', includeHidden: true })
    .locator('[aria-current="page"]');

async function check(page: Page, expected: { crumbs: string[]; title: string; shot: string }) {
  await expect.poll(() => crumbs(page)).toEqual(expected.crumbs);
  await expect(page).toHaveTitle(expected.title);
  await expectNoAxeViolations(page);
  await screenshot(page, expected.shot);
}

atBothSizes((size) => {
  test(
    'a client walks down from Companies to a plan and back up by the breadcrumb',
    { tag: '@read-only' },
    async ({ page }) => {
      await enterArea(page, 'client');
      await expect(page).toHaveTitle('Dashboard — Verity');
      await page.goto('/client/target-companies');
      await expect(page).toHaveTitle('Target Companies — Verity');
      await acmeCard(page).getByRole('link', { name: 'View Audit' }).click();

      await check(page, {
        crumbs: ['Companies →', 'Acme Steel Ltd', 'Auditors'],
        title: 'Acme Steel Ltd — Auditors — Verity',
        shot: `where-client-company-auditors-${size}`,
      });
      await expect(highlighted(page)).toHaveText('Companies');

      await greenAuditRow(page).getByRole('link', { name: 'View Audits' }).click();
      await check(page, {
        crumbs: ['Companies →', 'Acme Steel Ltd →', 'GreenAudit Partners', 'Audits'],
        title: 'Acme Steel Ltd — Audits — Verity',
        shot: `where-client-audits-${size}`,
      });
      await expect(page.getByRole('main').getByRole('definition').first()).toHaveText(
        'Acme Steel Ltd',
      );

      await seededAuditRow(page).getByRole('link', { name: 'View Audits' }).click();
      await check(page, {
        crumbs: [
          'Companies →',
          'Acme Steel Ltd →',
          'GreenAudit Partners →',
          'Normal Audit · EHS',
          'Action Plans',
        ],
        title: 'Acme Steel Ltd — Action Plans — Verity',
        shot: `where-client-action-plans-${size}`,
      });
      await expect(highlighted(page)).toHaveText('Companies');

      const planRow = page.getByRole('link', { name: /^Open action plan / }).first();
      // The row's first line (the link's name goes on with the plan's category).
      const heading = (await planRow.locator('[title]').first().textContent()) ?? '';
      await planRow.click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await check(page, {
        crumbs: [
          'Companies →',
          'Acme Steel Ltd →',
          'GreenAudit Partners →',
          'Normal Audit · EHS →',
          heading,
        ],
        title: `Acme Steel Ltd — ${heading} — Verity`,
        shot: `where-client-action-plan-${size}`,
      });
      await expect(highlighted(page)).toHaveText('Companies');

      // Back up two levels in one step.
      await breadcrumb(page).getByRole('link', { name: 'GreenAudit Partners' }).click();
      await expect(page).toHaveURL(/\/client\/target-companies\/[^/]+\/auditors\/[^/]+$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Audits' })).toBeVisible();
    },
  );

  test(
    'an auditor and a company user see where they are too',
    { tag: '@read-only' },
    async ({ page }) => {
      await enterArea(page, 'auditor');
      await acmeCard(page).getByRole('link', { name: 'Audits' }).click();
      await check(page, {
        crumbs: ['Companies →', 'Acme Steel Ltd', 'Audits'],
        title: 'Acme Steel Ltd — Audits — Verity',
        shot: `where-auditor-audits-${size}`,
      });
      await expect(highlighted(page)).toHaveText('Companies');
      await seededAuditRow(page).getByRole('link', { name: 'Create Audit' }).click();
      await check(page, {
        crumbs: ['Companies →', 'Acme Steel Ltd →', 'Normal Audit · EHS →', 'Create Action Plan'],
        title: 'Acme Steel Ltd — Create Action Plan — Verity',
        shot: `where-auditor-create-${size}`,
      });

      await page.context().clearCookies();
      await enterArea(page, 'targetCompany');
      await page.goto('/target-company/auditors');
      await greenAuditRow(page).getByRole('link', { name: 'View Audits' }).click();
      // The firm's row on the auditors page names the audit types too: wait for the audits page
      // (its own chunk) before looking for the audit's row.
      await expect(page).toHaveURL(/\/target-company\/auditors\/[^/]+$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Audits' })).toBeVisible();
      await seededAuditRow(page).getByRole('link', { name: 'View Audits' }).click();
      await check(page, {
        crumbs: ['Auditors →', 'GreenAudit Partners →', 'Normal Audit · EHS', 'Action Plans'],
        title: 'GreenAudit Partners — Action Plans — Verity',
        shot: `where-company-action-plans-${size}`,
      });
      await expect(highlighted(page)).toHaveText('Auditors');
    },
  );
});
