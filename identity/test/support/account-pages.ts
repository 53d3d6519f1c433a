// Drives identity's own pages the way a person does: sign up, follow the links e-mails carry, fill forms.
import type { CaughtMessage } from '../../../tooling/mail/mail-catcher';
import type { Browser } from './browser';
import { beginAuthorization, interactionUrl } from './oidc-flow';
import type { RunningIdentity } from './start-identity';

/** The text inside <main>, without the per-interaction id, so two pages can be compared. */
export function mainOf(body: string): string {
  return (/<main>([\s\S]*)<\/main>/.exec(body)?.[1] ?? body).replace(
    /\/interaction\/[\w-]+/g,
    '/interaction/UID',
  );
}

/** The first link to this identity path in the e-mail's plain text. */
export function linkIn(message: CaughtMessage, pathname: string): string {
  const link = message.text
    .split(/\s+/)
    .find((word) => word.startsWith('http') && new URL(word).pathname === pathname);
  if (!link) throw new Error(`no ${pathname} link in:\n${message.text}`);
  return link;
}

/** Opens the sign-in page of a new authorization and answers its URL. */
export async function openSignIn(browser: Browser, identity: RunningIdentity): Promise<string> {
  return interactionUrl(await beginAuthorization(browser, identity.url), identity.url);
}

export async function signUp(
  browser: Browser,
  identity: RunningIdentity,
  fields: { name: string; email: string; password: string },
  headers: Record<string, string> = {},
): Promise<{ response: Response; body: string }> {
  const page = await openSignIn(browser, identity);
  const response = await browser.request(`${page}/sign-up`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return { response, body: await response.text() };
}

export function postForm(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** Resolves with the first e-mail to this address with this subject, other than those already seen. */
export function mailTo(
  identity: RunningIdentity,
  address: string,
  subject: string,
  seen: CaughtMessage[] = [],
): Promise<CaughtMessage> {
  return identity.mail.waitForMessage(
    (message) =>
      message.subject === subject &&
      message.to.some((to) => to.toLowerCase() === address) &&
      !seen.some((earlier) => earlier.id === message.id),
  );
}
