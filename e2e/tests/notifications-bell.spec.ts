import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/accessibility';
import { newAcmePlan, type AcmePlan } from '../support/demo';
import { expectDialogFits, expectFitsWidth } from '../support/layout';
import { screenshot, switchTo } from '../support/session';
import { atBothSizes } from '../support/sizes';

// The bell with the demo accounts: the company editor adds two remarks to a gap, the auditor's bell
// counts them, its panel lists them, one opens the gap at the right place and is read, and 'Mark
// all as read' clears the rest. Then the notification settings page the user panel leads to.

/** As the auditor owner: a new plan with one open gap in Acme Steel's seeded audit. */
const newGap = (page: Page, tag: string): Promise<AcmePlan> =>
  newAcmePlan(page, {
    heading: `Waste handling ${tag}`,
    kpi: `Hazardous waste manifests ${tag}`,
    gapName: `Manifests not reconciled ${tag}`,
    recommendation: 'Reconcile each manifest with the carrier every month',
    responsibility: 'EHS Manager',
    actionTakenByCompany: 'Carrier contacted',
    residualRisk: 'Low once reconciled',
    sdg: 'SDG12',
  });

const asAuditor = (page: Page) => switchTo(page, 'auditor');

const bellOf = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const notificationsPanel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const gapPanel = (page: Page) => page.getByRole('dialog', { name: 'Gap Details' });

async function addRemark(page: Page, comment: string) {
  const panel = gapPanel(page);
  await panel.getByRole('textbox', { name: 'Add a remark' }).fill(comment);
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByRole('list', { name: 'Remarks' })).toContainText(comment);
}

atBothSizes((size, phone) => {
  test(
    'the auditor hears of the company’s remarks through the bell',
    { tag: '@demo-figures' },
    async ({ page }) => {
      const tag = `${size}-${Date.now().toString(36)}`;
      await asAuditor(page);
      const gap = await newGap(page, tag);
      // Whatever earlier tests left unread: the count below is this test's alone.
      const cleared = await page.request.post('/api/v1/notifications/read-all');
      expect(cleared.status(), await cleared.text()).toBe(200);

      await switchTo(page, 'targetCompany', 'company.editor@verity.test');
      await page.goto(
        `/target-company/auditors/${gap.auditorId}/${gap.auditId}/action-plans/${gap.planId}?gap_id=${gap.gapId}`,
      );
      await addRemark(page, 'Manifests for March reconciled with the carrier');
      await addRemark(page, 'April and May manifests attached to the register');

      // The auditor: two unread, said in the bell's name and shown on its badge.
      await asAuditor(page);
      const bell = bellOf(page);
      await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
      await expect(bell).toHaveText('2');
      await screenshot(page, `notifications-bell-${size}`);

      await bell.click();
      const panel = notificationsPanel(page);
      const entries = panel.getByRole('listitem').filter({ hasText: gap.gapName });
      await expect(entries).toHaveCount(2);
      await expect(entries.first()).toHaveAttribute('data-state', 'unread');
      // Newest first: the second remark's notice leads.
      await expect(entries.first()).toContainText('April and May manifests');
      await expect(entries.first().getByRole('link')).toHaveAccessibleName(
        new RegExp(`^Unread: New remark: ${gap.gapName}`),
      );
      if (phone) await expectDialogFits(panel, 'notifications panel');
      await expectNoAxeViolations(page);
      await screenshot(page, `notifications-panel-${size}`);

      // Opening one goes to its gap in the auditor's own area and marks it read.
      await entries.first().getByRole('link').click();
      await expect(page).toHaveURL(
        new RegExp(
          `/auditor/target-companies/${gap.companyId}/audits/${gap.auditId}/action-plans/${gap.planId}\\?gap_id=${gap.gapId}$`,
        ),
      );
      await expect(panel).toBeHidden();
      await expect(gapPanel(page)).toBeVisible();
      await expect(gapPanel(page)).toContainText(gap.kpi);
      await screenshot(page, `notifications-opened-gap-${size}`);

      // Back on the plan (the gap's panel is modal: the header is out of reach under it), one is left
      // unread, and 'Mark all as read' clears the badge.
      await page.keyboard.press('Escape');
      await expect(gapPanel(page)).toBeHidden();
      await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
      await bell.click();
      await expect(entries.first()).toHaveAttribute('data-state', 'read');
      await expect(entries.nth(1)).toHaveAttribute('data-state', 'unread');
      await panel.getByRole('button', { name: 'Mark all as read' }).click();
      await expect(bell).toHaveAccessibleName('Notifications');
      await expect(bell).toHaveText('');
      await expect(entries.nth(1)).toHaveAttribute('data-state', 'read');
      await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
      await screenshot(page, `notifications-all-read-${size}`);
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(bell).toBeFocused();

      // Still none after a reload: the server kept it.
      await page.reload();
      await expect(bellOf(page)).toHaveAccessibleName('Notifications');
    },
  );

  test(
    'the notification settings page opens from the user panel',
    { tag: '@read-only' },
    async ({ page }) => {
      await asAuditor(page);
      await page.getByRole('button', { name: 'Open user menu' }).click();
      const userPanel = page.getByRole('dialog', { name: 'Signed-in user' });
      await expect(userPanel).toContainText('auditor.owner@verity.test');
      await userPanel.getByRole('link', { name: 'Notification settings' }).click();
      await expect(page).toHaveURL(/\/auditor\/notification-settings$/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Notification settings' }),
      ).toBeVisible();
      const escalation = page.getByRole('checkbox', {
        name: 'Overdue escalation (7 days after the due date): e-mail',
      });
      await expect(escalation).toBeChecked();
      await expect(escalation).toBeDisabled();
      // The auditor owner may change the firm's time zone.
      await expect(page.getByRole('combobox', { name: 'Time zone' })).toBeVisible();
      await expect(page.getByRole('banner')).toContainText('Auditor Dashboard');
      await expectFitsWidth(page, 'notification settings');
      await expectNoAxeViolations(page);
      await screenshot(page, `notification-settings-${size}`);
    },
  );
});
