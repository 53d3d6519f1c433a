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

it('publishes a discovery document for the code flow with PKCE and client_secret_basic', async () => {
  const response = await fetch(`${identity.url}/.well-known/openid-configuration`);
  expect(response.status).toBe(200);
  const discovery = (await response.json()) as Record<string, unknown>;
  expect(discovery).toMatchObject({
    issuer: identity.url,
    authorization_endpoint: `${identity.url}/auth`,
    token_endpoint: `${identity.url}/token`,
    userinfo_endpoint: `${identity.url}/me`,
    jwks_uri: `${identity.url}/jwks`,
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic'],
    id_token_signing_alg_values_supported: ['RS256'],
  });
  expect(discovery.scopes_supported).toEqual(
    expect.arrayContaining(['openid', 'email', 'profile']),
  );
  expect(discovery.claims_supported).toEqual(
    expect.arrayContaining(['sub', 'email', 'email_verified', 'name', 'picture']),
  );

  const jwks = (await (await fetch(`${identity.url}/jwks`)).json()) as {
    keys: Record<string, unknown>[];
  };
  expect(jwks.keys).toEqual([expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig' })]);
  expect(jwks.keys[0]).not.toHaveProperty('d');
});

it('shows a sign-in page with labelled email and password fields, a Sign in button, and links to create an account, reset a password and resend the confirmation', async () => {
  const browser = new Browser();
  const page = interactionUrl(await beginAuthorization(browser, identity.url), identity.url);
  const response = await browser.get(page);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/html');
  const body = await response.text();
  const uid = new URL(page).pathname.split('/').pop();

  expect(body).toContain('<h1>Sign in to Verity</h1>');
  expect(body).toContain(
    '<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username"',
  );
  expect(body).toContain(
    '<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password"',
  );
  expect(body).toContain('<button type="submit">Sign in</button>');
  expect(body).toContain('<div id="form-error" class="alert" role="alert"></div>');
  expect(body).toContain(`<a href="/interaction/${uid}/sign-up">Create account</a>`);
  expect(body).toContain('<a href="/forgot-password">Forgot password?</a>');
  expect(body).toContain('<a href="/resend-verification">Resend the confirmation email</a>');
  expect(body).toContain(`action="/interaction/${uid}/sign-in"`);
  // The sign-in form comes first: it is the form Verity's own tests and password managers fill.
  expect(body.indexOf('<form')).toBe(
    body.indexOf(`<form method="post" action="/interaction/${uid}/sign-in"`),
  );
});

it('shows a sign-up page with full name, email and password and a link back to sign in', async () => {
  const browser = new Browser();
  const page = interactionUrl(await beginAuthorization(browser, identity.url), identity.url);
  const body = await (await browser.get(`${page}/sign-up`)).text();
  const uid = new URL(page).pathname.split('/').pop();

  expect(body).toContain('<h1>Create account</h1>');
  expect(body).toContain(
    '<label for="name">Full name</label><input id="name" name="name" type="text" autocomplete="name"',
  );
  expect(body).toContain(
    '<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email"',
  );
  expect(body).toContain(
    '<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="new-password"',
  );
  expect(body).toContain('minlength="10"');
  expect(body).toContain(
    '<p class="hint" id="password-hint">At least 10 characters. A few unrelated words make a strong password.</p>',
  );
  expect(body).toContain('<button type="submit">Create account</button>');
  expect(body).toContain(`<a href="/interaction/${uid}">Sign in</a>`);
});

it('escapes what it echoes back into the page', async () => {
  const browser = new Browser();
  const pending = await beginAuthorization(browser, identity.url, {
    prompt: 'login',
    login_hint: '"><script>alert(1)</script>',
  });
  const body = await (await browser.get(interactionUrl(pending, identity.url))).text();
  expect(body).not.toContain('<script>alert(1)</script>');
  expect(body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
});

it('explains an expired sign-in page instead of failing without a word', async () => {
  const response = await fetch(`${identity.url}/interaction/no-such-interaction`);
  expect(response.status).toBe(400);
  const body = await response.text();
  expect(body).toContain(
    'role="alert">This sign-in page has expired. Go back to Verity and sign in again.</div>',
  );
});

it('answers the health check', async () => {
  const response = await fetch(`${identity.url}/healthz`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});
