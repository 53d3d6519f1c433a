import { expect, test } from '@playwright/test';
import { EBRD_EXPECTED, ebrdWorkbook, nextYear } from '../../api/test/esap-import/esap-fixtures';
import { expectNoAxeViolations } from '../support/accessibility';
import { acmeCard, seededAuditRow } from '../support/demo';
import { expectFitsWidth } from '../support/layout';
import { enterArea, screenshot } from '../support/session';
import { atBothSizes } from '../support/sizes';

// The auditor owner imports a lender's ESAP workbook (generated here: a title, a merged two-row
// header, section rows, multi-line cells, words where dates belong, footnote markers) into a new
// action plan of Acme Steel's seeded audit: preview, one mapping changed, a dry run, the import, then
// the new plan with its gaps. The file's ESAP statuses come in a table the user confirms ('Completed'
// set to Open here), remembered for the client's next import.

atBothSizes((size) => {
  test('an ESAP workbook becomes an action plan: preview, mapping, statuses, dry run, import', async ({
    page,
  }) => {
    const year = nextYear();
    const heading = `Danube Steel ESAP ${size} ${Date.now()}`;
    await enterArea(page, 'auditor');
    await acmeCard(page).getByRole('link', { name: 'Audits' }).click();
    await seededAuditRow(page).getByRole('link', { name: 'Import ESAP' }).click();
    await expect(page).toHaveURL(/\/import-esap$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Import ESAP' })).toBeVisible();

    await page.getByLabel('ESAP spreadsheet (.xlsx or .csv)').setInputFiles({
      name: 'danube-steel-esap.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await ebrdWorkbook({ year }),
    });
    await page.getByRole('button', { name: 'Read file' }).click();

    const columns = page.getByRole('region', { name: 'Columns' });
    await expect(columns.getByLabel('Column A (No.)')).toHaveValue('esapItemNumber');
    await expect(
      columns.getByLabel('Column D (Requirements (Legislative, EBRD PR, Best Practice))'),
    ).toHaveValue('requirementReferences');
    await expect(columns.getByLabel('Column F (Implementation / Timetable)')).toHaveValue(
      'timetable',
    );
    const preview = page.getByRole('region', { name: 'First rows' });
    await expect(
      preview.getByRole('row').filter({ hasText: 'PR1 Assessment and Management' }),
    ).toContainText('Section');
    await expect(preview.getByRole('row').filter({ hasText: '1.1' })).toContainText(
      'Develop and implement an Environmental and Social Management System',
    );
    // The comments go to the residual risk instead.
    await columns.getByLabel('Column I (Comments)').selectOption({ label: 'Residual risk' });
    // Each ESAP status once, with the gap status it sets; 'Completed' is confirmed as Open.
    const statuses = page.getByRole('region', { name: 'ESAP statuses' });
    await expect(statuses.getByRole('row')).toHaveCount(5);
    await expect(statuses.getByLabel("Status 'Ongoing' imported as")).toHaveValue('open');
    await expect(statuses.getByLabel("Status 'Not started' imported as")).toHaveValue('open');
    const completed = statuses.getByLabel("Status 'Completed' imported as");
    await completed.selectOption({ label: 'Open' });
    await expect(completed).toHaveValue('open');
    await expect(statuses.getByRole('row').filter({ hasText: 'Completed' })).toContainText(
      'Your choice',
    );
    await expectFitsWidth(page, `import preview ${size}`);
    await expectNoAxeViolations(page);
    await statuses.scrollIntoViewIfNeeded();
    await screenshot(page, `esap-import-statuses-${size}`);

    await page.getByLabel(/^Heading/).fill(heading);
    await page.getByLabel(/^Category/).selectOption({ label: 'Environment' });
    await page.getByLabel(/^Timeline/).fill(`${year + 1}-12-31`);
    await page.getByLabel(/^ESG Aspect/).selectOption('Environmental');
    await page.getByLabel(/^SDG8 /).check();
    await page.getByRole('button', { name: 'Check (dry run)' }).click();

    const result = page.getByRole('region', { name: 'Result' });
    await expect(result.getByRole('status')).toHaveText(
      'Dry run: nothing was saved. This is what Import will do.',
    );
    await expect(result.locator('.va-import__count', { hasText: 'Gaps to import' })).toContainText(
      String(EBRD_EXPECTED.imported),
    );
    await expect(result.getByRole('list', { name: 'Errors (1)' })).toContainText(
      'Item 3.1 (row 15, column E): Responsibility is required',
    );
    // 'Prior to first disbursement' is read as due by first disbursement (0084): no warning for it.
    const warnings = result.getByRole('list', { name: /^Warnings \(\d+\)$/ });
    await expect(warnings).not.toContainText("Timetable 'Prior to first disbursement'");
    // The combined 'Resources, Responsibility' column is named, never read silently; the confirmed
    // 'Completed' has no warning left.
    await expect(warnings).toContainText(
      "Column E ('Resources, Responsibility') names Resources and Responsibility",
    );
    await expect(warnings).not.toContainText("Status 'Completed'");
    await expect(result.getByRole('link', { name: 'Open the action plan' })).toHaveCount(0);
    await screenshot(page, `esap-import-dry-run-${size}`);

    // The same workbook imported by an earlier run (or at the other size) is offered as a revision
    // of that plan: this test asks for a new plan (docs/decisions/0083-esap-revisions.md).
    const anyway = page.getByRole('button', { name: 'Import as a new plan anyway' });
    if ((await anyway.count()) > 0) await anyway.click();
    else await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(result.getByRole('status')).toHaveText(`${EBRD_EXPECTED.imported} gaps imported.`);
    await expect(
      result.getByRole('button', { name: 'Download rows with errors (CSV)' }),
    ).toBeVisible();
    await expectFitsWidth(page, `import result ${size}`);
    await screenshot(page, `esap-import-result-${size}`);

    await result.getByRole('link', { name: 'Open the action plan' }).click();
    await expect(page).toHaveURL(/\/action-plans\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const gaps = page.getByRole('table').last();
    // Each gap reads its completion indicator (the KPI) and its E&S risk; the action is its
    // recommendation only.
    await expect(gaps.getByText('ESMS manual approved by the Board')).toBeVisible();
    await expect(gaps.getByText('SEP published on the company website')).toBeVisible();
    await expect(page.getByText('Total Gaps').locator('..')).toContainText(
      String(EBRD_EXPECTED.imported),
    );
    await screenshot(page, `esap-import-plan-${size}`);
  });
});
