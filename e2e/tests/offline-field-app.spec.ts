import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { apiData, effluentPlan, ownAcmePlan, type AcmePlan } from '../support/demo';
import { expectFitsWidth } from '../support/layout';
import { enterArea, personOn, screenshot, switchTo } from '../support/session';

// On site without a signal (docs/decisions/0101-offline-field-app.md): a company editor on a phone
// keeps two plans on the device, loses the network, writes a remark with a photo and asks for
// closure, closes the page and opens it again, and the outbox goes when the network is back. A
// change someone made meanwhile is shown with both versions, and nothing typed is lost. Signing out
// offline leaves nothing of the user's on the device.

/** A 1x1 PNG: a real photo as far as the upload checks go. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const EDITOR = 'company.editor@verity.test';
const planPage = (plan: AcmePlan) =>
  `/target-company/auditors/${plan.auditorId}/${plan.auditId}/action-plans/${plan.planId}`;
const panelOf = (page: Page) => page.getByRole('dialog', { name: 'Gap Details' });
const bar = (page: Page) =>
  page.getByRole('status').filter({ has: page.getByRole('button', { name: 'Outbox' }) });

/** What the device keeps that a script could read: the outbox database, the answers, the marks. */
async function keptOnDevice(page: Page) {
  return page.evaluate(async () => {
    const databases = (await indexedDB.databases()).map((database) => database.name);
    let records = 0;
    if (databases.includes('verity-offline')) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open('verity-offline');
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        records += await new Promise<number>((resolve) => {
          const counting = db.transaction(store).objectStore(store).count();
          counting.onsuccess = () => resolve(counting.result);
        });
      }
      db.close();
    }
    const answers = (await caches.has('verity-answers'))
      ? (await (await caches.open('verity-answers')).keys()).length
      : 0;
    const marks = Object.keys(localStorage).filter((key) => key.startsWith('verity.'));
    return { records, answers, marks };
  });
}

async function keepOffline(page: Page, plan: AcmePlan) {
  await page.goto(planPage(plan));
  await page.getByRole('button', { name: 'Keep offline' }).click();
  await expect(page.getByText(/^Available offline · saved /)).toBeVisible();
}

async function openGap(page: Page, plan: AcmePlan) {
  await page.getByRole('link', { name: `Open gap ${plan.kpi} ${plan.gapName}` }).click();
  await expect(panelOf(page)).toBeVisible();
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

test.use({ viewport: { width: 390, height: 844 } });

test('a company editor works offline on a phone, and the outbox goes when the network is back', async ({
  browser,
}) => {
  const tag = `offline-${Date.now().toString(36)}`;
  const loop = await ownAcmePlan(browser, effluentPlan(`${tag}-loop`));
  const clash = await ownAcmePlan(browser, effluentPlan(`${tag}-clash`));
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  let page = await context.newPage();
  await enterArea(page, 'targetCompany', EDITOR);
  await keepOffline(page, loop);
  await keepOffline(page, clash);
  await screenshot(page, 'offline-kept-390x844');

  // No network: the plan's page opens from the device, and the changes wait in the outbox.
  await goOffline(context, page);
  await page.goto(planPage(loop));
  await expect(page.getByText(/^Offline copy from /)).toBeVisible();
  await openGap(page, loop);
  const panel = panelOf(page);
  await panel
    .getByRole('textbox', { name: 'Add a remark' })
    .fill('Tertiary stage running; photo of the outfall');
  await panel
    .getByLabel('Image attachments')
    .setInputFiles([{ name: 'outfall.png', mimeType: 'image/png', buffer: PHOTO }]);
  await panel.getByRole('button', { name: 'Send' }).click();
  const waitingRemark = panel
    .getByRole('list', { name: 'Remarks' })
    .getByRole('listitem')
    .filter({ hasText: 'Tertiary stage running' });
  await expect(waitingRemark).toContainText('Waiting to be sent');
  await expect(waitingRemark.locator('img')).toBeVisible();
  await panel.getByRole('button', { name: 'Request closure' }).click();
  const request = page.getByRole('dialog', { name: 'Request closure' });
  await request.getByLabel('Note for the reviewer (optional)').fill('COD 180 mg/l, sampled today');
  await request.getByRole('button', { name: 'Request closure' }).click();
  await expect(request).toBeHidden();
  await expect(panel.getByText(/^Closure requested by Esther Editor on /)).toBeVisible();
  await expect(panel.getByRole('status')).toHaveText(
    '2 changes to this gap are waiting on this device to be sent',
  );
  await screenshot(page, 'offline-gap-waiting-390x844');
  await panel.getByRole('button', { name: 'Close' }).first().click();
  await expect(bar(page)).toContainText('2 changes waiting to be sent');

  // The other plan's gap: a remark typed while the auditor closes that gap meanwhile.
  await page.goto(`${planPage(clash)}?gap_id=${clash.gapId}`);
  const clashText = 'Drum store bunded; spill kit restocked and checked by the HSE officer';
  await panelOf(page).getByRole('textbox', { name: 'Add a remark' }).fill(clashText);
  await panelOf(page).getByRole('button', { name: 'Send' }).click();
  await expect(panelOf(page).getByRole('status')).toHaveText(
    '1 change to this gap is waiting on this device to be sent',
  );
  const auditor = await personOn(browser, 'auditor');
  const closed = await auditor.request.patch(`/api/v1/gap/${clash.gapId}/status`, {
    params: { targetCompanyId: clash.companyId },
    data: { status: 'provClosed' },
  });
  expect(closed.status(), await closed.text()).toBe(200);

  // The page is closed and opened again, still offline: the outbox is still there.
  await page.close();
  page = await context.newPage();
  await page.goto(planPage(loop));
  await expect(bar(page)).toContainText('3 changes waiting to be sent');
  await expectFitsWidth(page, 'the outbox on a phone');

  // The editor's session ends meanwhile; back online, another user signs in on this device: the
  // editor's changes are neither sent as them nor shown to them.
  await context.clearCookies();
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Login As Target Company' })).toBeVisible();
  await enterArea(page, 'targetCompany');
  await page.goto(planPage(loop));
  await expect(page.getByRole('button', { name: 'Keep offline' })).toBeVisible();
  await expect(page.getByText(/waiting to be sent/)).toHaveCount(0);
  const untouched = await apiData<{ gaps: { remarkCount: number; status: string }[] }>(
    auditor.request,
    `action-plan/${loop.planId}?targetCompanyId=${loop.companyId}`,
  );
  expect(untouched.gaps[0]).toMatchObject({ remarkCount: 0, status: 'open' });

  // The editor signs in again: the outbox is sent in order; the changed gap's remark waits for
  // its author to decide.
  await switchTo(page, 'targetCompany', EDITOR);
  await page.goto(planPage(loop));
  await expect(bar(page)).toHaveText('1 change needs your decisionOutbox');
  await page.getByRole('button', { name: 'Outbox' }).click();
  const outbox = page.getByRole('dialog', { name: 'Changes made on this device' });
  const items = outbox.getByRole('listitem');
  await expect(items.filter({ hasText: 'Tertiary stage running' })).toContainText('Sent');
  await expect(items.filter({ hasText: 'Closure request' })).toContainText('Sent');
  const conflict = items.filter({ hasText: clashText });
  await expect(conflict).toContainText('Changed meanwhile');
  await expect(conflict.getByRole('row', { name: /Status/ })).toContainText('Open');
  await expect(conflict.getByRole('row', { name: /Status/ })).toContainText('Prov Close');
  await expectFitsWidth(page, 'the outbox on a phone');
  await screenshot(page, 'offline-conflict-390x844');

  // The auditor's open plan shows the remark, the photo's evidence and the gap waiting for review.
  await auditor.goto(
    `/auditor/target-companies/${loop.companyId}/audits/${loop.auditId}/action-plans/${loop.planId}?gap_id=${loop.gapId}`,
  );
  const auditorPanel = panelOf(auditor);
  await expect(auditorPanel.getByText(/^Closure requested by Esther Editor on /)).toBeVisible();
  const sentRemark = auditorPanel
    .getByRole('list', { name: 'Remarks' })
    .getByRole('listitem')
    .filter({ hasText: 'Tertiary stage running' });
  await expect(sentRemark.getByText('outfall.png')).toBeVisible();
  // Its evidence, read by the server from the photo sent from the outbox.
  await expect(sentRemark.getByText('1 × 1 px')).toBeVisible();
  await expect(auditorPanel.getByText('COD 180 mg/l, sampled today')).toBeVisible();

  // The editor sends the remark again on the gap as it is now: it reaches the auditor.
  await conflict.getByRole('button', { name: 'Send again' }).click();
  await expect(conflict).toContainText('Sent');
  await auditor.goto(
    `/auditor/target-companies/${clash.companyId}/audits/${clash.auditId}/action-plans/${clash.planId}?gap_id=${clash.gapId}`,
  );
  await expect(panelOf(auditor).getByRole('list', { name: 'Remarks' })).toContainText(clashText);
  await auditor.context().close();
  await outbox.getByRole('button', { name: 'Close' }).first().click();

  // Signing out with no network leaves nothing of the user's readable on the device.
  expect((await keptOnDevice(page)).records).toBeGreaterThan(0);
  await goOffline(context, page);
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await keptOnDevice(page)).toEqual({
    records: 0,
    answers: 0,
    marks: ['verity.offline.sign-out'],
  });
  await context.close();
});
