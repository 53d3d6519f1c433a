import { Browser } from './support/browser';
import {
  beginAuthorization,
  exchangeCode,
  interactionUrl,
  signIn,
  verifiedIdToken,
} from './support/oidc-flow';
import type { TokenResponse } from './support/oidc-flow';
import { linkIn, mailTo, mainOf } from './support/account-pages';
import { startIdentity, testApiKey, testClient } from './support/start-identity';
import type { RunningIdentity } from './support/start-identity';
import { textRuleMessages } from '../../shared-api/src/rules/text-rules';
import demo from '../../tooling/demo-accounts.json';

let identity: RunningIdentity;

beforeAll(async () => {
  // As `npm start` runs it.
  identity = await startIdentity({ IDENTITY_SEED_DEMO: '1', NODE_ENV: 'production' });
});

afterAll(async () => {
  await identity?.stop();
});

async function lookUp(email: string): Promise<{ sub: string; name: string; email: string }> {
  const response = await fetch(`${identity.url}/user?email=${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${testApiKey}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { user: { sub: string; name: string; email: string } }).user;
}

describe('authorization code flow with PKCE', () => {
  it('signs a demo account in and issues an ID token with its sub, email and name', async () => {
    const browser = new Browser();
    const { code, pending } = await signIn(
      browser,
      identity.url,
      'client.owner@verity.test',
      demo.password,
    );
    expect(code).not.toBe('');

    const tokenResponse = await exchangeCode(identity.url, code, pending.verifier);
    expect(tokenResponse.status).toBe(200);
    const tokens = (await tokenResponse.json()) as TokenResponse;
    const { header, claims } = await verifiedIdToken(identity.url, tokens.id_token);

    const account = await lookUp('client.owner@verity.test');
    expect(header.alg).toBe('RS256');
    expect(claims).toMatchObject({
      iss: identity.url,
      aud: testClient.clientId,
      nonce: pending.nonce,
      sub: account.sub,
      email: 'client.owner@verity.test',
      email_verified: true,
      name: 'Clara Owner',
      picture: null,
    });
    expect(claims.sub).toMatch(/^[0-9a-f-]{36}$/);

    const userinfo = await fetch(`${identity.url}/me`, {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    expect(await userinfo.json()).toMatchObject({
      sub: account.sub,
      email: 'client.owner@verity.test',
      name: 'Clara Owner',
    });
  });

  it('refuses the code without the PKCE verifier that started the flow', async () => {
    const { code } = await signIn(
      new Browser(),
      identity.url,
      'client.viewer@verity.test',
      demo.password,
    );
    const tokenResponse = await exchangeCode(
      identity.url,
      code,
      'a-verifier-that-was-never-used-for-this-code-000',
    );
    expect(tokenResponse.status).toBe(400);
    expect(await tokenResponse.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses an authorization request without PKCE', async () => {
    const browser = new Browser();
    const pending = await beginAuthorization(browser, identity.url, {
      prompt: 'login',
      code_challenge: '',
      code_challenge_method: '',
    });
    const redirect = new URL(pending.response.headers.get('location') ?? '', identity.url);
    expect(redirect.searchParams.get('error')).toBe('invalid_request');
    expect(redirect.searchParams.get('code')).toBeNull();
  });

  it('shows the sign-in page on every prompt=login, and lets another account sign in on the same browser', async () => {
    const browser = new Browser();
    const first = await signIn(browser, identity.url, 'auditor.owner@verity.test', demo.password);
    const visitedBefore = browser.visited.length;
    const second = await signIn(browser, identity.url, 'company.owner@verity.test', demo.password);
    const secondVisit = browser.visited.slice(visitedBefore);
    expect(secondVisit).toContainEqual(
      expect.stringMatching(/^POST \/interaction\/[\w-]+\/sign-in$/),
    );
    // oidc-provider ends the first account's session before the second one's starts.
    expect(secondVisit).toContain('POST /session/end/confirm');

    const tokens = (await (
      await exchangeCode(identity.url, second.code, second.pending.verifier)
    ).json()) as TokenResponse;
    const { claims } = await verifiedIdToken(identity.url, tokens.id_token);
    expect(claims.email).toBe('company.owner@verity.test');
    expect(claims.name).toBe('Carlos Company');
    expect(first.code).not.toBe(second.code);
  });
});

describe('sign-in failures', () => {
  async function attempt(email: string, password: string) {
    const browser = new Browser();
    const pending = await beginAuthorization(browser, identity.url);
    const response = await browser.postForm(`${interactionUrl(pending, identity.url)}/sign-in`, {
      email,
      password,
    });
    return { response, body: await response.text() };
  }

  it('gives the same message for a wrong password and an unknown email, keeps the email, and issues no code', async () => {
    const wrongPassword = await attempt('client.owner@verity.test', 'not-the-password');
    const unknownEmail = await attempt('nobody@verity.test', 'not-the-password');

    for (const [result, email] of [
      [wrongPassword, 'client.owner@verity.test'],
      [unknownEmail, 'nobody@verity.test'],
    ] as const) {
      expect(result.response.status).toBe(401);
      expect(result.response.headers.get('location')).toBeNull();
      expect(result.body).toContain(
        '<div id="form-error" class="alert" role="alert">Incorrect email or password.</div>',
      );
      expect(result.body).toContain(`value="${email}"`);
      expect(result.body).not.toContain('code=');
    }
    const stripEmail = (body: string, email: string) =>
      body.replace(email, 'EMAIL').replace(/\/interaction\/[\w-]+/g, '');
    expect(stripEmail(wrongPassword.body, 'client.owner@verity.test')).toBe(
      stripEmail(unknownEmail.body, 'nobody@verity.test'),
    );
  });
});

describe('sign-up', () => {
  async function openSignUp(browser: Browser) {
    const pending = await beginAuthorization(browser, identity.url);
    const page = interactionUrl(pending, identity.url);
    return { pending, page };
  }

  it('creates an unverified account, e-mails a confirmation link, and the account can sign in', async () => {
    const browser = new Browser();
    const { page } = await openSignUp(browser);
    const form = await browser.get(`${page}/sign-up`);
    expect(await form.text()).toContain('<h1>Create account</h1>');

    const created = await browser.postForm(`${page}/sign-up`, {
      name: 'Priya Patel',
      email: 'Priya.Patel@Example.com',
      password: 'correct horse battery',
    });
    expect(created.status).toBe(200);
    expect(mainOf(await created.text())).toContain(
      'role="status">We sent an email to priya.patel@example.com. Open the link in it to continue.</div>',
    );
    const mail = await mailTo(
      identity,
      'priya.patel@example.com',
      'Confirm your email address for Verity',
    );
    expect(mail.from).toBe('no-reply@verity.test');

    const before = await signIn(
      new Browser(),
      identity.url,
      'priya.patel@example.com',
      'correct horse battery',
    );
    const tokens = (await (
      await exchangeCode(identity.url, before.code, before.pending.verifier)
    ).json()) as TokenResponse;
    const { claims } = await verifiedIdToken(identity.url, tokens.id_token);
    expect(claims).toMatchObject({
      email: 'priya.patel@example.com',
      name: 'Priya Patel',
      email_verified: false,
    });

    expect((await fetch(linkIn(mail, '/verify-email'))).status).toBe(200);
    const again = await signIn(
      new Browser(),
      identity.url,
      'priya.patel@example.com',
      'correct horse battery',
    );
    const againTokens = (await (
      await exchangeCode(identity.url, again.code, again.pending.verifier)
    ).json()) as TokenResponse;
    expect((await verifiedIdToken(identity.url, againTokens.id_token)).claims).toMatchObject({
      sub: claims.sub,
      email_verified: true,
    });
  });

  it('explains a blank name, an invalid email and a short password, and keeps what was typed', async () => {
    const browser = new Browser();
    const { page } = await openSignUp(browser);
    const response = await browser.postForm(`${page}/sign-up`, {
      name: '  ',
      email: 'not-an-email',
      password: 'short',
    });
    const body = await response.text();
    expect(response.status).toBe(400);
    expect(body).toContain('<li>Enter your full name.</li>');
    expect(body).toContain('<li>Enter a valid email address.</li>');
    expect(body).toContain('<li>Password must be at least 10 characters.</li>');
    expect(body).toContain('value="not-an-email"');
    expect(response.headers.get('location')).toBeNull();
  });

  it.each([
    ['CR LF', 'Lina\r\nBreak'],
    ['LF', 'Lina\nBreak'],
    ['a tab', 'Lina\tBreak'],
  ])('refuses a full name with %s, on one line or not at all', async (_kind, name) => {
    const browser = new Browser();
    const { page } = await openSignUp(browser);
    const response = await browser.postForm(`${page}/sign-up`, {
      name,
      email: 'lina.break@verity.test',
      password: 'long enough password',
    });
    expect(response.status).toBe(400);
    expect(mainOf(await response.text())).toContain(
      `role="alert">${textRuleMessages.personNameOnOneLine}</div>`,
    );
  });

  it('answers an address that already has an account exactly as a new one, and tells its owner instead', async () => {
    const signUpWith = async (email: string) => {
      const browser = new Browser();
      const { page } = await openSignUp(browser);
      const response = await browser.postForm(`${page}/sign-up`, {
        name: 'Someone Else',
        email,
        password: 'long enough password',
      });
      return { status: response.status, main: mainOf(await response.text()) };
    };
    const existing = await signUpWith('CLIENT.OWNER@verity.test');
    const fresh = await signUpWith('brand.new@verity.test');

    expect(existing.status).toBe(200);
    expect(fresh.status).toBe(200);
    expect(existing.main.replaceAll('client.owner@verity.test', 'EMAIL')).toBe(
      fresh.main.replaceAll('brand.new@verity.test', 'EMAIL'),
    );
    expect(existing.main).not.toContain('already exists');

    const notice = await mailTo(
      identity,
      'client.owner@verity.test',
      'Someone tried to create a Verity account with your email address',
    );
    expect(notice.text).toContain('http://localhost:8080/login');
    expect(linkIn(notice, '/forgot-password')).toBe(`${identity.url}/forgot-password`);
    await mailTo(identity, 'brand.new@verity.test', 'Confirm your email address for Verity');
    expect(
      identity.mail.messagesTo('client.owner@verity.test').map((message) => message.subject),
    ).not.toContain('Confirm your email address for Verity');
    expect((await lookUp('client.owner@verity.test')).name).toBe('Clara Owner');
  });
});
