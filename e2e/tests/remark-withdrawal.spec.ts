// A company user withdraws an image, then the whole remark: each asks first and leaves a trace.
import { expect, test } from '@playwright/test';
import { effluentPlan, ownAcmePlan } from '../support/demo';
import { enterArea, screenshot } from '../support/session';

// The smallest PNG: a 1x1 pixel.
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('the author withdraws an image, then the remark, leaving a trace', async ({
  page,
  browser,
}) => {
  // A gap of its own: no other test's remarks come between.
  const plan = await ownAcmePlan(browser, effluentPlan(`withdrawal-${Date.now().toString(36)}`));
  await enterArea(page, 'targetCompany');
  await page.goto(
    `/target-company/auditors/${plan.auditorId}/${plan.auditId}/action-plans/${plan.planId}?gap_id=${plan.gapId}`,
  );
  const panel = page.getByRole('dialog', { name: 'Gap Details' });

  const comment = `Posted by mistake ${Date.now()}`;
  await panel.getByRole('textbox', { name: 'Add a remark' }).fill(comment);
  await panel.getByLabel('Image attachments').setInputFiles([
    { name: 'wrong-site.png', mimeType: 'image/png', buffer: PIXEL },
    { name: 'right-site.png', mimeType: 'image/png', buffer: PIXEL },
  ]);
  await panel.getByRole('button', { name: 'Send' }).click();
  const remark = panel.getByRole('list', { name: 'Remarks' }).getByRole('listitem').filter({
    hasText: comment,
  });
  await expect(remark.getByRole('link')).toHaveCount(2);

  await remark.getByRole('button', { name: 'Withdraw wrong-site.png' }).click();
  const imageDialog = page.getByRole('alertdialog', { name: 'Withdraw image' });
  await expect(imageDialog).toContainText('Withdraw wrong-site.png? It is removed for everyone.');
  await imageDialog.getByRole('button', { name: 'Withdraw' }).click();
  await expect(remark.getByText('Attachment withdrawn')).toBeVisible();
  await expect(remark.getByRole('link')).toHaveCount(1);
  await expect(remark).toContainText('right-site.png');

  await remark.getByRole('button', { name: 'Withdraw remark by Carlos Company' }).click();
  await page
    .getByRole('alertdialog', { name: 'Withdraw remark' })
    .getByRole('button', { name: 'Withdraw' })
    .click();
  const trace = panel
    .getByRole('list', { name: 'Remarks' })
    .getByText(/^Remark withdrawn by Carlos Company on \d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M$/)
    .last();
  await expect(trace).toBeVisible();
  await expect(panel).not.toContainText(comment);
  await screenshot(page, 'company-remark-withdrawn');

  // After a reload the trace is still there, from the server.
  await page.reload();
  await expect(
    page
      .getByRole('dialog', { name: 'Gap Details' })
      .getByText(/^Remark withdrawn by Carlos Company on /)
      .last(),
  ).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Gap Details' })).not.toContainText(comment);
});
