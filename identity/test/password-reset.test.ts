import { Browser } from './support/browser';
import { linkIn, mailTo, mainOf, openSignIn, postForm } from './support/account-pages';
import {
  beginAuthorization,
  exchangeCode,
  followToCallback,
  signIn,
  verifiedIdToken,
} from './support/oidc-flow';
import type { TokenResponse } from './support/oidc-flow';
import { startIdentity, testApiKey } from './support/start-identity';
import type { RunningIdentity } from './support/start-identity';

let identity: RunningIdentity;

beforeAll(async () => {
  identity = await startIdentity({ IDENTITY_SEED_DEMO: '1' });
});

afterAll(async () => {
  await identity?.stop();
});

const RESET = 'Reset your Verity password';

async function createAccount(email: string, password: string): Promise<void> {
  const response = await fetch(`${identity.url}/accounts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${testApiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, name: 'Robin Reset', password }),
  });
  expect(response.status).toBe(201);
}

async function requestReset(email: string) {
  const response = await postForm(`${identity.url}/forgot-password`, { email });
  return { status: response.status, main: mainOf(await response.text()) };
}

async function attemptSignIn(email: string, password: string): Promise<number> {
  const browser = new Browser();
  const page = await openSignIn(browser, identity);
  return (await browser.postForm(`${page}/sign-in`, { email, password })).status;
}

it('leads from the sign-in page to a form that answers every address alike, and mails only accounts', async () => {
  const browser = new Browser();
  const signInPage = await (await browser.get(await openSignIn(browser, identity))).text();
  expect(signInPage).toContain('<a href="/forgot-password">Forgot password?</a>');
  const form = await (await fetch(`${identity.url}/forgot-password`)).text();
  expect(mainOf(form)).toContain('<h1>Reset your password</h1>');
  expect(form).toContain('<button type="submit">Send reset link</button>');

  const known = await requestReset('Client.Viewer@verity.test');
  const unknown = await requestReset('nobody.at.all@example.com');
  expect(known.status).toBe(200);
  expect(unknown.status).toBe(200);
  expect(known.main.replaceAll('client.viewer@verity.test', 'EMAIL')).toBe(
    unknown.main.replaceAll('nobody.at.all@example.com', 'EMAIL'),
  );
  expect(known.main).toContain(
    'If client.viewer@verity.test belongs to a Verity account, we have sent it a link to choose a new password. The link works for 1 hour.',
  );

  const mail = await mailTo(identity, 'client.viewer@verity.test', RESET);
  expect(mail.text).toContain('The link works once, for 1 hour.');
  expect(mail.html).toContain(`<a href="${linkIn(mail, '/reset-password')}" target="_blank"`);
  expect(identity.mail.messagesTo('nobody.at.all@example.com')).toEqual([]);
});

it('sets a new password through the link once, confirms the address, signs the account out everywhere and tells its owner', async () => {
  await createAccount('robin@example.com', 'the original secret phrase');
  const signedInBrowser = new Browser();
  await signIn(signedInBrowser, identity.url, 'robin@example.com', 'the original secret phrase');
  // Signed in, the browser is let through without the sign-in page.
  const before = await beginAuthorization(signedInBrowser, identity.url, {});
  const through = await followToCallback(signedInBrowser, identity.url, before.response);
  expect(through.searchParams.get('code')).not.toBeNull();

  await requestReset('robin@example.com');
  const link = linkIn(await mailTo(identity, 'robin@example.com', RESET), '/reset-password');
  const token = new URL(link).searchParams.get('token') ?? '';
  const form = await fetch(link);
  expect(form.status).toBe(200);
  expect(form.headers.get('referrer-policy')).toBe('no-referrer');
  const formBody = await form.text();
  expect(formBody).toContain('<label for="password">New password</label>');
  expect(formBody).toContain('<label for="confirmation">Confirm new password</label>');
  expect(formBody).toContain(`<input type="hidden" name="token" value="${token}">`);

  const submit = (password: string, confirmation = password) =>
    postForm(`${identity.url}/reset-password`, { token, password, confirmation });

  const common = await submit('1234567890');
  expect(common.status).toBe(400);
  expect(mainOf(await common.text())).toContain(
    'role="alert">This password is too common. Choose one that others are unlikely to use, such as a few unrelated words.</div>',
  );
  const mismatch = await submit('a brand new passphrase', 'a brand new passphrasE');
  expect(mismatch.status).toBe(400);
  expect(mainOf(await mismatch.text())).toContain(
    'role="alert">The two passwords do not match.</div>',
  );
  expect(await attemptSignIn('robin@example.com', 'the original secret phrase')).toBe(303);

  const changed = await submit('a brand new passphrase');
  expect(changed.status).toBe(200);
  expect(mainOf(await changed.text())).toContain(
    'role="status">Your password has been changed and you have been signed out everywhere. Sign in with your new password.</div>',
  );

  const again = await submit('yet another passphrase');
  expect(again.status).toBe(400);
  expect(mainOf(await again.text())).toContain(
    'This password reset link has expired or was already used. Ask for a new one.',
  );
  expect((await fetch(link)).status).toBe(400);

  expect(await attemptSignIn('robin@example.com', 'the original secret phrase')).toBe(401);
  const { code, pending } = await signIn(
    new Browser(),
    identity.url,
    'robin@example.com',
    'a brand new passphrase',
  );
  const tokens = (await (
    await exchangeCode(identity.url, code, pending.verifier)
  ).json()) as TokenResponse;
  expect((await verifiedIdToken(identity.url, tokens.id_token)).claims.email_verified).toBe(true);

  // The browser signed in before the reset is asked to sign in again instead of being let through.
  const silent = await beginAuthorization(signedInBrowser, identity.url, {});
  expect(silent.response.status).toBe(303);
  const landing = await signedInBrowser.get(
    new URL(silent.response.headers.get('location') ?? '', identity.url).toString(),
  );
  expect(await landing.text()).toContain('<h1>Sign in to Verity</h1>');

  const notice = await mailTo(identity, 'robin@example.com', 'Your Verity password was changed');
  expect(linkIn(notice, '/forgot-password')).toBe(`${identity.url}/forgot-password`);
});

it('refuses reset links it did not send', async () => {
  for (const token of ['', 'y'.repeat(43), 'bad token']) {
    const shown = await fetch(`${identity.url}/reset-password?token=${encodeURIComponent(token)}`);
    expect(shown.status).toBe(400);
    const main = mainOf(await shown.text());
    expect(main).toContain(
      'role="alert">This password reset link has expired or was already used. Ask for a new one.</div>',
    );
    expect(main).toContain('<a href="/forgot-password">Send a new reset link</a>');
    const posted = await postForm(`${identity.url}/reset-password`, {
      token,
      password: 'a brand new passphrase',
      confirmation: 'a brand new passphrase',
    });
    expect(posted.status).toBe(400);
  }
});
