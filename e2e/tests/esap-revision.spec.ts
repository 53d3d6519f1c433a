import { expect, test } from '@playwright/test';
import { nextYear } from '../../api/test/esap-import/esap-fixtures';
import {
  REVISION_1,
  originalEsapWorkbook,
  revisedEsapWorkbook,
} from '../../api/test/esap-import/revision-fixtures';
import { expectNoAxeViolations } from '../support/accessibility';
import { apiData, seededAuditPlans } from '../support/demo';
import { expectFitsWidth } from '../support/layout';
import { enterArea, screenshot } from '../support/session';
import { atBothSizes } from '../support/sizes';

// The lender's E&S officer (the auditor owner) receives Rev 1 of an ESAP already imported into a plan
// of Acme Steel's seeded audit (eight items in French and Turkish): the same file read without
// choosing the plan is offered as its revision; imported into the plan, the dry run previews three
// items changed (old → new), two added and one dropped; applied with its note, the plan shows Rev 1
// and its differences, the dropped item struck.

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

atBothSizes((size) => {
  test('an officer previews and applies Rev 1 of an ESAP, and the plan shows it', async ({
    page,
  }) => {
    const year = nextYear();
    const heading = `Anadolu Çelik ESAP ${size} ${Date.now().toString(36)}`;
    await enterArea(page, 'auditor');
    const { targetCompanies } = await apiData<{
      targetCompanies: { id: string; targetCompanyName: string }[];
    }>(page.request, 'auditor/target-company?pageSize=100');
    const companyId = targetCompanies.find((c) => c.targetCompanyName === 'Acme Steel Ltd')!.id;
    const { auditId } = await seededAuditPlans(page.request, companyId);

    // Rev 0: the original ESAP, imported as a plan of its own.
    const created = await page.request.post('/api/v1/action-plan/import', {
      params: { targetCompanyId: companyId, auditId, newPlan: 'true' },
      multipart: {
        actionPlanHeading: heading,
        category: 'environment',
        timeline: `${year + 1}-12-31`,
        ESGAspect: 'Environmental',
        impactedSDGs: 'SDG8',
        file: { name: 'esap.xlsx', mimeType: XLSX, buffer: await originalEsapWorkbook(year) },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const planId = ((await created.json()) as { data: { actionPlanId: string } }).data.actionPlanId;

    await page.goto(`/auditor/target-companies/${companyId}/audits/${auditId}/import-esap`);
    await expect(page.getByRole('heading', { level: 1, name: 'Import ESAP' })).toBeVisible();
    await page.getByLabel('ESAP spreadsheet (.xlsx or .csv)').setInputFiles({
      name: 'esap-rev1.xlsx',
      mimeType: XLSX,
      buffer: await revisedEsapWorkbook(year),
    });
    await page.getByRole('button', { name: 'Read file' }).click();
    await page.getByLabel(/^SDG8 /).check();
    await page.getByLabel(/^ESG Aspect/).selectOption('Environmental');

    // Without choosing the plan: the file is offered as a revision of a plan that has its items.
    await page.getByLabel(/^Heading/).fill(`${heading} (copie)`);
    await page.getByLabel(/^Category/).selectOption({ label: 'Environment' });
    await page.getByLabel(/^Timeline/).fill(`${year + 1}-12-31`);
    await page.getByRole('button', { name: 'Check (dry run)' }).click();
    const offer = page.getByRole('group', {
      name: /items of this file are already in the action plan/,
    });
    await expect(offer).toContainText(/of the 9 items of this file are already in the action plan/);
    await expect(offer.getByRole('button', { name: /^Import as a revision of / })).toBeVisible();
    await expect(offer.getByRole('button', { name: 'Import as a new plan anyway' })).toBeVisible();
    await expectFitsWidth(page, `revision offer ${size}`);
    await screenshot(page, `esap-revision-offer-${size}`);

    // Into the plan: the preview of Rev 1.
    await page.getByLabel('Import into').selectOption({ label: heading });
    await page.getByLabel('Revision note').fill(REVISION_1.note);
    await page.getByRole('button', { name: 'Check (dry run)' }).click();
    const result = page.getByRole('region', { name: 'Result' });
    await expect(result.getByRole('status')).toHaveText(
      'Dry run: nothing was saved. This is what Import will do.',
    );
    await expect(result.getByRole('heading', { name: 'Revision preview: Rev 1' })).toBeVisible();
    await expect(result.getByRole('list', { name: 'New (2)' })).toContainText(
      'Item 2.3 İSG yönetimi eksik',
    );
    const changed = result.getByRole('list', { name: 'Changed (3)' });
    await expect(changed.getByRole('listitem').filter({ hasText: 'Item 2.1' })).toContainText(
      `İnsan Kaynakları Müdürü → ${REVISION_1.changed['2.1'].responsibility}`,
    );
    await expect(changed.getByRole('listitem').filter({ hasText: 'Item 1.2' })).toContainText(
      'Timetable',
    );
    await expect(result.getByRole('list', { name: 'Dropped (1)' })).toContainText(
      'Item 3.1 Consommation d’énergie élevée',
    );
    await expect(result.getByText('Unchanged: 4 items')).toBeVisible();
    await expectFitsWidth(page, `revision preview ${size}`);
    await expectNoAxeViolations(page);
    await screenshot(page, `esap-revision-preview-${size}`);

    await page.getByRole('button', { name: 'Apply Rev 1' }).click();
    await expect(result.getByRole('heading', { name: 'Rev 1 recorded' })).toBeVisible();
    await result.getByRole('link', { name: 'Open the action plan' }).click();
    await expect(page).toHaveURL(new RegExp(`/action-plans/${planId}$`));

    // The plan: its current revision, Rev 1's differences, the dropped item struck.
    const revisions = page.getByRole('region', { name: 'ESAP revisions' });
    await expect(revisions).toContainText('Current revision: Rev 1');
    await expect(revisions).toContainText(REVISION_1.note);
    await expect(revisions.getByRole('list', { name: 'Changed (3)' })).toContainText(
      REVISION_1.changed['3.2'].recommendation,
    );
    await expect(revisions.getByText('Rev 0')).toBeVisible();
    const gaps = page.getByRole('table').last();
    const droppedRow = gaps.getByRole('row').filter({ hasText: 'Consommation d’énergie élevée' });
    await expect(droppedRow).toContainText('Dropped in Rev 1');
    await expect(droppedRow.getByText('Dropped', { exact: true })).toBeVisible();
    await expect(droppedRow.locator('.vui-gap-cell__name')).toHaveCSS(
      'text-decoration-line',
      'line-through',
    );
    // The new items in their numbers' places; the dropped one out of the figures (9, not 10).
    await expect(gaps.getByRole('row').nth(3)).toContainText('1.3');
    await expect(page.getByText('Total Gaps').locator('..')).toContainText('9');
    await expectFitsWidth(page, `plan with revisions ${size}`);
    await expectNoAxeViolations(page);
    await screenshot(page, `esap-revision-plan-${size}`);
  });
});
