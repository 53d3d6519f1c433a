import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/accessibility';
import { expectFitsWidth } from '../support/layout';
import { AREAS, personOn, screenshot, switchTo } from '../support/session';
import { atBothSizes } from '../support/sizes';

// The grievance log with the demo accounts (docs/decisions/0105-grievance-screens.md): Acme Steel's
// editor records a named grievance on the spot and moves it received → acknowledged → investigated
// → resolved → closed with the complainant's response; the company's owner, once named among those
// who see identities, reads the complainant's name; the client's owner reads the log with the
// identity withheld, and the firm assigned to the company reads it from the company's audits.

const COMPANY_EDITOR = 'company.editor@verity.test';

const region = (page: Page, name: string) => page.getByRole('region', { name });

/** The log's row that opens this grievance. */
const rowOf = (page: Page, grievanceId: string) =>
  page.getByRole('row').filter({ has: page.locator(`a[href$="/grievances/${grievanceId}"]`) });

atBothSizes(
  (size) => {
    test('a grievance goes from received to closed, its complainant named only to those the owner names', async ({
      page,
      browser,
    }) => {
      const tag = `${size}-${Date.now().toString(36)}`;
      const name = `María Fernanda Choquehuanca Mamani de los Ríos ${tag}`;

      // The company's editor records it from the dashboard's Grievances card.
      await switchTo(page, 'targetCompany', COMPANY_EDITOR);
      await expect(page.getByRole('link', { name: /^Incidents/ })).toBeVisible();
      await screenshot(page, `grievance-company-dashboard-${size}`);
      await page.getByRole('link', { name: /^Grievances/ }).click();
      await expect(page.getByRole('heading', { name: 'Grievances', level: 1 })).toBeVisible();
      await expect(page.getByText(/^Targets: acknowledged within \d+ days?/)).toBeVisible();
      // An editor records and moves grievances; the targets are the owner's and admins'.
      await expect(page.getByRole('link', { name: 'Targets and identities' })).toHaveCount(0);
      await page.getByRole('link', { name: 'Record a grievance' }).click();
      await expect(
        page.getByRole('heading', { name: 'Record a grievance', level: 1 }),
      ).toBeVisible();
      await page.getByLabel(/^How it was received/).selectOption('Community meeting');
      await page.getByLabel(/^From/).selectOption('Community');
      await page.getByLabel(/^Category/).selectOption('Environment (noise, dust, water)');
      await page
        .getByLabel(/^The grievance/)
        .fill(`Dust from the haul road covers the school’s yard on dry days (${tag}).`);
      await page.getByLabel(/^Complainant’s name/).fill(name);
      await page.getByLabel(/^Contact/).fill('+51 984 000 111, Plaza de Armas 12, Yungas');
      await expectFitsWidth(page, 'record a grievance');
      await expectNoAxeViolations(page);
      await screenshot(page, `grievance-record-form-${size}`);
      await page.getByRole('button', { name: 'Record grievance' }).click();

      await expect(page).toHaveURL(/\/target-company\/grievances\/[0-9a-f-]{36}$/);
      const grievanceId = new URL(page.url()).pathname.split('/').pop()!;
      // The editor is not named: the identity is withheld from them too.
      await expect(region(page, 'The grievance').getByText('Identity withheld')).toBeVisible();
      const steps = region(page, 'Steps');
      await expect(steps.getByRole('listitem').nth(1)).toContainText('Not yet');
      await expect(steps.getByRole('listitem').nth(1)).toContainText(/Due in \d+ days?/);

      // Each step in its order, each on today, with its words where it has them.
      const next = (step: string) => region(page, `Next step: ${step}`);
      await next('Acknowledged').getByRole('button', { name: 'Record acknowledgement' }).click();
      await next('Investigated')
        .getByLabel(/^What was found/)
        .fill('Empty trucks ran at speed past the school at break time; the road was not watered.');
      await next('Investigated').getByRole('button', { name: 'Record investigation' }).click();
      await next('Resolved')
        .getByLabel(/^What was done/)
        .fill('The road is watered twice a day and trucks keep to 20 km/h near the school.');
      await expectFitsWidth(page, 'grievance mid-way');
      await screenshot(page, `grievance-resolving-${size}`);
      await next('Resolved').getByRole('button', { name: 'Record resolution' }).click();
      await next('Closed')
        .getByLabel(/^Complainant’s response/)
        .selectOption('Satisfied');
      await next('Closed').getByRole('button', { name: 'Close grievance' }).click();

      await expect(page.getByRole('region', { name: /^Next step/ })).toHaveCount(0);
      const taken = steps.getByRole('listitem');
      for (const [index, label] of ['Acknowledged', 'Investigated', 'Resolved', 'Closed'].entries())
        await expect(taken.nth(index + 1)).toContainText(new RegExp(`^${label}.*the day received`));
      await expect(taken.nth(1)).toContainText('On time');
      await expect(taken.nth(3)).toContainText('On time');
      await expect(taken.nth(4)).toContainText('Satisfied');
      await expectFitsWidth(page, 'closed grievance');
      await expectNoAxeViolations(page);
      await screenshot(page, `grievance-closed-company-${size}`);

      // The owner names themself among those who see identities, then reads the name.
      const owner = await personOn(browser, 'targetCompany');
      await owner.setViewportSize(page.viewportSize()!);
      await owner.goto('/target-company/grievances');
      await owner.getByRole('link', { name: 'Targets and identities' }).click();
      await expect(
        owner.getByRole('heading', { name: 'Targets and identities', level: 1 }),
      ).toBeVisible();
      await owner
        .getByRole('group', { name: 'The company’s users' })
        .getByRole('checkbox', { name: AREAS.targetCompany.owner })
        .check();
      await owner.getByRole('button', { name: 'Save who sees identities' }).click();
      await expect(
        owner.getByText('Saved: these users see complainants’ identities.'),
      ).toBeVisible();
      await expectFitsWidth(owner, 'grievance targets and identities');
      await screenshot(owner, `grievance-settings-owner-${size}`);
      await owner.goto('/target-company/grievances');
      await expect(rowOf(owner, grievanceId)).toContainText(name);
      await expectFitsWidth(owner, 'grievance log with names');
      await screenshot(owner, `grievance-log-owner-${size}`);
      await rowOf(owner, grievanceId).getByRole('link').click();
      const complaint = region(owner, 'The grievance');
      await expect(complaint).toContainText(name);
      await expect(complaint).toContainText('+51 984 000 111, Plaza de Armas 12, Yungas');
      await screenshot(owner, `grievance-owner-${size}`);
      await owner.context().close();

      // The client's owner reads the portfolio's register and the grievance, never the name.
      const client = await personOn(browser, 'client');
      await client.setViewportSize(page.viewportSize()!);
      await client.goto('/client/portfolio');
      const card = client.getByRole('link', { name: /^Grievance register/ });
      await card.scrollIntoViewIfNeeded();
      await screenshot(client, `grievance-portfolio-card-${size}`);
      await card.click();
      await expect(
        client.getByRole('heading', { name: 'Grievance register', level: 1 }),
      ).toBeVisible();
      const row = rowOf(client, grievanceId);
      await expect(row).toContainText('Identity withheld');
      await expect(row).toContainText('Acme Steel Ltd');
      await expect(row).toContainText('Closed');
      await expect(client.getByText(name)).toHaveCount(0);
      await expect(client.getByRole('button', { name: 'Download CSV' })).toBeVisible();
      await expectFitsWidth(client, 'grievance register');
      await expectNoAxeViolations(client);
      await screenshot(client, `grievance-register-client-${size}`);
      await row.getByRole('link').click();
      await expect(client).toHaveURL(
        new RegExp(`/client/target-companies/[0-9a-f-]{36}/grievances/${grievanceId}$`),
      );
      await expect(region(client, 'The grievance').getByText('Identity withheld')).toBeVisible();
      await expect(client.getByText(name)).toHaveCount(0);
      await expect(client.getByRole('region', { name: /^Next step/ })).toHaveCount(0);
      await expectFitsWidth(client, 'grievance for the client');
      await screenshot(client, `grievance-client-${size}`);

      // The company's own log for the client, from its dashboard's Grievances button.
      const companyId = new URL(client.url()).pathname.split('/')[3]!;
      await client.goto(`/client/target-companies/${companyId}/dashboard`);
      await client.getByRole('link', { name: 'Grievances', exact: true }).click();
      await expect(rowOf(client, grievanceId)).toContainText('Identity withheld');
      await client.context().close();

      // The firm assigned to the company reads the log from the company's audits.
      const auditor = await personOn(browser, 'auditor');
      await auditor.setViewportSize(page.viewportSize()!);
      await auditor.goto(`/auditor/target-companies/${companyId}/audits`);
      await auditor.getByRole('link', { name: 'Grievances', exact: true }).click();
      await expect(rowOf(auditor, grievanceId)).toContainText('Identity withheld');
      await expectFitsWidth(auditor, 'grievance log for the auditor');
      await screenshot(auditor, `grievance-log-auditor-${size}`);
      await auditor.context().close();
    });
  },
  { touch: true },
);
