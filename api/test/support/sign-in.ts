import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ApiCookies, TEST_REDIRECT_URI } from './app';

export const DEMO_PASSWORD = 'verity-demo';
export type UserTypeSegment = 'client' | 'auditor' | 'target-company';

/**
 * A browser's cookie jar for one host, fed from real HTTP answers (names are enough: one host, and
 * paths are left out, so every cookie goes with every request).
 */
export class BrowserCookies {
  private readonly values = new Map<string, string>();

  take(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', setting = ''] = attribute.split('=').map((part) => part.trim());
        if (key.toLowerCase() === 'max-age') return Number(setting) <= 0;
        if (key.toLowerCase() === 'expires') return new Date(setting).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') this.values.delete(name);
      else this.values.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.values.get(name);
  }

  set(name: string, value: string): this {
    this.values.set(name, value);
    return this;
  }

  header(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
}

/** The sign-in form on an identity page: where it posts and the fields it sends, filled in. */
function fillSignInForm(
  html: string,
  email: string,
  password: string,
): { action: string; body: URLSearchParams } {
  const form = /<form[^>]*>[\s\S]*?<\/form>/i.exec(html)?.[0];
  if (!form || !/type="password"/i.test(form))
    throw new Error(`no sign-in form on the identity page:\n${html}`);
  const body = new URLSearchParams();
  for (const input of form.match(/<input[^>]*>/gi) ?? []) {
    const name = attribute(input, 'name');
    if (!name) continue;
    const type = (attribute(input, 'type') ?? 'text').toLowerCase();
    if (type === 'password') body.set(name, password);
    else if (type === 'email' || /email|login|username/i.test(name)) body.set(name, email);
    else body.set(name, attribute(input, 'value') ?? '');
  }
  return { action: attribute(/<form[^>]*>/i.exec(form)![0], 'action') ?? '', body };
}

/** Drives a browser through identity's real pages from the authorize URL until it is sent back to the API. */
export async function signInAtIdentity(
  authorizeUrl: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<URL> {
  const cookies = new BrowserCookies();
  let url = new URL(authorizeUrl);
  let init: RequestInit = { method: 'GET' };
  for (let step = 0; step < 10; step++) {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...init.headers, cookie: cookies.header() },
    });
    cookies.take(response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url);
      if (next.href.startsWith(TEST_REDIRECT_URI)) return next;
      url = next;
      init = { method: 'GET' };
      continue;
    }
    const html = await response.text();
    if (response.status !== 200)
      throw new Error(`identity answered ${response.status} at ${url.pathname}:\n${html}`);
    const { action, body } = fillSignInForm(html, email, password);
    url = new URL(action, url);
    init = {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  throw new Error('identity never sent the browser back to the API');
}

export interface SignInResult {
  /** The API's answer to the callback (a redirect). */
  callback: LightMyRequestResponse;
  cookies: ApiCookies;
}

/** A full sign-in: the API's sign-in route, identity's form with these credentials, then the API's callback. */
export function signIn(
  app: FastifyInstance,
  userType: UserTypeSegment,
  email: string,
  password = DEMO_PASSWORD,
): Promise<SignInResult> {
  return signInFrom(app, `/api/v1/auth/${userType}/verity`, email, password);
}

/** A full sign-in that starts at any API path that redirects to identity (a sign-in route, an invitation link). */
export async function signInFrom(
  app: FastifyInstance,
  startPath: string,
  email: string,
  password = DEMO_PASSWORD,
  cookies = new ApiCookies(),
): Promise<SignInResult> {
  const start = await app.inject({ method: 'GET', url: startPath, cookies: cookies.all() });
  if (start.statusCode !== 302)
    throw new Error(`sign-in start answered ${start.statusCode}: ${start.body}`);
  cookies.take(start);
  const back = await signInAtIdentity(start.headers.location as string, email, password);
  const callback = await app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    cookies: cookies.all(),
  });
  cookies.take(callback);
  return { callback, cookies };
}
