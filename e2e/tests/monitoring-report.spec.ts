import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { acmeCard, openAcmeAuditPlans } from '../support/demo';
import { enterArea, screenshot } from '../support/session';

/** The text of a PDF, read by pdf.js. */
async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

test(
  "a client owner downloads a plan's monitoring report as a PDF naming the company",
  { tag: '@read-only' },
  async ({ page }) => {
    await enterArea(page, 'client');
    await page.goto('/client/target-companies');
    await openAcmeAuditPlans(page);
    await page
      .getByRole('link', { name: /^Open action plan / })
      .first()
      .click();
    await expect(page.getByText('Total Gaps')).toBeVisible();
    const heading = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';

    await page.getByRole('button', { name: 'Download report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download monitoring report' });
    await expect(dialog.getByRole('combobox', { name: /Format/ })).toHaveValue('pdf');
    await screenshot(page, 'monitoring-report-dialog');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^Acme Steel Ltd – monitoring report \d{4}-\d\d-\d\d–\d{4}-\d\d-\d\d\.pdf$/,
    );
    await expect(dialog).toBeHidden();
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('Acme Steel Ltd');
    expect(text).toContain('GreenAudit Partners');
    expect(text).toContain(heading.trim());
    expect(text).toContain('Environmental & Social Action Plan (ESAP)');
  },
);

test(
  "an auditor downloads a company's monitoring report from the company's audits screen",
  { tag: '@read-only' },
  async ({ page }) => {
    await enterArea(page, 'auditor');
    await page.goto('/auditor/target-companies');
    await acmeCard(page).getByRole('link', { name: 'Audits' }).click();
    await expect(page).toHaveURL(/\/audits$/);
    // On a phone the page's actions wrap beside the CSV export.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Download report' })).toBeInViewport();
    await screenshot(page, 'monitoring-report-auditor-audits-phone');
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.getByRole('button', { name: 'Download report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download monitoring report' });
    await expect(dialog.getByRole('combobox', { name: /Format/ })).toHaveValue('pdf');
    await screenshot(page, 'monitoring-report-auditor-dialog');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Acme Steel Ltd – monitoring report .*\.pdf$/);
    const text = await pdfText(await readFile((await download.path())!));
    expect(text).toContain('GreenAudit Partners');
    expect(text).toContain('Summary by section');
    expect(text).toContain('Environmental & Social Action Plan (ESAP)');
  },
);
