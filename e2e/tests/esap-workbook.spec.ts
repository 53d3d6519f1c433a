import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { nextYear } from '../../api/test/esap-import/esap-fixtures';
import { EBRD_LAYOUT_TITLE, ebrdLayoutWorkbook } from '../../api/test/esap-import/layout-fixtures';
import { apiData, seededAuditPlans } from '../support/demo';
import { enterArea, screenshot } from '../support/session';

// The lender's E&S officer imported the lender's own ESAP workbook; on the plan, 'Download ESAP
// workbook' (beside 'Download report', for an imported plan only) saves it back in that layout,
// with Verity's status column filled in as of today.

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test.use({ viewport: { width: 1400, height: 900 } });

test('an officer downloads an imported ESAP back in the lender’s own workbook', async ({
  page,
}) => {
  const year = nextYear();
  const heading = `Karadeniz ESAP ${Date.now().toString(36)}`;
  await enterArea(page, 'auditor');
  const { targetCompanies } = await apiData<{
    targetCompanies: { id: string; targetCompanyName: string }[];
  }>(page.request, 'auditor/target-company?pageSize=100');
  const companyId = targetCompanies.find((c) => c.targetCompanyName === 'Acme Steel Ltd')!.id;
  const { auditId } = await seededAuditPlans(page.request, companyId);
  const created = await page.request.post('/api/v1/action-plan/import', {
    params: { targetCompanyId: companyId, auditId, newPlan: 'true' },
    multipart: {
      actionPlanHeading: heading,
      category: 'environment',
      timeline: `${year + 1}-12-31`,
      ESGAspect: 'Environmental',
      impactedSDGs: 'SDG8',
      file: {
        name: 'Karadeniz ESAP.xlsx',
        mimeType: XLSX,
        buffer: await ebrdLayoutWorkbook(year, `15/01/${year - 2}`),
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const planId = ((await created.json()) as { data: { actionPlanId: string } }).data.actionPlanId;

  await page.goto(
    `/auditor/target-companies/${companyId}/audits/${auditId}/action-plans/${planId}`,
  );
  const report = page.getByRole('button', { name: 'Download report' });
  const button = page.getByRole('button', { name: 'Download ESAP workbook' });
  await expect(button).toBeVisible();
  await expect(report).toBeVisible();
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Download ESAP workbook' });
  await expect(dialog.getByLabel(/As of/)).toBeVisible();
  await screenshot(page, 'esap-workbook-dialog');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Karadeniz ESAP – as of \d{4}-\d\d-\d\d\.xlsx$/);
  await expect(dialog).toBeHidden();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('ESAP')!;
  expect(sheet.getCell('A1').value).toBe(EBRD_LAYOUT_TITLE);
  expect(sheet.getCell('H8').value).toBe('Open');
  expect(sheet.getCell('H9').value).toBe('Overdue');
});
