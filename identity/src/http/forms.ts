// Form and JSON bodies for identity's own routes, refused with a 400 when they hold unusable text.
import { koaBody } from 'koa-body';
import type { Context, Middleware, Next } from 'koa';
import { errorPage } from '../interactions/pages.js';
import { containsUnsafeText } from '../security/safe-text.js';
import { requestTexts } from './language.js';
import { html } from './responses.js';

const parseForm = koaBody({ urlencoded: true, json: false, multipart: false, text: false });
const parseJson = koaBody({ json: true, urlencoded: false, multipart: false, text: false });

/** A browser form (application/x-www-form-urlencoded); bad text gets an explaining page. */
export const formBody: Middleware = async (ctx: Context, next: Next) => {
  await parseForm(ctx, async () => {
    if (containsUnsafeText(ctx.request.body)) {
      const t = requestTexts(ctx);
      return html(
        ctx,
        400,
        errorPage(t, t('identity.common.unsafeText'), {
          title: t('identity.errorPage.badRequestTitle'),
        }),
      );
    }
    await next();
  });
};

/** A JSON body from the API; bad text gets the accounts endpoints' error shape. */
export const jsonBody: Middleware = async (ctx: Context, next: Next) => {
  await parseJson(ctx, async () => {
    if (containsUnsafeText(ctx.request.body)) {
      ctx.status = 400;
      ctx.body = { success: false, message: requestTexts(ctx)('identity.common.unsafeText') };
      return;
    }
    await next();
  });
};

export function formValue(ctx: Context, name: string): string {
  const value = (ctx.request.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}
