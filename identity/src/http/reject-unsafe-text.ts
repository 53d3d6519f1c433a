// Runs before every route: a query string or path holding a NUL or a lone surrogate is refused with
// a 400 in the shape the route's callers read, before anything can try to store it.
import type { Context, Next } from 'koa';
import { errorPage } from '../interactions/pages.js';
import { containsUnsafeText, isUnsafeText } from '../security/safe-text.js';
import { requestTexts } from './language.js';
import { html } from './responses.js';

// Callers of these read JSON: the API (accounts endpoints) and OAuth clients (protocol endpoints).
const ACCOUNTS_API = new Set(['/user', '/accounts', '/healthz']);
const PROTOCOL_API = /^\/(token|me|jwks|\.well-known)(\/|$)/;

function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export async function rejectUnsafeText(ctx: Context, next: Next): Promise<void> {
  if (!isUnsafeText(decodedPath(ctx.path)) && !containsUnsafeText(ctx.query)) return next();
  const t = requestTexts(ctx);
  const message = t('identity.common.unsafeText');
  ctx.status = 400;
  ctx.set('Cache-Control', 'no-store');
  if (ACCOUNTS_API.has(ctx.path)) ctx.body = { success: false, message };
  else if (PROTOCOL_API.test(ctx.path))
    ctx.body = { error: 'invalid_request', error_description: message };
  else html(ctx, 400, errorPage(t, message, { title: t('identity.errorPage.badRequestTitle') }));
}
