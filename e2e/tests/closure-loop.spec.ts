import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/accessibility';
import { effluentPlan, newAcmePlan, type AcmePlan } from '../support/demo';
import { expectDialogFits } from '../support/layout';
import { enterArea, screenshot, switchTo } from '../support/session';
import { atBothSizes } from '../support/sizes';

// The closure loop with the demo accounts: the company editor asks for closure with a photo, the
// auditor returns it with a reason, the company adds a new photo and asks again, the client accepts
// after a site visit, and the gap is Closed with the whole story in its histories.

/** A 1x1 PNG: a real photo as far as the upload checks go. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** As the auditor owner: a new plan with one open gap in Acme Steel's seeded audit. */
async function newGap(page: Page, tag: string): Promise<AcmePlan> {
  await enterArea(page, 'auditor');
  return newAcmePlan(page, effluentPlan(tag));
}

const panelOf = (page: Page) => page.getByRole('dialog', { name: 'Gap Details' });

async function addPhotoRemark(page: Page, comment: string) {
  const panel = panelOf(page);
  await panel.getByRole('textbox', { name: 'Add a remark' }).fill(comment);
  await panel
    .getByLabel('Image attachments')
    .setInputFiles([{ name: 'outfall.png', mimeType: 'image/png', buffer: PHOTO }]);
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByRole('list', { name: 'Remarks' })).toContainText(comment);
}

async function requestClosure(page: Page, note: string) {
  const panel = panelOf(page);
  await panel.getByRole('button', { name: 'Request closure' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request closure' });
  await dialog.getByLabel('Note for the reviewer (optional)').fill(note);
  await dialog.getByRole('button', { name: 'Request closure' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByText(/^Closure requested by Esther Editor on /)).toBeVisible();
}

atBothSizes((size) => {
  test('a gap closes through the evidence loop, with the whole story kept', async ({ page }) => {
    const tag = `${size}-${Date.now().toString(36)}`;
    const earlier = await newGap(page, `${tag}-earlier`);
    const loop = await newAcmePlan(page, effluentPlan(tag));
    const gapPage = (plan: AcmePlan) =>
      `/target-company/auditors/${plan.auditorId}/${plan.auditId}/action-plans/${plan.planId}?gap_id=${plan.gapId}`;
    const companyGap = gapPage(loop);

    // The company editor first sends the photo on another gap: the same file there later flags it.
    await switchTo(page, 'targetCompany', 'company.editor@verity.test');
    await page.goto(gapPage(earlier));
    await addPhotoRemark(page, 'Outfall photo for the earlier item');

    // No photo on this gap yet, so the button says why it waits.
    await page.goto(companyGap);
    const panel = panelOf(page);
    await expect(panel.getByRole('button', { name: 'Request closure' })).toBeDisabled();
    await expect(
      panel.getByText('Add a remark with photo evidence before requesting closure'),
    ).toBeVisible();
    await addPhotoRemark(page, 'Tertiary stage commissioned; outfall sample attached');
    await requestClosure(page, 'COD now 180 mg/l against a 250 mg/l limit');
    await expect(panel.getByRole('button', { name: 'Request closure' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await screenshot(page, `closure-requested-${size}`);

    // The auditor finds it first in the plan, and returns it with a reason.
    await switchTo(page, 'auditor');
    await page.goto(
      `/auditor/target-companies/${loop.companyId}/audits/${loop.auditId}/action-plans/${loop.planId}`,
    );
    const firstGap = page.getByRole('link', { name: /^Open gap / }).first();
    await expect(firstGap).toHaveAccessibleName(`Open gap ${loop.kpi} ${loop.gapName}`);
    await expect(page.getByRole('row').filter({ has: firstGap })).toContainText('Pending');
    await firstGap.click();
    await expect(panel.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
    await panel.getByRole('button', { name: 'Return' }).click();
    const returnDialog = page.getByRole('dialog', { name: 'Return to the company' });
    const reason = 'The sample report is missing the lab accreditation stamp.';
    await returnDialog.getByLabel(/^Reason/).fill(reason);
    await returnDialog.getByRole('button', { name: 'Return gap' }).click();
    await expect(returnDialog).toBeHidden();
    await expect(panel.getByText(/^Returned by Aditi Auditor on /)).toBeVisible();
    await expect(panel.getByRole('list', { name: 'Remarks' })).toContainText(reason);
    await screenshot(page, `closure-returned-${size}`);

    // The company: the first photo no longer counts; a new one, and it asks again.
    await switchTo(page, 'targetCompany', 'company.editor@verity.test');
    await page.goto(companyGap);
    await expect(panel.getByRole('button', { name: 'Request closure' })).toBeDisabled();
    await addPhotoRemark(page, 'Accredited lab report with stamp attached');
    await requestClosure(page, 'Stamped report attached');

    // The client accepts after a site visit: Closed.
    await switchTo(page, 'client');
    await page.goto(
      `/client/target-companies/${loop.companyId}/auditors/${loop.auditorId}/${loop.auditId}/action-plans/${loop.planId}?gap_id=${loop.gapId}`,
    );
    await panel.getByRole('button', { name: 'Accept evidence' }).click();
    const accept = page.getByRole('dialog', { name: 'Accept evidence' });
    // Nothing is chosen for the reviewer (decision 0085).
    await expect(accept.getByRole('radio', { name: /Site verification/ })).not.toBeChecked();
    await expect(accept.getByRole('radio', { name: /Desk review/ })).not.toBeChecked();
    await accept.getByRole('radio', { name: /Site verification/ }).check();
    const visitDate = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await accept.getByLabel(/^Date of the site visit/).fill(visitDate);
    await accept.getByLabel(/^Who visited/).fill('Clara Owner with the plant manager');
    await accept.getByLabel('Comment (optional)').fill('Outfall sampled on the visit; stamp seen.');
    // The same test photo on an earlier gap of the client flags the evidence: it is confirmed.
    await accept
      .getByRole('checkbox', { name: /^I have checked: Same file as on another gap/ })
      .check();
    await expectNoAxeViolations(page);
    await screenshot(page, `closure-accept-${size}`);
    await accept.getByRole('button', { name: 'Accept' }).click();
    await expect(accept).toBeHidden();
    await expect(
      panel.getByText(/^Evidence accepted by Clara Owner on .+: Site verification\.$/),
    ).toBeVisible();
    await expect(
      panel.getByText(/^Site visited by Clara Owner with the plant manager on /),
    ).toBeVisible();
    await expect(panel.getByText('Outfall sampled on the visit; stamp seen.')).toBeVisible();
    await expect(panel.getByText('Closed', { exact: true }).first()).toBeVisible();

    await panel.getByRole('tab', { name: /^Status History/ }).click();
    const history = panel.getByRole('list', { name: 'Status History' }).getByRole('listitem');
    await expect(history).toHaveCount(5);
    await expect(history.nth(0)).toContainText('Open');
    await expect(history.nth(1)).toContainText('Pending');
    await expect(history.nth(2)).toContainText('Open');
    await expect(history.nth(3)).toContainText('Pending');
    await expect(history.nth(4)).toContainText('Closed');
    await screenshot(page, `closure-closed-${size}`);

    // The change history holds each step, newest first, with who took it.
    await panel.getByRole('tab', { name: /^Change History/ }).click();
    const changes = panel.getByRole('list', { name: 'Change History' }).getByRole('listitem');
    const statusChanges = changes.filter({
      has: page.locator('.vui-change__field', { hasText: /^Status$/ }),
    });
    await expect(statusChanges).toHaveCount(4);
    await expect(statusChanges.nth(0)).toContainText('Clara Owner');
    await expect(statusChanges.nth(1)).toContainText('Esther Editor');
    await expect(statusChanges.nth(2)).toContainText('Aditi Auditor');
    await expect(statusChanges.nth(3)).toContainText('Esther Editor');
    const acceptance = changes.filter({ hasText: 'Evidence accepted' });
    await expect(acceptance).toContainText('Verification method: Site verification');
    await expect(acceptance).toContainText('Visited by: Clara Owner with the plant manager');
    await expect(acceptance).toContainText('I have checked: Same file as on another gap');
    await expect(acceptance).toContainText('Comment: Outfall sampled on the visit; stamp seen.');
    // Three tabs with their counts still fit a phone's width.
    await expectDialogFits(panel, 'gap panel with its change history');
    await screenshot(page, `closure-change-history-${size}`);
  });
});
