import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/accessibility';
import { type Area, enterArea, screenshot } from '../support/session';
import { atLaptopSize } from '../support/sizes';

// A mistyped id in the address never shows the server's words (say 'querystring/targetCompanyId
// must match format "uuid"'): the page says, in words, that nothing is there.
const BAD = 'not-an-id';

const areas: {
  name: string;
  userType: Area;
  pages: { path: string; says: string }[];
}[] = [
  {
    name: 'client',
    userType: 'client',
    pages: [
      { path: `/client/target-companies/${BAD}/dashboard`, says: 'Not found' },
      { path: `/client/target-companies/${BAD}/auditors`, says: 'Not found' },
      { path: `/client/target-companies/${BAD}/auditors/${BAD}`, says: 'Not found' },
      {
        path: `/client/target-companies/${BAD}/auditors/${BAD}/${BAD}/action-plans`,
        says: 'Not found',
      },
      {
        path: `/client/target-companies/${BAD}/auditors/${BAD}/${BAD}/action-plans/${BAD}`,
        says: 'No action plan found.',
      },
    ],
  },
  {
    name: 'auditor',
    userType: 'auditor',
    pages: [
      { path: `/auditor/target-companies/${BAD}/audits`, says: 'Not found' },
      { path: `/auditor/target-companies/${BAD}/audits/${BAD}/action-plans`, says: 'Not found' },
      { path: `/auditor/target-companies/${BAD}/audits/${BAD}/create-audit`, says: 'Not found' },
    ],
  },
  {
    name: 'target company',
    userType: 'targetCompany',
    pages: [
      { path: `/target-company/auditors/${BAD}`, says: 'Not found' },
      { path: `/target-company/auditors/${BAD}/${BAD}/action-plans`, says: 'Not found' },
      {
        path: `/target-company/auditors/${BAD}/${BAD}/action-plans/${BAD}`,
        says: 'No action plan found.',
      },
    ],
  },
];

async function expectWords(page: Page, says: string) {
  const main = page.getByRole('main');
  await expect(main.getByText(says, { exact: true })).toBeVisible();
  await expect(main).not.toContainText('must match');
  await expect(main).not.toContainText('querystring');
  await expect(main).not.toContainText('params/');
  await expect(main).not.toContainText('Something went wrong');
}

// The not-found state is the same words in the same place at every size; how each screen fits a
// phone is every-screen-on-a-phone.spec.ts's
// (docs/decisions/0112-browser-flows-at-the-sizes-they-differ.md).
atLaptopSize((size) => {
  for (const area of areas) {
    test(
      `the ${area.name} area answers a mistyped id with its not-found state`,
      { tag: '@read-only' },
      async ({ page }) => {
        await enterArea(page, area.userType);
        for (const [index, { path, says }] of area.pages.entries()) {
          await page.goto(path);
          await expectWords(page, says);
          if (index === 0) {
            await expectNoAxeViolations(page);
            await screenshot(page, `not-found-${area.name.replace(/ /g, '-')}-${size}`);
          }
        }
      },
    );
  }
});
