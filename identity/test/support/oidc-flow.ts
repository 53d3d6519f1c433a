// Drives the authorization-code + PKCE flow the way Verity's API and a browser do, over plain HTTP.
import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto';
import type { JsonWebKey } from 'node:crypto';
import { Browser, location } from './browser';
import { testClient } from './start-identity';

export interface PendingAuthorization {
  response: Response;
  verifier: string;
  state: string;
  nonce: string;
}

const base64url = (buffer: Buffer) => buffer.toString('base64url');

export async function beginAuthorization(
  browser: Browser,
  identityUrl: string,
  params: Record<string, string> = { prompt: 'login' },
): Promise<PendingAuthorization> {
  const verifier = base64url(randomBytes(32));
  const state = base64url(randomBytes(16));
  const nonce = base64url(randomBytes(16));
  const query = new URLSearchParams({
    client_id: testClient.clientId,
    redirect_uri: testClient.redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    ...params,
  });
  const response = await browser.get(`${identityUrl}/auth?${query.toString()}`);
  return { response, verifier, state, nonce };
}

/** The interaction page the authorization request sent the browser to. */
export function interactionUrl(pending: PendingAuthorization, identityUrl: string): string {
  expect(pending.response.status).toBe(303);
  const url = location(pending.response, identityUrl);
  expect(new URL(url).pathname).toMatch(/^\/interaction\/[\w-]+$/);
  return url;
}

const decodeEntities = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Follows redirects and oidc-provider's self-submitting forms until the browser lands on Verity's callback. */
export async function followToCallback(
  browser: Browser,
  identityUrl: string,
  first: Response,
): Promise<URL> {
  let response = first;
  for (let step = 0; step < 10; step += 1) {
    if (response.status === 302 || response.status === 303) {
      const next = location(response, identityUrl);
      if (next.startsWith(testClient.redirectUri)) return new URL(next);
      response = await browser.get(next);
      continue;
    }
    const body = await response.text();
    const form = /<form method="post" action="([^"]+)">/.exec(body);
    if (
      response.status === 200 &&
      body.includes('<title>Submitting Callback</title>') &&
      form?.[1]
    ) {
      const fields = Object.fromEntries(
        [...body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map(
          (match) => [match[1] ?? '', decodeEntities(match[2] ?? '')],
        ),
      );
      response = await browser.postForm(
        new URL(decodeEntities(form[1]), identityUrl).toString(),
        fields,
      );
      continue;
    }
    throw new Error(
      `the flow stopped at ${response.status} ${response.url}:\n${body.slice(0, 500)}`,
    );
  }
  throw new Error('too many redirects');
}

/** Signs in on the sign-in page and returns the authorization code Verity's callback receives. */
export async function signIn(
  browser: Browser,
  identityUrl: string,
  email: string,
  password: string,
): Promise<{ code: string; pending: PendingAuthorization }> {
  const pending = await beginAuthorization(browser, identityUrl);
  const page = interactionUrl(pending, identityUrl);
  const submitted = await browser.postForm(`${page}/sign-in`, { email, password });
  const callback = await followToCallback(browser, identityUrl, submitted);
  expect(callback.searchParams.get('state')).toBe(pending.state);
  return { code: callback.searchParams.get('code') ?? '', pending };
}

export interface TokenResponse {
  access_token: string;
  id_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

export async function exchangeCode(
  identityUrl: string,
  code: string,
  verifier: string,
): Promise<Response> {
  const credentials = Buffer.from(`${testClient.clientId}:${testClient.clientSecret}`).toString(
    'base64',
  );
  return fetch(`${identityUrl}/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${credentials}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: testClient.redirectUri,
      code_verifier: verifier,
    }).toString(),
  });
}

/** The ID token's header and claims, after checking its signature against the published JWKS. */
export async function verifiedIdToken(
  identityUrl: string,
  idToken: string,
): Promise<{ header: Record<string, unknown>; claims: Record<string, unknown> }> {
  const [headerPart = '', payloadPart = '', signature = ''] = idToken.split('.');
  const header = JSON.parse(Buffer.from(headerPart, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  const jwks = (await (await fetch(`${identityUrl}/jwks`)).json()) as {
    keys: (JsonWebKey & { kid: string })[];
  };
  const jwk = jwks.keys.find((key) => key.kid === header.kid);
  if (!jwk) throw new Error(`no published key ${String(header.kid)}`);
  const valid = verify(
    'RSA-SHA256',
    Buffer.from(`${headerPart}.${payloadPart}`),
    createPublicKey({ key: jwk, format: 'jwk' }),
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('the ID token signature does not verify');
  return {
    header,
    claims: JSON.parse(Buffer.from(payloadPart, 'base64url').toString()) as Record<string, unknown>,
  };
}
