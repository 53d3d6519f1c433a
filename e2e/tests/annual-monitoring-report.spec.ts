import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/accessibility';
import { apiData } from '../support/demo';
import { enterArea, screenshot, switchTo } from '../support/session';
import { atLaptopSize } from '../support/sizes';

// The annual monitoring report cycle with the demo accounts
// (docs/decisions/0094-annual-monitoring-reports.md): Acme Steel's editor writes the report of the
// latest ended period and submits it; the client comments on a section and asks for changes; the
// company answers the comment and submits version 2; the client accepts it with a comment, downloads
// the PDF, and the portfolio shows the report accepted. The client sets a reporting rule of its own
// for each run, so each run has periods no earlier run started; the file's tests run one after the
// other, as they share Acme's rule.
test.describe.configure({ mode: 'serial' });

const COMPANY_EDITOR = 'company.editor@verity.test';

/** As the client's owner: Acme's id, and a rule whose year end is new to this run. */
async function setRunRule(page: Page) {
  const { targetCompanies } = await apiData<{
    targetCompanies: { id: string; targetCompanyName: string }[];
  }>(page.request, 'target-company?pageSize=100');
  const companyId = targetCompanies.find((c) => c.targetCompanyName === 'Acme Steel Ltd')!.id;
  const pick = Math.floor(Math.random() * 12 * 28);
  const pad = (value: number) => String(value).padStart(2, '0');
  const yearEnd = `${pad(Math.floor(pick / 28) + 1)}-${pad((pick % 28) + 1)}`;
  const saved = await page.request.put(`/api/v1/target-company/${companyId}/report-rule`, {
    data: { frequency: 'annual', yearEnd, dueDays: 90 },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return companyId;
}

const narrative = (page: Page) => page.getByRole('region', { name: 'Narrative' });

atLaptopSize((size) => {
  test('the annual report goes from draft to accepted, with a comment and a request for changes between', async ({
    page,
  }) => {
    const tag = `${size} ${Date.now().toString(36)}`;
    await enterArea(page, 'client');
    const companyId = await setRunRule(page);

    // The company's editor starts the report of the latest ended period from the dashboard.
    await switchTo(page, 'targetCompany', COMPANY_EDITOR);
    await page.getByRole('link', { name: /Monitoring reports/ }).click();
    await expect(page.getByRole('heading', { name: 'Monitoring reports', level: 1 })).toBeVisible();
    await page
      .getByRole('button', { name: /^Start report/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/target-company\/monitoring-reports\/[0-9a-f-]{36}$/);
    const reportPath = new URL(page.url()).pathname.replace('/target-company/', '');
    const reportId = reportPath.split('/').pop()!;
    await expect(page.getByRole('region', { name: 'ESAP progress' })).toContainText('ESAP items');
    // A grievance received in the period (anonymous: the log tells no one) joins the figures.
    const { report } = await apiData<{
      report: { targetCompanyId: string; period: { start: string } };
    }>(page.request, `monitoring-report/${reportId}`);
    const start = new Date(`${report.period.start}T00:00:00Z`);
    start.setUTCDate(start.getUTCDate() + 10);
    const recorded = await page.request.post(
      `/api/v1/target-company/${report.targetCompanyId}/grievances`,
      {
        data: {
          channel: 'suggestionBox',
          receivedOn: start.toISOString().slice(0, 10),
          complainantType: 'contractorWorker',
          category: 'healthAndSafety',
          description: `No drinking water at the batching plant (${tag}).`,
          anonymous: true,
        },
      },
    );
    expect(recorded.status(), await recorded.text()).toBe(201);
    await page.reload();
    const grievances = narrative(page).getByRole('region', {
      name: 'Grievances received in the period',
    });
    await expect(grievances.getByRole('table')).toContainText('Health and safety');
    await narrative(page)
      .getByLabel('E&S management system')
      .fill(`ISO 14001 recertified in March; ESMS manual rev. 4 (${tag}).`);
    await narrative(page)
      .getByLabel('Grievances', { exact: true })
      .fill('Üç şikâyet alındı, hepsi 30 gün içinde kapatıldı. Trois plaintes, toutes closes.');
    await expect(
      narrative(page).getByRole('region', { name: 'Serious incidents in the period' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, `annual-report-draft-${size}`);
    await page.getByRole('button', { name: 'Submit to the client' }).click();
    await expect(page.getByText('Report submitted: the client has been told.')).toBeVisible();
    await expect(page.getByText('Under review')).toBeVisible();
    await expect(narrative(page).getByText(`ESMS manual rev. 4 (${tag})`)).toBeVisible();

    // The client comments on Staffing and asks for changes.
    await switchTo(page, 'client');
    await page.goto(`/client/target-companies/${companyId}/dashboard`);
    await page.getByRole('link', { name: 'Monitoring reports' }).click();
    await page
      .getByRole('row')
      .filter({ hasText: 'Under review' })
      .getByRole('link')
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/monitoring-reports/${reportId}$`));
    await narrative(page)
      .getByLabel('Comment on Staffing')
      .fill('Give the E&S officer’s name and the contractors’ headcount.');
    await screenshot(page, `annual-report-review-${size}`);
    await page.getByRole('button', { name: 'Request changes' }).click();
    await expect(page.getByText('Changes requested: the company has been told.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0);

    // The company sees the comment beside the section, answers it and submits version 2.
    await switchTo(page, 'targetCompany', COMPANY_EDITOR);
    await page.goto(`/target-company/${reportPath}`);
    await expect(narrative(page)).toContainText(
      "Client's comment: Give the E&S officer’s name and the contractors’ headcount.",
    );
    await narrative(page)
      .getByLabel('Staffing')
      .fill('E&S officer: Ayşe Yılmaz. Contractors: 212 workers on site.');
    await screenshot(page, `annual-report-changes-${size}`);
    await page.getByRole('button', { name: 'Submit again' }).click();
    await expect(page.getByText('Report submitted: the client has been told.')).toBeVisible();

    // The client accepts version 2 with a comment and downloads the PDF with its review trail.
    await switchTo(page, 'client');
    await page.goto(`/client/target-companies/${companyId}/${reportPath}`);
    await expect(narrative(page)).toContainText('E&S officer: Ayşe Yılmaz');
    await page.getByLabel('Comment on the report').fill('Accepted for the lender file, thank you.');
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText('Report accepted.')).toBeVisible();
    const trail = page.getByRole('region', { name: 'Review trail' });
    await expect(trail).toContainText('Submitted version 1');
    await expect(trail).toContainText('Requested changes to version 1');
    await expect(trail).toContainText('Submitted version 2');
    await expect(trail).toContainText('Accepted version 2');
    await expect(trail).toContainText('Accepted for the lender file, thank you.');
    await expectNoAxeViolations(page);
    await screenshot(page, `annual-report-accepted-${size}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^Acme Steel Ltd – annual monitoring report \d{4}-\d{2}-\d{2}–\d{4}-\d{2}-\d{2}\.pdf$/,
    );

    // The portfolio shows Acme's report accepted.
    await page.goto('/client/portfolio');
    const reports = page.getByRole('region', { name: 'Monitoring reports' });
    await expect(reports.getByRole('row').filter({ hasText: 'Acme Steel Ltd' })).toContainText(
      'Accepted',
    );
    await screenshot(page, `annual-report-portfolio-${size}`);
  });
});
