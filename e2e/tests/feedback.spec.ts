import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/accessibility';
import { effluentPlan, ownAcmePlan } from '../support/demo';
import { holdRequests } from '../support/held-requests';
import { enterArea, screenshot } from '../support/session';
import { atBothSizes } from '../support/sizes';

// Feedback that tells the truth: the dashboard says what it counts, the remark box says how it sends
// and refuses before uploading what the server would refuse, and a status change says 'Updating…'
// until the server has answered.

atBothSizes(
  (size, phone) => {
    test("'Total Audits' says what it counts", { tag: '@read-only' }, async ({ page }) => {
      await enterArea(page, 'client');
      const info = page.getByRole('button', { name: 'What Total Audits counts' });
      await info.focus();
      await expect(page.getByRole('tooltip')).toBeVisible();
      await expect(page.getByRole('tooltip')).toContainText('Counts action plans');
      await expect(page.getByRole('tooltip')).toBeInViewport();
      await expectNoAxeViolations(page);
      await screenshot(page, `feedback-total-audits-${size}`);
    });

    test('the remark box refuses an oversized image before uploading, and a status change says Updating… until the answer', async ({
      page,
      browser,
    }) => {
      // A plan of its own: the status it changes is no other test's.
      const plan = await ownAcmePlan(
        browser,
        effluentPlan(`feedback-${size}-${Date.now().toString(36)}`),
      );
      await enterArea(page, 'client');
      await page.goto(
        `/client/target-companies/${plan.companyId}/auditors/${plan.auditorId}/${plan.auditId}/action-plans`,
      );
      await page.getByRole('link', { name: `Open gap ${plan.kpi} ${plan.gapName}` }).click();
      const panel = page.getByRole('dialog', { name: 'Gap Details' });
      const remark = panel.getByRole('textbox', { name: 'Add a remark' });
      await expect(remark).toBeVisible();
      // A phone's keyboard has no Shift+Enter: there Enter adds a line and only Send sends.
      await expect(
        panel.getByText(
          phone ? 'Enter adds a line. Tap Send to send.' : 'Enter sends, Shift+Enter adds a line.',
        ),
      ).toBeVisible();
      await expect(
        panel.getByText('PNG, JPEG, GIF or WebP, up to 5 MB each, at most 10.'),
      ).toBeVisible();
      // The camera button is for touch screens only.
      await expect(panel.getByRole('button', { name: 'Take photo' })).toHaveCount(phone ? 1 : 0);

      const uploads: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/remark')) uploads.push(request.url());
      });
      if (phone) {
        await remark.fill('Meter installed');
        await remark.press('Enter');
        await remark.pressSequentially('on line 2');
        await expect(remark).toHaveValue('Meter installed\non line 2');
      }
      await panel.getByLabel('Image attachments').setInputFiles([
        {
          name: 'drone-survey.png',
          mimeType: 'image/png',
          buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
        },
      ]);
      const refused = panel.getByRole('alert').filter({ hasText: 'Not attached' });
      await expect(refused).toContainText('drone-survey.png: Each image can be at most 5 MB.');
      await expect(panel.getByRole('list', { name: 'Selected images' })).toHaveCount(0);
      expect(uploads).toEqual([]);
      await screenshot(page, `feedback-refused-image-${size}`);

      // The status change: the server's answer is held until the screen has been looked at.
      const release = await holdRequests(page, '**/api/v1/gap/*/status**');
      const selector = panel.getByRole('combobox', { name: 'Status' });
      const next = (await selector.inputValue()) === 'provClosed' ? 'open' : 'provClosed';
      await selector.selectOption(next);
      await page.getByRole('alertdialog').getByRole('button', { name: 'Update' }).click();
      await expect(panel.getByRole('status').filter({ hasText: 'Updating…' })).toBeVisible();
      await expect(selector).toBeDisabled();
      await expect(page.getByText('Status updated successfully')).toHaveCount(0);
      await expectNoAxeViolations(page);
      await screenshot(page, `feedback-updating-${size}`);
      release();
      await expect(page.getByText('Status updated successfully')).toBeVisible();
      await expect(panel.getByText('Updating…')).toHaveCount(0);
      await expect(selector).toHaveValue(next);
    });
  },
  { touch: true },
);
