// Verity in the user's language (docs/decisions/0109-languages.md): a new company editor on a
// Turkish phone signs up, signs in and works the evidence loop in Turkish, e-mails included; then
// chooses Arabic and sees every screen mirrored, nothing cut, on a phone and at a desk.
import { expect, test, type Page } from '@playwright/test';
import { effluentPlan, ownAcmePlan } from '../support/demo';
import { e2eEnvironment } from '../support/environment';
import { expectFitsWidth } from '../support/layout';
import { personOn, screenshot } from '../support/session';

const { mailCatcherUrl } = e2eEnvironment();

/** A 1x1 PNG: a real photo as far as the upload checks go. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAAJJRU5ErkJggg==',
  'base64',
);
const PASSWORD = 'kırmızı fener yanıyor';

interface CaughtMail {
  to: string[];
  subject: string;
  html: string;
}

/** The newest e-mail to `to` whose subject matches, once the mail catcher has it. */
async function mailTo(page: Page, to: string, subject: RegExp): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`${mailCatcherUrl}/api/messages`);
        const { messages } = (await answer.json()) as { messages: CaughtMail[] };
        found = messages
          .filter((message) => message.to.includes(to) && subject.test(message.subject))
          .at(-1);
        return found?.subject;
      },
      { timeout: 30_000 },
    )
    .toMatch(subject);
  return found!;
}

const panelOf = (page: Page, name: string) => page.getByRole('dialog', { name });

test('a company editor on a Turkish phone works the evidence loop in Turkish, then in Arabic, mirrored', async ({
  browser,
}) => {
  const tag = `lang-${Date.now().toString(36)}`;
  const email = `elif.yilmaz.${tag}@verity.test`;
  const plan = await ownAcmePlan(browser, effluentPlan(tag));

  // The company's owner adds Elif as an editor.
  const owner = await personOn(browser, 'targetCompany');
  const added = await owner.request.post('/api/v1/target-company/user', {
    data: { emailId: email, fullname: 'Elif Yılmaz', role: 'editor' },
  });
  expect(added.status(), await added.text()).toBe(201);

  // Her phone speaks Turkish: Verity's login and the identity pages follow it.
  const context = await browser.newContext({
    locale: 'tr-TR',
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Verity’ye hoş geldiniz' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  await expect(page.getByRole('link', { name: 'Çoklu oturum açma ile giriş yap' })).toBeVisible();
  await screenshot(page, 'language-tr-login-390x844');
  await page.getByRole('button', { name: 'Hedef Şirket olarak giriş yap' }).click();
  await expect(page.getByRole('heading', { name: 'Verity’ye giriş yapın' })).toBeVisible();
  await page.getByRole('link', { name: 'Hesap oluştur' }).click();
  await page.getByLabel('Ad soyad').fill('Elif Yılmaz');
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre').fill(PASSWORD);
  await page.getByRole('button', { name: 'Hesap oluştur' }).click();
  await expect(page.getByRole('heading', { name: 'Gelen kutunuzu kontrol edin' })).toBeVisible();

  // The confirmation e-mail is in Turkish; its link opens a Turkish page.
  const confirmation = await mailTo(page, email, /^Verity için e-posta adresinizi onaylayın$/);
  const link = /href="([^"]+)"[^>]*>E-posta adresimi onayla/
    .exec(confirmation.html)?.[1]
    ?.replace(/&amp;/g, '&');
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(
    page.getByText('E-posta adresiniz onaylandı. Artık Verity’ye giriş yapabilirsiniz.'),
  ).toBeVisible();

  // She signs in: her account takes the phone's language, so Verity's e-mails come in Turkish too.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Hedef Şirket olarak giriş yap' }).click();
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre').fill(PASSWORD);
  await page.getByRole('button', { name: 'Giriş yap' }).click();
  await expect(page).toHaveURL(/\/target-company\/dashboard$/);
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get('/api/v1/auth/me')).json()) as {
            data: { user: { language: string | null } };
          }
        ).data.user.language,
    )
    .toBe('tr');
  await screenshot(page, 'language-tr-dashboard-390x844');

  // The evidence loop, in Turkish: a remark with a photo, then a closure request.
  await page.goto(
    `/target-company/auditors/${plan.auditorId}/${plan.auditId}/action-plans/${plan.planId}?gap_id=${plan.gapId}`,
  );
  const panel = panelOf(page, 'Bulgu ayrıntıları');
  await panel
    .getByRole('textbox', { name: 'Yorum ekleyin' })
    .fill('Arıtma tesisi çıkışının fotoğrafı');
  await panel
    .getByLabel('Görsel ekleri')
    .setInputFiles([{ name: 'cikis.png', mimeType: 'image/png', buffer: PHOTO }]);
  await panel.getByRole('button', { name: 'Gönder' }).click();
  await expect(panel.getByRole('list', { name: 'Yorumlar' })).toContainText(
    'Arıtma tesisi çıkışının fotoğrafı',
  );
  await panel.getByRole('button', { name: 'Kapanış talep et' }).click();
  const request = page.getByRole('dialog', { name: 'Kapanış talep et' });
  await request
    .getByLabel('İnceleyici için not (isteğe bağlı)')
    .fill('KOİ 180 mg/l, bugün numune alındı');
  await request.getByRole('button', { name: 'Kapanış talep et' }).click();
  await expect(request).toBeHidden();
  await expect(
    panel.getByText(/^Kapanış Elif Yılmaz tarafından .+ tarihinde talep edildi\.$/),
  ).toBeVisible();
  await expectFitsWidth(page, 'the gap panel in Turkish on a phone');
  await screenshot(page, 'language-tr-gap-panel-390x844');

  // The auditor, in English, returns it: Elif hears of it in Turkish.
  const auditor = await personOn(browser, 'auditor');
  const returned = await auditor.request.post(`/api/v1/gap/${plan.gapId}/closure-review`, {
    params: { targetCompanyId: plan.companyId },
    data: { decision: 'return', reason: 'The photo does not show the outfall sampling point.' },
  });
  expect(returned.status(), await returned.text()).toBe(200);
  await mailTo(page, email, /^Kapanış talebi geri gönderildi: .+ — şimdi Açık \(Verity\)$/);
  await auditor.context().close();
  await owner.context().close();

  // She chooses Arabic in her settings: every screen turns and mirrors at once.
  await page.goto('/target-company/notification-settings');
  await page.getByRole('radio', { name: 'العربية' }).check();
  await page.getByRole('button', { name: 'Dili kaydet' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('button', { name: 'حفظ اللغة' })).toBeVisible();
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1400, height: 900 },
  ]) {
    const size = `${viewport.width}x${viewport.height}`;
    await page.setViewportSize(viewport);
    await page.goto('/target-company/dashboard');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectFitsWidth(page, `the dashboard in Arabic at ${size}`);
    // The charts' legends read from the right: a pie's first name is the rightmost of its first
    // line, and its last name is whole on the screen.
    const timeline = page.getByRole('figure').filter({ hasText: 'تحليل المواعيد' });
    const [completed, noTimeline] = [
      timeline.getByRole('button', { name: 'مكتملة' }),
      timeline.getByRole('button', { name: 'بلا موعد نهائي' }),
    ];
    await expect(noTimeline).toBeVisible();
    const [first, last] = [await completed.boundingBox(), await noTimeline.boundingBox()];
    expect(first!.x + first!.width, 'the first name right of the last').toBeGreaterThan(last!.x);
    expect(last!.x, 'the last name whole on the screen').toBeGreaterThanOrEqual(0);
    expect(first!.x + first!.width, 'the first name whole on the screen').toBeLessThanOrEqual(
      viewport.width,
    );
    await screenshot(page, `language-ar-dashboard-${size}`);
    await page.goto(
      `/target-company/auditors/${plan.auditorId}/${plan.auditId}/action-plans/${plan.planId}?gap_id=${plan.gapId}`,
    );
    const arabicPanel = panelOf(page, 'تفاصيل الفجوة');
    await expect(arabicPanel.getByRole('list', { name: 'الملاحظات' })).toContainText(
      'Arıtma tesisi çıkışının fotoğrafı',
    );
    await expectFitsWidth(page, `the plan and its gap panel in Arabic at ${size}`);
    await screenshot(page, `language-ar-gap-panel-${size}`);
  }
  await context.close();
});
