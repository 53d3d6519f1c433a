import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/accessibility';
import { dayFromNow, effluentPlan, ownAcmePlan, type AcmePlan } from '../support/demo';
import { expectFitsWidth } from '../support/layout';
import { personOn, screenshot, switchTo } from '../support/session';
import { atBothSizes } from '../support/sizes';

// Serious incidents with the demo accounts (docs/decisions/0099-serious-incidents.md): Acme Steel's
// editor reports an incident with a photo from the phone's camera; the client's owner hears of it
// through the bell at once and sees "Lender notified in time" in the register; the editor writes the
// root cause and adds a corrective action to a plan, which is a gap linked both ways; the gap goes
// through the closure loop (a remark with a photo, a request, the client accepts) and the incident
// shows its new status.

const COMPANY_EDITOR = 'company.editor@verity.test';

/** A small PNG of its own per call, so no two uploads share a file (the evidence checks flag that). */
function photo(seed: string): Buffer {
  const base = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  // Bytes after the IEND chunk change the file's hash, not the picture.
  return Buffer.concat([base, Buffer.from(seed)]);
}

const bellOf = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const region = (page: Page, name: string) => page.getByRole('region', { name });
const gapPanel = (page: Page) => page.getByRole('dialog', { name: 'Gap Details' });

async function fillCorrectiveGap(form: Locator, tag: string) {
  await form.getByLabel('KPI').fill(`Guarded tail pulleys ${tag}`);
  await form.getByLabel('Gap Name').fill(`Interlocked guards on every conveyor ${tag}`);
  await form
    .getByLabel(/^Recommendation/)
    .fill('Fit interlocked guards; clean only when locked out');
  await form.getByLabel('Responsibility').fill('Maintenance Manager');
  await form.getByLabel('SDG8: Decent Work and Economic Growth').check();
  const dueDate = form.getByLabel('Due Date');
  await dueDate.fill(dayFromNow(20));
  // Left, the field writes the date in the user's style, which moves what is below it.
  await dueDate.blur();
  await form.getByLabel('ESG Aspect').selectOption('Social');
}

atBothSizes(
  (size, phone) => {
    test('an incident reported on the spot reaches the client, and its corrective action closes through the loop', async ({
      page,
      browser,
    }) => {
      const tag = `${size}-${Date.now().toString(36)}`;
      const where = `Crusher line 2, north transfer point ${tag}`;
      const plan: AcmePlan = await ownAcmePlan(browser, effluentPlan(`incident ${tag}`));

      // The client's owner, in a browser of their own, with nothing unread.
      const client = await personOn(browser, 'client');
      await client.setViewportSize(page.viewportSize()!);
      const cleared = await client.request.post('/api/v1/notifications/read-all');
      expect(cleared.status(), await cleared.text()).toBe(200);

      // The company's editor reports from the dashboard's Incidents card.
      await switchTo(page, 'targetCompany', COMPANY_EDITOR);
      await page.getByRole('link', { name: /^Incidents/ }).click();
      await expect(page.getByRole('heading', { name: 'Incidents', level: 1 })).toBeVisible();
      await page.getByRole('link', { name: 'Report an incident' }).click();
      await expect(
        page.getByRole('heading', { name: 'Report an incident', level: 1 }),
      ).toBeVisible();
      await page
        .getByLabel(/^What happened/)
        .fill('A fitter’s hand was caught in the conveyor’s tail pulley during cleaning.');
      await page.getByLabel(/^Where/).fill(where);
      await page.getByLabel(/^Category/).selectOption('Serious injury');
      await page.getByLabel(/^Severity/).selectOption('High');
      await page.getByLabel(/^People affected/).fill('1');
      await page
        .getByLabel(/^Immediate actions taken/)
        .fill('Line stopped and locked out; first aid, then the regional hospital.');
      // A phone offers its camera beside the files, as for remarks.
      await page
        .getByLabel(phone ? 'Photo from the camera' : 'Photos of the incident')
        .setInputFiles([{ name: 'pulley.png', mimeType: 'image/png', buffer: photo(`${tag}-1`) }]);
      await expect(page.getByRole('list', { name: 'Photos to send' })).toContainText('pulley.png');
      await expectFitsWidth(page, 'report an incident');
      await expectNoAxeViolations(page);
      await screenshot(page, `incident-report-form-${size}`);
      await page.getByRole('button', { name: 'Report incident' }).click();

      await expect(page).toHaveURL(/\/target-company\/incidents\/[0-9a-f-]{36}$/);
      const incidentId = new URL(page.url()).pathname.split('/').pop()!;
      const clocks = region(page, 'Clocks');
      await expect(clocks.getByText('Lender notified in time')).toBeVisible();
      await expect(clocks.getByText(/^Root cause due in 30 days/)).toBeVisible();
      await expect(page.getByRole('img', { name: 'Incident photo pulley.png' })).toBeVisible();
      await expectFitsWidth(page, 'incident page');
      await screenshot(page, `incident-page-company-${size}`);

      // The client's owner is told at once: the bell (read when a page opens, on focus and each
      // minute), its entry, and the incident in the register.
      await client.reload();
      const bell = bellOf(client);
      await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
      await bell.click();
      const notice = client
        .getByRole('dialog', { name: 'Notifications' })
        .getByRole('listitem')
        .filter({ hasText: where });
      await expect(notice).toContainText('Serious incident reported: Acme Steel Ltd');
      await screenshot(client, `incident-bell-client-${size}`);
      await notice.getByRole('link').click();
      await expect(client).toHaveURL(
        new RegExp(`/client/target-companies/${plan.companyId}/incidents/${incidentId}$`),
      );
      await expect(region(client, 'Clocks').getByText('Lender notified in time')).toBeVisible();

      await client.goto('/client/portfolio');
      await client.getByRole('link', { name: /^Incident register/ }).click();
      await expect(
        client.getByRole('heading', { name: 'Incident register', level: 1 }),
      ).toBeVisible();
      const row = client.getByRole('row').filter({ hasText: where });
      await expect(row).toContainText('Notified in time');
      await expect(row).toContainText('Serious injury');
      await expect(row).toContainText('High');
      await expectFitsWidth(client, 'incident register');
      await expectNoAxeViolations(client);
      await screenshot(client, `incident-register-client-${size}`);

      // The client asks; the company answers, writes the root cause and adds a corrective action.
      await row.getByRole('link').click();
      await client.getByLabel(/^Ask the company a question/).fill('Was the pulley guard in place?');
      await client.getByRole('button', { name: 'Ask', exact: true }).click();
      await expect(client.getByText('Waiting for the company’s answer.')).toBeVisible();

      await page.reload();
      await page.getByLabel(/^Your answer/).fill('No: it had been taken off for cleaning.');
      await page.getByRole('button', { name: 'Answer', exact: true }).click();
      await expect(region(page, "Client's questions")).toContainText(
        'No: it had been taken off for cleaning.',
      );
      await page
        .getByLabel(/^Why it happened/)
        .fill('Cleaning with the line running; the guard was off and there was no interlock.');
      await page.getByRole('button', { name: 'Send root-cause analysis' }).click();
      await expect(clocks.getByText(/^Root cause sent /)).toBeVisible();

      const actions = region(page, 'Corrective actions');
      await actions.getByRole('button', { name: 'Add corrective action' }).click();
      await actions.getByLabel('Auditor firm').selectOption(plan.auditorId);
      await actions.getByLabel('Audit', { exact: true }).selectOption(plan.auditId);
      await actions.getByLabel('Action plan').selectOption(plan.planId);
      await fillCorrectiveGap(actions, tag);
      await screenshot(page, `incident-corrective-form-${size}`);
      await actions.getByRole('button', { name: 'Add corrective action' }).click();
      const gapLink = actions.getByRole('link', {
        name: `Interlocked guards on every conveyor ${tag}`,
      });
      await expect(gapLink).toBeVisible();
      await expect(actions).toContainText('Open');
      await expectFitsWidth(page, 'incident with its corrective action');
      await expectNoAxeViolations(page);
      await screenshot(page, `incident-corrective-action-${size}`);

      // The gap, linked back: its panel opens in its plan; a photo remark and a closure request.
      await gapLink.click();
      await expect(page).toHaveURL(new RegExp(`/action-plans/${plan.planId}\\?gap_id=`));
      const panel = gapPanel(page);
      await expect(panel).toContainText(`Guarded tail pulleys ${tag}`);
      await expect(panel.getByRole('link', { name: /^Serious injury/ })).toBeVisible();
      await screenshot(page, `incident-gap-panel-${size}`);
      await panel.getByRole('textbox', { name: 'Add a remark' }).fill('Interlocked guards fitted');
      await panel
        .getByLabel('Image attachments')
        .setInputFiles([{ name: 'guard.png', mimeType: 'image/png', buffer: photo(`${tag}-2`) }]);
      await panel.getByRole('button', { name: 'Send' }).click();
      await expect(panel.getByRole('list', { name: 'Remarks' })).toContainText(
        'Interlocked guards fitted',
      );
      await panel.getByRole('button', { name: 'Request closure' }).click();
      const request = page.getByRole('dialog', { name: 'Request closure' });
      await request.getByRole('button', { name: 'Request closure' }).click();
      await expect(request).toBeHidden();

      // The client accepts the evidence at its desk; the incident shows the new status.
      await client.goto(`/client/target-companies/${plan.companyId}/incidents/${incidentId}`);
      await region(client, 'Corrective actions')
        .getByRole('link', { name: `Interlocked guards on every conveyor ${tag}` })
        .click();
      const clientPanel = gapPanel(client);
      await clientPanel.getByRole('button', { name: 'Accept evidence' }).click();
      const accept = client.getByRole('dialog', { name: 'Accept evidence' });
      await accept.getByRole('radio', { name: /Desk review/ }).check();
      for (const flag of await accept.getByRole('checkbox', { name: /^I have checked/ }).all())
        await flag.check();
      await accept.getByRole('button', { name: 'Accept' }).click();
      await expect(accept).toBeHidden();
      await client.keyboard.press('Escape');

      await client.goto(`/client/target-companies/${plan.companyId}/incidents/${incidentId}`);
      await expect(region(client, 'Corrective actions')).toContainText('Prov Close');
      await client.getByRole('button', { name: 'Close incident' }).click();
      await client.getByRole('alertdialog').getByRole('button', { name: 'Close incident' }).click();
      await expect(region(client, 'Clocks').getByText(/^Closed on /)).toBeVisible();
      await expectFitsWidth(client, 'closed incident');
      await screenshot(client, `incident-closed-client-${size}`);
      await expect(client.getByRole('button', { name: 'Close incident' })).toHaveCount(0);
      await client.context().close();

      // The firm assigned to the company reads it from the company's audits, its gap linked.
      const auditor = await personOn(browser, 'auditor');
      await auditor.setViewportSize(page.viewportSize()!);
      await auditor.goto(`/auditor/target-companies/${plan.companyId}/audits`);
      await auditor.getByRole('link', { name: 'Incidents', exact: true }).click();
      await auditor.getByRole('row').filter({ hasText: where }).getByRole('link').click();
      await expect(auditor).toHaveURL(
        new RegExp(`/auditor/target-companies/${plan.companyId}/incidents/${incidentId}$`),
      );
      await expect(region(auditor, 'Clocks').getByText(/^Closed on /)).toBeVisible();
      await expect(
        region(auditor, 'Corrective actions').getByRole('link', {
          name: `Interlocked guards on every conveyor ${tag}`,
        }),
      ).toHaveAttribute(
        'href',
        new RegExp(
          `^/auditor/target-companies/${plan.companyId}/audits/${plan.auditId}/action-plans/${plan.planId}\\?gap_id=`,
        ),
      );
      await expectFitsWidth(auditor, 'incident for the auditor');
      await screenshot(auditor, `incident-auditor-${size}`);
      await auditor.context().close();
    });
  },
  { touch: true },
);
