import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/accessibility';
import { effluentPlan, newAcmePlan } from '../support/demo';
import { expectDialogFits } from '../support/layout';
import { enterArea, screenshot, switchTo } from '../support/session';
import { atBothSizes } from '../support/sizes';

// A due-date extension with the demo accounts (decision 0086): the company editor asks for a later
// due date with a reason, the client (who answers by default) approves it with a comment, the new due
// date shows, and the change history keeps the request, the answer and the moved date.

const panelOf = (page: Page) => page.getByRole('dialog', { name: 'Gap Details' });

/** A day `days` from today as the date input takes it and as the panel shows it. */
function dayAhead(days: number) {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    input: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`,
    shown: date.toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' }),
  };
}

atBothSizes((size) => {
  test('a company asks for a later due date and the client approves it', async ({ page }) => {
    await enterArea(page, 'auditor');
    const plan = await newAcmePlan(page, effluentPlan(`${size}-ext-${Date.now().toString(36)}`));
    const later = dayAhead(45);
    const reason = 'The tertiary stage contractor delivers six weeks late.';

    // The company editor asks.
    await switchTo(page, 'targetCompany', 'company.editor@verity.test');
    await page.goto(
      `/target-company/auditors/${plan.auditorId}/${plan.auditId}/action-plans/${plan.planId}?gap_id=${plan.gapId}`,
    );
    const panel = panelOf(page);
    await panel.getByRole('button', { name: 'Request extension' }).click();
    const ask = page.getByRole('dialog', { name: 'Request extension' });
    await ask.getByLabel(/^New due date/).fill(later.input);
    await ask.getByLabel(/^Reason/).fill(reason);
    await expectNoAxeViolations(page);
    await expectDialogFits(ask, 'extension request dialog');
    await screenshot(page, `extension-request-${size}`);
    await ask.getByRole('button', { name: 'Request extension' }).click();
    await expect(ask).toBeHidden();
    const extension = panel.getByRole('region', { name: 'Due-date extension' });
    await expect(extension.getByText(/^Extension requested by Esther Editor on /)).toBeVisible();
    await expect(extension.getByText(`→ ${later.shown}`, { exact: false })).toBeVisible();
    await expect(extension.getByText('Waiting for the client’s answer.')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Request extension' })).toHaveCount(0);
    await screenshot(page, `extension-waiting-${size}`);

    // The client approves it with a comment.
    await switchTo(page, 'client');
    await page.goto(
      `/client/target-companies/${plan.companyId}/auditors/${plan.auditorId}/${plan.auditId}/action-plans/${plan.planId}?gap_id=${plan.gapId}`,
    );
    await expect(extension.getByText(reason)).toBeVisible();
    await extension.getByRole('button', { name: 'Approve' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve extension' });
    await approve.getByLabel('Comment (optional)').fill('Agreed; send the delivery note.');
    await expectNoAxeViolations(page);
    await screenshot(page, `extension-approve-${size}`);
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(approve).toBeHidden();
    await expect(extension.getByText(/^Extension approved by Clara Owner on /)).toBeVisible();
    await expect(extension.getByText('Agreed; send the delivery note.')).toBeVisible();

    // The new due date shows, and the history keeps both steps and the moved date.
    await expect(panel.getByText(later.shown, { exact: true }).first()).toBeVisible();
    await panel.getByRole('tab', { name: /^Change History/ }).click();
    const changes = panel.getByRole('list', { name: 'Change History' }).getByRole('listitem');
    await expect(changes.nth(0)).toContainText('Due Date');
    await expect(changes.nth(0)).toContainText(`Reason: ${reason}`);
    await expect(changes.nth(1)).toContainText('Extension approved');
    await expect(changes.nth(1)).toContainText('Comment: Agreed; send the delivery note.');
    await expect(changes.nth(2)).toContainText('Extension requested');
    await expect(changes.nth(2)).toContainText('Esther Editor');
    await expectDialogFits(panel, 'gap panel with the extension');
    await screenshot(page, `extension-history-${size}`);
  });
});
