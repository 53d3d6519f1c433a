import { readFileSync } from 'node:fs';
import path from 'node:path';
import { textRuleMessages } from '../../shared-api/src/rules/text-rules';
import { textsIn } from '../src/texts';
import { linkIn, mailTo, signUp } from './support/account-pages';
import { Browser } from './support/browser';
import { beginAuthorization, interactionUrl } from './support/oidc-flow';
import { startIdentity } from './support/start-identity';
import type { RunningIdentity } from './support/start-identity';

let identity: RunningIdentity;

beforeAll(async () => {
  identity = await startIdentity();
});

afterAll(async () => {
  await identity?.stop();
});

/** The sign-in page of an authorization with these parameters, fetched with these headers. */
async function signInPage(
  params: Record<string, string> = {},
  headers: Record<string, string> = {},
  cookie?: string,
): Promise<string> {
  const browser = new Browser();
  if (cookie) browser.setCookie(`${cookie}; Path=/`);
  const pending = await beginAuthorization(browser, identity.url, { prompt: 'login', ...params });
  const response = await browser.request(interactionUrl(pending, identity.url), { headers });
  expect(response.status).toBe(200);
  return response.text();
}

interface LanguageCase {
  asked: string;
  params: Record<string, string>;
  headers: Record<string, string>;
  html: string;
  title: string;
  email: string;
  submit: string;
}

describe('the language of the sign-in page', () => {
  it.each<LanguageCase>([
    {
      asked: 'ui_locales=tr',
      params: { ui_locales: 'tr' },
      headers: {},
      html: '<html lang="tr">',
      title: 'Verity’ye giriş yapın',
      email: 'E-posta',
      submit: 'Giriş yap',
    },
    {
      asked: 'Accept-Language ar',
      params: {},
      headers: { 'Accept-Language': 'ar-EG,ar;q=0.9,en;q=0.5' },
      html: '<html lang="ar" dir="rtl">',
      title: 'تسجيل الدخول إلى Verity',
      email: 'البريد الإلكتروني',
      submit: 'تسجيل الدخول',
    },
    {
      asked: 'nothing',
      params: {},
      headers: {},
      html: '<html lang="en">',
      title: 'Sign in to Verity',
      email: 'Email',
      submit: 'Sign in',
    },
    {
      asked: 'ui_locales "de fr-CA" (the first Verity speaks) over Accept-Language es',
      params: { ui_locales: 'de fr-CA' },
      headers: { 'Accept-Language': 'es' },
      html: '<html lang="fr">',
      title: 'Connectez-vous à Verity',
      email: 'E-mail',
      submit: 'Se connecter',
    },
    {
      asked: 'Accept-Language by its q-values',
      params: {},
      headers: { 'Accept-Language': 'de-DE, pt-BR;q=0.8, es;q=0.9' },
      html: '<html lang="es">',
      title: 'Inicie sesión en Verity',
      email: 'Correo electrónico',
      submit: 'Iniciar sesión',
    },
    {
      asked: 'only languages Verity does not speak',
      params: { ui_locales: 'de' },
      headers: { 'Accept-Language': 'de, ja;q=0.5' },
      html: '<html lang="en">',
      title: 'Sign in to Verity',
      email: 'Email',
      submit: 'Sign in',
    },
  ])('asked for $asked: $html', async ({ params, headers, html, title, email, submit }) => {
    const body = await signInPage(params, headers);
    expect(body).toContain(`${html}\n<head>`);
    expect(body).toContain(`<title>${title} · Verity</title>`);
    expect(body).toContain(`<h1>${title}</h1>`);
    expect(body).toContain(`<label for="email">${email}</label>`);
    expect(body).toContain(`<button type="submit">${submit}</button>`);
  });

  it('takes the verity-language cookie before Accept-Language, and ui_locales before the cookie', async () => {
    const fromCookie = await signInPage({}, { 'Accept-Language': 'tr' }, 'verity-language=pt');
    expect(fromCookie).toContain('<html lang="pt">');
    expect(fromCookie).toContain('<h1>Entre no Verity</h1>');
    const fromRequest = await signInPage({ ui_locales: 'ar' }, {}, 'verity-language=pt');
    expect(fromRequest).toContain('<html lang="ar" dir="rtl">');
    const unknownCookie = await signInPage({}, { 'Accept-Language': 'tr' }, 'verity-language=xx');
    expect(unknownCookie).toContain('<html lang="tr">');
  });

  it('mirrors the page in Arabic with logical sides only', async () => {
    const body = await signInPage({ ui_locales: 'ar' });
    const style = /<style>([\s\S]*)<\/style>/.exec(body)?.[1] ?? '';
    expect(style).toContain('text-align:end');
    expect(style).not.toMatch(/left|right/);
  });
});

describe('a page in another language keeps it', () => {
  it('answers the sign-in form and leads to the reset form in Turkish', async () => {
    const browser = new Browser();
    const pending = await beginAuthorization(browser, identity.url, {
      prompt: 'login',
      ui_locales: 'tr',
    });
    const page = interactionUrl(pending, identity.url);
    const refused = await browser.postForm(`${page}/sign-in`, { email: '', password: '' });
    const body = await refused.text();
    expect(body).toContain('role="alert">E-posta adresinizi ve şifrenizi girin.</div>');
    expect(body).toContain('<a href="/forgot-password?ui_locales=tr">Şifrenizi mi unuttunuz?</a>');

    const form = await (await fetch(`${identity.url}/forgot-password?ui_locales=tr`)).text();
    expect(form).toContain('<h1>Şifrenizi sıfırlayın</h1>');
    expect(form).toContain('action="/forgot-password?ui_locales=tr"');
    const sent = await fetch(`${identity.url}/forgot-password?ui_locales=tr`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=not-an-address',
    });
    expect(await sent.text()).toContain('Geçerli bir e-posta adresi girin.');
  });

  it('explains sign-up problems in Arabic, and mails a confirmation in the language of the sign-up whose link opens in it', async () => {
    const browser = new Browser();
    const refused = await signUp(
      browser,
      identity,
      { name: 'Leila Haddad', email: 'leila@example.com', password: 'short' },
      { 'Accept-Language': 'ar' },
    );
    expect(refused.body).toContain('<html lang="ar" dir="rtl">');
    expect(refused.body).toContain(
      'role="alert">يجب أن تتكون كلمة المرور من 10 أحرف على الأقل.</div>',
    );

    const email = 'elif.yilmaz@example.com';
    const signedUp = await signUp(
      new Browser(),
      identity,
      { name: 'Elif Yılmaz', email, password: 'mavi deniz kıyısında sabah yürüyüşü' },
      { 'Accept-Language': 'tr-TR,tr;q=0.9' },
    );
    expect(signedUp.body).toContain('<h1>Gelen kutunuzu kontrol edin</h1>');
    const mail = await mailTo(identity, email, 'Verity için e-posta adresinizi onaylayın');
    expect(mail.text).toMatch(/^Merhaba Elif Yılmaz,\n/);
    expect(mail.html).toContain('<html lang="tr">');
    const link = linkIn(mail, '/verify-email');
    expect(new URL(link).searchParams.get('ui_locales')).toBe('tr');
    const confirmed = await (await fetch(link)).text();
    expect(confirmed).toContain('<h1>E-posta adresi onaylandı</h1>');
  });
});

describe("identity's catalogues", () => {
  const locales = path.resolve(__dirname, '../src/locales');
  const english = JSON.parse(readFileSync(path.join(locales, 'en.json'), 'utf8')) as object;

  it.each(['fr', 'es', 'pt', 'tr', 'ar'])('%s has every English id and no other', (language) => {
    const catalogue = JSON.parse(
      readFileSync(path.join(locales, `${language}.json`), 'utf8'),
    ) as object;
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
  });

  it('reads plurals in each language and words the shared full name rule as the API does', () => {
    expect(textsIn('en')('identity.common.tooManyAttempts', { minutes: 1 })).toBe(
      'Too many attempts. Try again in 1 minute.',
    );
    expect(textsIn('ar')('identity.common.tooManyAttempts', { minutes: 2 })).toBe(
      'محاولات كثيرة جدًا. حاول مرة أخرى بعد دقيقتين.',
    );
    expect(textsIn('ar')('identity.common.tooManyAttempts', { minutes: 11 })).toBe(
      'محاولات كثيرة جدًا. حاول مرة أخرى بعد 11 دقيقة.',
    );
    expect(textsIn('fr')('identity.signIn.addressLimited', { minutes: 2 })).toContain(
      'Réessayez dans 2 minutes.',
    );
    expect(textsIn('en')('identity.validation.nameOnOneLine')).toBe(
      textRuleMessages.personNameOnOneLine,
    );
  });
});
