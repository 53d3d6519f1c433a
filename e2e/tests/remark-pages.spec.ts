// A long discussion on a gap: the panel shows the newest remarks (and changes) and the count of all,
// and the earlier ones on request, without moving the remarks being read.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/accessibility';
import { effluentPlan, newAcmePlan, type AcmePlan } from '../support/demo';
import { enterArea, screenshot } from '../support/session';
import { atBothSizes } from '../support/sizes';

const note = (n: number) => `Site note ${n}: outfall sampled, COD logged in the register`;

/** Remarks `from`..`to` on the gap, written through the API as the signed-in user. */
async function writeRemarks(page: Page, plan: AcmePlan, from: number, to: number) {
  for (let n = from; n <= to; n += 1) {
    const response = await page.request.patch(`/api/v1/gap/${plan.gapId}/remark`, {
      params: { targetCompanyId: plan.companyId },
      multipart: { comments: note(n) },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

atBothSizes((size) => {
  test('earlier remarks come above the newest on request', async ({ page }) => {
    await enterArea(page, 'auditor');
    const plan = await newAcmePlan(page, effluentPlan(`${size}-${Date.now().toString(36)}`));
    // Two authors, so that neither reaches the remarks-per-minute limit.
    await writeRemarks(page, plan, 1, 12);
    await page.context().clearCookies();
    await enterArea(page, 'targetCompany');
    await writeRemarks(page, plan, 13, 23);

    await page.goto(
      `/target-company/auditors/${plan.auditorId}/${plan.auditId}/action-plans/${plan.planId}?gap_id=${plan.gapId}`,
    );
    const panel = page.getByRole('dialog', { name: 'Gap Details' });
    await expect(panel.getByRole('tab', { name: /^Remarks/ })).toContainText('23');
    const list = panel.getByRole('list', { name: 'Remarks' });
    const remarks = list.locator(':scope > li');
    await expect(remarks).toHaveCount(20);
    await expect(remarks.first()).toContainText(note(4));
    await expect(remarks.last()).toContainText(note(23));
    const earlier = panel.getByRole('button', { name: 'Show 3 earlier remarks' });
    await expect(earlier).toBeVisible();
    // The three tabs with their two-digit counts stay within the panel, on a phone too.
    const tabs = panel.getByRole('tablist');
    const listBox = (await tabs.boundingBox())!;
    for (const tab of await tabs.getByRole('tab').all()) {
      // The tab within the list, and its count within the tab.
      const box = (await tab.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(listBox.x + listBox.width + 0.5);
      const count = tab.locator('span').last();
      const countBox = (await count.boundingBox())!;
      expect(countBox.x + countBox.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
      // Its digits within its badge, clear of its border.
      const digitsInside = await count.evaluate((element) => {
        const digits = document.createRange();
        digits.selectNodeContents(element);
        const text = digits.getBoundingClientRect();
        const badge = element.getBoundingClientRect();
        return text.left >= badge.left + 2 && text.right <= badge.right - 2;
      });
      expect(digitsInside).toBe(true);
    }
    await earlier.scrollIntoViewIfNeeded();
    await screenshot(page, `remarks-newest-${size}`);

    // The reader is at the newest remark; the earlier ones must not move it in the list's view.
    await list.evaluate((element) => (element.scrollTop = element.scrollHeight));
    const newest = remarks.filter({ hasText: note(23) });
    const placeInList = () =>
      newest.evaluate(
        (item) =>
          item.getBoundingClientRect().top - item.parentElement!.getBoundingClientRect().top,
      );
    const before = await placeInList();
    await earlier.click();
    await expect(remarks).toHaveCount(23);
    await expect(remarks.first()).toContainText(note(1));
    await expect(panel.getByRole('button', { name: /earlier remark/ })).toHaveCount(0);
    expect(Math.abs((await placeInList()) - before)).toBeLessThanOrEqual(1);
    await expect(panel.getByRole('tab', { name: /^Remarks/ })).toContainText('23');
    await expectNoAxeViolations(page);
    await list.evaluate((element) => (element.scrollTop = 0));
    await screenshot(page, `remarks-earlier-${size}`);

    // Each remark is a change too: the history shows its newest 20 of 24, the rest below on request.
    const changesTab = panel.getByRole('tab', { name: /^Change History/ });
    await expect(changesTab).toContainText('24');
    await changesTab.click();
    const changes = panel.getByRole('list', { name: 'Change History' }).locator(':scope > li');
    await expect(changes).toHaveCount(20);
    await panel.getByRole('button', { name: 'Show 4 earlier changes' }).click();
    await expect(changes).toHaveCount(24);
    await expect(changes.last()).toContainText('Gap created');
    await expect(panel.getByRole('button', { name: /earlier change/ })).toHaveCount(0);
    await screenshot(page, `changes-earlier-${size}`);
  });
});
