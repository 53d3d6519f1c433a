import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/accessibility';
import { dayFromNow, effluentPlan, ownAcmePlan, type AcmePlan } from '../support/demo';
import { expectFitsWidth } from '../support/layout';
import { personOn, screenshot, switchTo } from '../support/session';
import { atBothSizes } from '../support/sizes';

// Serious incidents with the demo accounts (docs/decisions/0099-serious-incidents.md): Acme Steel's
// editor reports an incident with a photo from the phone's camera; the client's owner, whose page is
// open, sees it in the bell within seconds without a reload (docs/decisions/0107-the-bell-live.md)
// and "Lender notified in time" in the register; the editor writes the root cause and adds a
// corrective action to a plan, which is a gap linked both ways; the gap goes through the closure loop
// (a remark with a photo, a request, the client accepts) and the incident shows its new status. An
// incident reported weeks after the event has its root cause late: its escalation reaches the
// client's open bell, and the register shows it late.

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
const bellPanel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
/** What "within seconds" allows a live notice on a loaded test machine; the bell's poll is 60 s. */
const WITHIN_SECONDS = { timeout: 10_000 };

/** The client's owner, in a browser of their own, with nothing unread and the bell's panel open. */
async function clientWithBellOpen(browser: Browser, viewport: Page) {
  const client = await personOn(browser, 'client');
  await client.setViewportSize(viewport.viewportSize()!);
  const cleared = await client.request.post('/api/v1/notifications/read-all');
  expect(cleared.status(), await cleared.text()).toBe(200);
  await bellOf(client).click();
  await expect(bellPanel(client)).toBeVisible();
  return client;
}

/**
 * The escalation of late root-cause analyses, now: the stack's daily scan took today at its start,
 * so the test asks the API for that step of it, as an operator may (`kill -USR2`, api/src/server.ts).
 */
function escalateLateRootCausesNow() {
  const pid = Number(process.env.E2E_PID_API);
  expect(pid).toBeGreaterThan(0);
  process.kill(pid, 'SIGUSR2');
}

/** `days` days ago at 09:00, as the report form's `datetime-local` field takes a moment. */
function daysAgoAtNine(days: number): string {
  const day = new Date(Date.now() - days * 86_400_000);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${two(day.getMonth() + 1)}-${two(day.getDate())}T09:00`;
}

/** Fills the report form of the company's Incidents page (the photo left to the caller). */
async function fillIncidentReport(page: Page, where: string) {
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
}

async function openReportForm(page: Page) {
  await switchTo(page, 'targetCompany', COMPANY_EDITOR);
  await page.getByRole('link', { name: /^Incidents/ }).click();
  await expect(page.getByRole('heading', { name: 'Incidents', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Report an incident' }).click();
  await expect(page.getByRole('heading', { name: 'Report an incident', level: 1 })).toBeVisible();
}
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

      // The client's owner, in a browser of their own, nothing unread, the bell's panel open.
      const client = await clientWithBellOpen(browser, page);
      const notice = bellPanel(client).getByRole('listitem').filter({ hasText: where });
      await expect(notice).toHaveCount(0);

      // The company's editor reports from the dashboard's Incidents card.
      await openReportForm(page);
      await fillIncidentReport(page, where);
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
      // The client's owner is told within seconds, without a reload: the open panel lists it
      // (a list read only when the panel opens, or on the stream's word) and the bell counts it.
      await expect(notice).toContainText(
        'Serious incident reported: Acme Steel Ltd',
        WITHIN_SECONDS,
      );
      await expect(bellOf(client)).toHaveAccessibleName(
        /^Notifications, [1-9]\d* unread$/,
        WITHIN_SECONDS,
      );
      const clocks = region(page, 'Clocks');
      await expect(clocks.getByText('Lender notified in time')).toBeVisible();
      await expect(clocks.getByText(/^Root cause due in 30 days/)).toBeVisible();
      await expect(page.getByRole('img', { name: 'Incident photo pulley.png' })).toBeVisible();
      await expectFitsWidth(page, 'incident page');
      await screenshot(page, `incident-page-company-${size}`);

      // A second person was hurt: the company corrects its report in place.
      await page.getByRole('button', { name: 'Correct the report' }).click();
      const correction = region(page, 'Correct the report');
      await expect(correction.getByLabel(/^Where/)).toHaveValue(where);
      await correction.getByLabel(/^People affected/).fill('2');
      await expectFitsWidth(page, 'correct the report');
      await screenshot(page, `incident-correction-${size}`);
      await correction.getByRole('button', { name: 'Save the correction' }).click();
      await expect(page.getByText(/^Report corrected/)).toBeVisible();
      await expect(
        region(page, 'What happened').getByRole('definition').filter({ hasText: /^2$/ }),
      ).toBeVisible();
      await expect(clocks.getByText('Lender notified in time')).toBeVisible();

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

    test('a root-cause analysis already late escalates to the client, and the register shows it late', async ({
      page,
      browser,
    }) => {
      const tag = `${size}-${Date.now().toString(36)}`;
      const where = `Crusher line 3, south transfer point ${tag}`;
      const client = await clientWithBellOpen(browser, page);

      // Reported six weeks after the event: past the client's clocks (3 and 30 days) at once.
      await openReportForm(page);
      await page.getByLabel(/^When/).fill(daysAgoAtNine(42));
      await fillIncidentReport(page, where);
      await page.getByRole('button', { name: 'Report incident' }).click();
      await expect(page).toHaveURL(/\/target-company\/incidents\/[0-9a-f-]{36}$/);
      const incidentId = new URL(page.url()).pathname.split('/').pop()!;
      const clocks = region(page, 'Clocks');
      await expect(clocks.getByText('Lender notified late')).toBeVisible();
      await expect(clocks.getByText(/^Root cause late by \d+ days$/)).toBeVisible();
      // Reported: the client hears of it at once, as of any report.
      const panel = bellPanel(client);
      await expect(
        panel.getByRole('listitem').filter({ hasText: 'Serious incident reported' }).filter({
          hasText: where,
        }),
      ).toHaveCount(1, WITHIN_SECONDS);

      // The escalation of a late root cause reaches the open bell within seconds, once.
      escalateLateRootCausesNow();
      const escalation = panel
        .getByRole('listitem')
        .filter({ hasText: 'Incident root-cause analysis late: Acme Steel Ltd' })
        .filter({ hasText: where });
      await expect(escalation).toContainText('has not been submitted', WITHIN_SECONDS);
      await expectFitsWidth(client, 'bell with an escalation');
      await screenshot(client, `incident-escalation-bell-client-${size}`);
      escalateLateRootCausesNow();

      await escalation.getByRole('link').click();
      await expect(client).toHaveURL(
        new RegExp(`/client/target-companies/[0-9a-f-]{36}/incidents/${incidentId}$`),
      );
      await expect(
        region(client, 'Clocks').getByText(/^Root cause late by \d+ days$/),
      ).toBeVisible();

      // The portfolio's register, late ones only: this incident, late on both clocks.
      await client.goto('/client/portfolio');
      await client.getByRole('link', { name: /^Incident register/ }).click();
      await expect(
        client.getByRole('heading', { name: 'Incident register', level: 1 }),
      ).toBeVisible();
      await client.getByLabel('Root cause late only').check();
      const row = client.getByRole('row').filter({ hasText: where });
      await expect(row).toContainText('Notified late');
      await expect(row).toContainText(/Late by \d+ days/);
      await expectFitsWidth(client, 'incident register, late only');
      await screenshot(client, `incident-register-late-client-${size}`);

      // Asked twice, the escalation was sent once.
      await bellOf(client).click();
      await expect(
        bellPanel(client)
          .getByRole('listitem')
          .filter({ hasText: 'Incident root-cause analysis late' })
          .filter({ hasText: where }),
      ).toHaveCount(1);
      await client.context().close();
    });
  },
  { touch: true },
);
