// How identity's own pages answer: HTML that is never cached, framed, or leaks its URL (which may hold a token).
import type { Context, Next } from 'koa';
import { minutesToWait } from '../security/throttles.js';
import type { TextId, Texts } from '../texts.js';

export function html(ctx: Context, status: number, body: string): void {
  ctx.status = status;
  ctx.type = 'html';
  ctx.body = body;
}

export async function pageHeaders(ctx: Context, next: Next): Promise<void> {
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  );
  await next();
}

/** Sets Retry-After and answers the sentence a page shows for a throttled request. */
export function tooManyAttempts(
  ctx: Context,
  t: Texts,
  waitMs: number,
  sentence: TextId = 'identity.common.tooManyAttempts',
): string {
  ctx.set('Retry-After', String(Math.ceil(waitMs / 1000)));
  return t(sentence, { minutes: minutesToWait(waitMs) });
}
