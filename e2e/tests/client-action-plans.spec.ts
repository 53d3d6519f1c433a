import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { effluentPlan, openAcmeAuditPlans, ownAcmePlan } from '../support/demo';
import { enterArea, screenshot } from '../support/session';
import { atLaptopSize } from '../support/sizes';

/** Signs in and opens the action plans of a seeded GreenAudit audit of Acme Steel Ltd; answers the company id. */
async function openAcmeActionPlans(page: Page, email: string): Promise<string> {
  await enterArea(page, 'client', email);
  await page.goto('/client/target-companies');
  await openAcmeAuditPlans(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Action Plans' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Open gap / }).first()).toBeVisible();
  return /target-companies\/([^/]+)\//.exec(page.url())?.[1] ?? '';
}

const history = (page: Page) => page.getByRole('tab', { name: /^Status History \(\d+\)$/ });

/** The count the tab carries, read from its accessible name 'Status History (3)'. */
async function historyCount(page: Page): Promise<number> {
  return Number(/(\d+)\D*$/.exec((await history(page).textContent()) ?? '')?.[1]);
}

test('a client owner opens a gap from its row, changes its status and sees the history grow', async ({
  page,
  browser,
}) => {
  // A plan of its own: the gap whose history it counts is changed by no other test.
  const plan = await ownAcmePlan(browser, effluentPlan(`status-${Date.now().toString(36)}`));
  await enterArea(page, 'client');
  await page.goto(
    `/client/target-companies/${plan.companyId}/auditors/${plan.auditorId}/${plan.auditId}/action-plans`,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Action Plans' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Open action plan / }).first()).toBeVisible();
  await screenshot(page, 'client-action-plans');

  const kpi = plan.kpi;
  const gapRow = page.getByRole('link', { name: `Open gap ${kpi} ${plan.gapName}` });
  // The row's first line is its KPI.
  await expect(gapRow.locator('[title]').first()).toHaveText(kpi);
  await gapRow.click();
  await expect(page).toHaveURL(/\/action-plans\/[^/?]+\?gap_id=/);
  const panel = page.getByRole('dialog');
  await expect(panel.getByText(kpi).first()).toBeVisible();
  await screenshot(page, 'client-gap-panel');

  const selector = panel.getByRole('combobox', { name: 'Status' });
  const current = await selector.inputValue();
  const next = current === 'provClosed' ? 'open' : 'provClosed';
  const before = await historyCount(page);
  await selector.selectOption(next);
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to update the status?');
  await confirm.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Status updated successfully')).toBeVisible();
  await expect(page.getByRole('tab', { name: `Status History (${before + 1})` })).toBeVisible();
  await history(page).click();
  await expect(
    page.getByRole('list', { name: 'Status History' }).getByRole('listitem'),
  ).toHaveCount(before + 1);

  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(page).not.toHaveURL(/gap_id=/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Total Gaps')).toBeVisible();
  await screenshot(page, 'client-action-plan');

  // The change was saved: it is still there after a reload.
  await page.reload();
  await page
    .getByRole('link', { name: `Open gap ${kpi}` })
    .first()
    .click();
  await expect(page.getByRole('dialog').getByRole('combobox', { name: 'Status' })).toHaveValue(
    next,
  );
});

test('a client viewer sees no status selector', { tag: '@read-only' }, async ({ page }) => {
  await openAcmeActionPlans(page, 'client.viewer@verity.test');
  await page
    .getByRole('link', { name: /^Open gap / })
    .first()
    .click();
  const panel = page.getByRole('dialog');
  await expect(history(page)).toBeVisible();
  await expect(panel.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
  await expect(panel.getByRole('textbox', { name: 'Add a remark' })).toHaveCount(0);
});

/** A downloaded CSV: its rows as cells (no quoted commas in the checked columns), after its byte-order mark. */
function readCsv(file: string): { bom: boolean; rows: Record<string, string>[] } {
  const bytes = readFileSync(file);
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const [header = '', ...lines] = bytes
    .subarray(bom ? 3 : 0)
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '');
  const headings = header.split(',');
  const rows = lines.map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(headings.map((heading, index) => [heading, cells[index] ?? '']));
  });
  return { bom, rows };
}

atLaptopSize((size) => {
  test(
    'a client exports the action plans as a CSV holding the plan’s gaps',
    { tag: '@read-only' },
    async ({ page }) => {
      const companyId = await openAcmeActionPlans(page, 'client.viewer@verity.test');
      const gapLabels = await page
        .getByRole('link', { name: /^Open gap / })
        .evaluateAll((rows) => rows.map((row) => row.querySelector('[title]')?.textContent ?? ''));
      expect(gapLabels.length).toBeGreaterThan(0);

      // The list's export holds this audit's plans, and says so.
      const auditExport = page.getByRole('button', { name: 'Export CSV' });
      await expect(auditExport).toHaveAccessibleDescription(
        "This audit's action plans and gaps, as a CSV file",
      );
      const [download] = await Promise.all([page.waitForEvent('download'), auditExport.click()]);
      const today = new Date().toISOString().slice(0, 10);
      expect(download.suggestedFilename()).toBe(`${companyId}_esap_export_${today}.csv`);
      const csv = readFileSync(await download.path(), 'utf8');
      for (const kpi of gapLabels) expect(csv).toContain(kpi);
      const ofAudit = readCsv(await download.path());
      expect(ofAudit.bom).toBe(true);
      expect(Object.keys(ofAudit.rows[0] ?? {}).slice(0, 4)).toEqual([
        'Auditor',
        'Audit Type',
        'Audit Category',
        'Action Plan Heading',
      ]);
      for (const row of ofAudit.rows) {
        expect(row).toMatchObject({
          Auditor: 'GreenAudit Partners',
          'Audit Type': 'Normal Audit',
          'Audit Category': 'EHS',
        });
      }

      // The company's audits page exports every plan of the company, labelled as such.
      await page.goBack();
      const companyExport = page.getByRole('button', { name: 'Export all company plans (CSV)' });
      await expect(companyExport).toHaveAccessibleDescription(
        'Every action plan and gap of this company, across all the audits you can see, as a CSV file',
      );
      await screenshot(page, `client-audits-exports-${size}`);
      const [wholeDownload] = await Promise.all([
        page.waitForEvent('download'),
        companyExport.click(),
      ]);
      const ofCompany = readCsv(await wholeDownload.path());
      expect(ofCompany.bom).toBe(true);
      expect(ofCompany.rows.length).toBeGreaterThan(ofAudit.rows.length);
      expect(new Set(ofCompany.rows.map((row) => row['Audit Type'])).size).toBeGreaterThan(1);
    },
  );
});
