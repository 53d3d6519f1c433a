import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { apiData, effluentPlan, ownAcmePlan, seededAuditPlans } from '../support/demo';
import { enterArea, screenshot } from '../support/session';

const OWNER = 'company.owner@verity.test';
const VIEWER = 'company.viewer@verity.test';

async function signInCompany(page: Page, email: string) {
  await enterArea(page, 'targetCompany', email);
}

async function ownCompanyId(page: Page): Promise<string> {
  const { user } = await apiData<{ user: { targetCompanyId: string } }>(page.request, 'auth/me');
  return user.targetCompanyId;
}

/** A valid PNG of `width` x `height` pixels of noise (noise does not compress, so size grows with it). */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let index = 0; index < rows.length; index += 1) {
    rows[index] = index % (width * 3 + 1) === 0 ? 0 : (index * 7919) % 251;
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(2)} KB`;
}

test(
  'the company dashboard shows the figures the API gives for the own company',
  { tag: '@demo-figures' },
  async ({ page }) => {
    await signInCompany(page, OWNER);
    const targetCompanyId = await ownCompanyId(page);
    const dashboard = await apiData<{
      actionPlans: {
        statusOverview: { total: number; closed: number; provClosed: number; open: number };
      };
    }>(page.request, `dashboard/target-company?targetCompanyId=${targetCompanyId}`);
    const { total, closed, provClosed, open } = dashboard.actionPlans.statusOverview;
    expect(total).toBeGreaterThan(0);

    const cards: [string, number][] = [
      ['Total Audits', total],
      ['Closed', closed],
      ['Provisional Close', provClosed],
      ['Open', open],
    ];
    for (const [label, value] of cards) {
      // The label, then (for Total Audits) what it counts, then the figure.
      await expect(page.getByRole('group', { name: label })).toHaveText(
        new RegExp(`^${label}(\\D.*\\D)?\\s*${value}$`),
      );
    }
    for (const pie of ['ESG Composition', 'Timeline Analysis', 'Risk Severity']) {
      await expect(page.getByRole('img', { name: new RegExp(`^${pie}: `) })).toBeVisible();
    }
    await expect(page.locator('canvas')).toHaveCount(3);
    await screenshot(page, 'company-dashboard');
  },
);

test('the company owner manages company users', { tag: '@demo-figures' }, async ({ page }) => {
  await signInCompany(page, OWNER);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Company Users' })).toBeVisible();
  await expect(page.getByText('Carlos Company')).toBeVisible();

  await page.getByRole('button', { name: 'Add New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Company User' });
  await expect(dialog.getByRole('combobox', { name: /Role/ })).toHaveValue('admin');
  const submit = dialog.getByRole('button', { name: 'Create User' });
  await expect(submit).toBeDisabled();
  const stamp = Date.now();
  await dialog.getByRole('textbox', { name: /Email/ }).fill(`e2e.company.${stamp}@verity.test`);
  await dialog.getByRole('textbox', { name: /Full name/ }).fill(`E2E Company User ${stamp}`);
  await submit.click();
  await expect(dialog.getByText('Company user created successfully.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('list', { name: 'Users' }).getByRole('listitem').first(),
  ).toContainText(`E2E Company User ${stamp}`);
  await screenshot(page, 'company-users');
});

test('the company owner follows an auditor to a gap and adds remarks with images', async ({
  page,
  browser,
}) => {
  // A plan of its own: the remarks it counts are on a gap no other test writes to.
  const texts = effluentPlan(`remarks-${Date.now().toString(36)}`);
  const plan = await ownAcmePlan(browser, texts);
  await signInCompany(page, OWNER);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Auditors' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Auditors' })).toBeVisible();
  const auditorRow = page.getByRole('row', { name: /GreenAudit Partners/ });
  await expect(auditorRow).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add New Auditor' })).toHaveCount(0);
  await screenshot(page, 'company-auditors');

  await auditorRow.getByRole('link', { name: 'View Audits' }).click();
  await expect(page).toHaveURL(/\/target-company\/auditors\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audits' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Audits' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Audit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add New Audit' })).toHaveCount(0);
  await screenshot(page, 'company-audits');

  await page.locator(`a[href$="/${plan.auditId}/action-plans"]`).click();
  await expect(page).toHaveURL(/\/[0-9a-f-]+\/[0-9a-f-]+\/action-plans$/);
  const planRow = page.getByRole('link', { name: `Open action plan ${texts.heading}` });
  await expect(planRow).toBeVisible();
  await screenshot(page, 'company-action-plans');

  await planRow.click();
  await expect(page).toHaveURL(/\/action-plans\/[0-9a-f-]+$/);
  await expect(page.getByRole('group', { name: 'Total Gaps' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Gap' })).toHaveCount(0);
  const editButtons = page.getByRole('button', { name: /^Edit Gap / });
  await expect(editButtons.first()).toBeDisabled();
  await screenshot(page, 'company-action-plan');

  await page
    .getByRole('link', { name: /^Open gap / })
    .first()
    .click();
  const panel = page.getByRole('dialog', { name: 'Gap Details' });
  await expect(panel).toBeVisible();
  await expect(page).toHaveURL(/gap_id=/);
  await expect(panel.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
  await screenshot(page, 'company-gap-panel');

  const small = png(1, 1);
  const larger = png(40, 30);
  const comment = `Meters installed on line ${Date.now()}`;
  await panel.getByRole('textbox', { name: 'Add a remark' }).fill(comment);
  await panel.getByLabel('Image attachments').setInputFiles([
    { name: 'meter-small.png', mimeType: 'image/png', buffer: small },
    { name: 'meter-larger.png', mimeType: 'image/png', buffer: larger },
  ]);
  await expect(
    panel.getByRole('list', { name: 'Selected images' }).getByRole('listitem'),
  ).toHaveCount(2);
  await panel.getByRole('button', { name: 'Send' }).click();

  const lastRemark = panel
    .getByRole('list', { name: 'Remarks' })
    .getByRole('listitem')
    .filter({
      has: page.locator('.vui-remark__comments'),
    })
    .last();
  await expect(lastRemark).toContainText(comment);
  await expect(lastRemark).toContainText('Carlos Company');
  const docs = lastRemark.getByRole('list', { name: 'Attached images' }).getByRole('listitem');
  await expect(docs).toHaveCount(2);
  await expect(docs.nth(0)).toContainText('meter-small.png');
  await expect(docs.nth(0)).toContainText(kb(small.length));
  await expect(docs.nth(1)).toContainText('meter-larger.png');
  await expect(docs.nth(1)).toContainText(kb(larger.length));
  await expect(panel.getByRole('textbox', { name: 'Add a remark' })).toHaveValue('');
  await expect(lastRemark).toBeInViewport();
  await screenshot(page, 'company-remark-added');

  const remarks = panel
    .getByRole('list', { name: 'Remarks' })
    .getByRole('listitem')
    .filter({
      has: page.locator('.vui-remark__comments'),
    });
  const remarkCount = await remarks.count();
  await panel.getByRole('textbox', { name: 'Add a remark' }).press('Enter');
  await expect(page.getByText('Please add your comments').first()).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Send' })).toBeDisabled();
  await expect(remarks).toHaveCount(remarkCount);
});

test(
  'the company owner exports the action plans as CSV',
  { tag: '@read-only' },
  async ({ page }) => {
    await signInCompany(page, OWNER);
    const targetCompanyId = await ownCompanyId(page);
    const { auditorId, auditId, actionPlans } = await seededAuditPlans(
      page.request,
      targetCompanyId,
    );
    await page.goto(`/target-company/auditors/${auditorId}/${auditId}/action-plans`);
    await expect(
      page.getByRole('link', { name: `Open action plan ${actionPlans[0]!.actionPlanHeading}` }),
    ).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect(download.suggestedFilename()).toBe(`${targetCompanyId}_esap_export_${today}.csv`);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.split('\n')[0]).toContain('Action Plan Heading');
    for (const plan of actionPlans) {
      expect(csv).toContain(plan.actionPlanHeading);
      for (const gap of plan.gaps) expect(csv).toContain(gap.gapName);
    }
  },
);

test(
  'a company viewer sees a gap without the remark input',
  { tag: '@read-only' },
  async ({ page }) => {
    await signInCompany(page, VIEWER);
    const targetCompanyId = await ownCompanyId(page);
    const { auditorId, auditId, actionPlans } = await seededAuditPlans(
      page.request,
      targetCompanyId,
    );
    const plan = actionPlans.find((candidate) => candidate.gaps.length > 0)!;
    const gap = plan.gaps[0]!;
    await page.goto(
      `/target-company/auditors/${auditorId}/${auditId}/action-plans/${plan.id}?gap_id=${gap.id}`,
    );
    const panel = page.getByRole('dialog', { name: 'Gap Details' });
    await expect(panel.getByText(gap.gapName)).toBeVisible();
    await expect(panel.getByRole('tab', { name: /Remarks/ })).toBeVisible();
    await expect(panel.getByRole('textbox', { name: 'Add a remark' })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Attach images' })).toHaveCount(0);
    await expect(panel.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
    await screenshot(page, 'company-viewer-gap-panel');
  },
);

test(
  "another company's ids typed into the address bar show nothing of that company",
  { tag: '@read-only' },
  async ({ page, browser, baseURL }) => {
    const clientContext = await browser.newContext({ baseURL });
    const clientPage = await clientContext.newPage();
    await enterArea(clientPage, 'client');
    const { targetCompanies } = await apiData<{
      targetCompanies: { _id: string; targetCompanyName: string }[];
    }>(clientPage.request, 'target-company?pageSize=100');
    const foreign = targetCompanies.find(
      (company) => company.targetCompanyName === 'Blue River Textiles',
    )!;
    expect(foreign).toBeDefined();
    const { auditorId, auditId, actionPlans } = await seededAuditPlans(
      clientPage.request,
      foreign._id,
    );
    await clientContext.close();
    const foreignPlan = actionPlans.find((plan) => plan.gaps.length > 0)!;
    const foreignTexts = actionPlans.flatMap((plan) => [
      plan.actionPlanHeading,
      ...plan.gaps.flatMap((gap) => [gap.KPI, gap.gapName]),
    ]);

    await signInCompany(page, OWNER);
    const listPath = `/target-company/auditors/${auditorId}/${auditId}/action-plans`;
    await page.goto(listPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Action Plans' })).toBeVisible();
    // The not-found state, in words: nothing the user can see is at this address.
    await expect(page.getByRole('main').getByText('Not found', { exact: true })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
    for (const text of foreignTexts) await expect(page.getByText(text)).toHaveCount(0);
    await screenshot(page, 'company-foreign-action-plans');

    await page.goto(`${listPath}/${foreignPlan.id}?gap_id=${foreignPlan.gaps[0]!.id}`);
    await expect(page.getByText('No action plan found.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Gap Details' })).toHaveCount(0);
    for (const text of foreignTexts) await expect(page.getByText(text)).toHaveCount(0);
    await screenshot(page, 'company-foreign-ids');
  },
);

// Photos taken on site (docs/decisions/0102-photos-prepared-on-the-device.md): a phone's camera photo
// is scaled down on the device, upright, and keeps its capture time; a photo without one gets the
// device's time and, as the browser allows, its position.
test.describe('on a phone with its position allowed', () => {
  const SITE = { latitude: 51.5074, longitude: -0.1278 };
  test.use({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    permissions: ['geolocation'],
    geolocation: SITE,
  });

  /** The EXIF of a camera photo (a Fujifilm X-T5 held upright, Orientation 6, 2026:03:01 10:05:00 +05:30). */
  function cameraExif(): Buffer {
    const photo = readFileSync(
      path.join(__dirname, '../../shared-ui/src/gap-details/test-photos/camera-rotated.jpg'),
    );
    const length = photo.readUInt16BE(4);
    return photo.subarray(2, 4 + length);
  }

  test('a large camera photo arrives scaled with its capture time, a photo without one with the device’s', async ({
    page,
    browser,
  }) => {
    const plan = await ownAcmePlan(browser, effluentPlan(`photos-${Date.now().toString(36)}`));
    await signInCompany(page, OWNER);
    await page.goto(
      `/target-company/auditors/${plan.auditorId}/${plan.auditId}/action-plans/${plan.planId}?gap_id=${plan.gapId}`,
    );
    const panel = page.getByRole('dialog', { name: 'Gap Details' });
    await expect(panel.getByRole('button', { name: 'Take photo' })).toBeVisible();

    // A 4000 x 3000 JPEG as a phone's camera stores it, turned a quarter by its EXIF.
    const pixels = Buffer.from(
      await page.evaluate(async () => {
        const canvas = new OffscreenCanvas(4000, 3000);
        const context = canvas.getContext('2d')!;
        const gradient = context.createLinearGradient(0, 0, 4000, 3000);
        gradient.addColorStop(0, '#2a6f97');
        gradient.addColorStop(1, '#e9c46a');
        context.fillStyle = gradient;
        context.fillRect(0, 0, 4000, 3000);
        const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.95 });
        return Array.from(new Uint8Array(await blob.arrayBuffer()));
      }),
    );
    const camera = Buffer.concat([pixels.subarray(0, 2), cameraExif(), pixels.subarray(2)]);
    const cameraInput = panel.getByLabel('Photo from the camera');
    await cameraInput.setInputFiles({
      name: 'IMG_2041.jpg',
      mimeType: 'image/jpeg',
      buffer: camera,
    });
    const selected = panel.getByRole('list', { name: 'Selected images' }).getByRole('listitem');
    await expect(selected).toHaveCount(1);
    await cameraInput.setInputFiles({
      name: 'meter-display.png',
      mimeType: 'image/png',
      buffer: png(40, 30),
    });
    await expect(selected).toHaveCount(2);
    const comment = `Photos from the bund ${Date.now()}`;
    await panel.getByRole('textbox', { name: 'Add a remark' }).fill(comment);
    await panel.getByRole('button', { name: 'Send' }).click();

    const remark = panel
      .getByRole('list', { name: 'Remarks' })
      .getByRole('listitem')
      .filter({ hasText: comment });
    const docs = remark.getByRole('list', { name: 'Attached images' }).getByRole('listitem');
    await expect(docs).toHaveCount(2);
    const fact = (doc: number, term: string) =>
      docs.nth(doc).locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
    // Scaled on the device to 2,560 px on its long edge, upright, the camera's data intact.
    await expect(fact(0, 'Pixels')).toHaveText('1920 × 2560 px');
    await expect(fact(0, 'Taken')).toHaveText('01/03/2026 10:05 AM UTC+05:30');
    await expect(fact(0, 'Camera')).toHaveText('Fujifilm X-T5');
    await expect(fact(0, 'Location')).toContainText('18.52040, 73.85670');
    await expect(docs.nth(0)).not.toContainText('recorded by the device');
    const sent = await apiData<{ remarks: { docs: { fileName: string; size: number }[] }[] }>(
      page.request,
      `gap/${plan.gapId}/remarks?targetCompanyId=${plan.companyId}`,
    );
    const stored = sent.remarks.at(-1)!.docs;
    expect(stored.map((doc) => doc.fileName)).toEqual(['IMG_2041.jpg', 'meter-display.png']);
    expect(stored[0]!.size).toBeLessThan(camera.length);
    // Small and without a capture time: kept as it is, with the device's time and position.
    await expect(fact(1, 'Pixels')).toHaveText('40 × 30 px');
    await expect(fact(1, 'Taken')).toContainText('Time recorded by the device, not the camera');
    await expect(fact(1, 'Location')).toContainText(
      `${SITE.latitude.toFixed(5)}, ${SITE.longitude.toFixed(5)}`,
    );
    await expect(fact(1, 'Location')).toContainText('Place recorded by the device, not the camera');
    await expect(docs.nth(1)).not.toContainText('No capture data');
    await docs.nth(1).scrollIntoViewIfNeeded();
    await screenshot(page, 'company-photos-on-site-390x844');
  });
});
