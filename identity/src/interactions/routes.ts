// The sign-in and sign-up pages oidc-provider sends the browser to, and what their forms do.
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import type { Context } from 'koa';
import { errors } from 'oidc-provider';
import type Provider from 'oidc-provider';
import { authenticate, createAccount } from '../accounts/account-repository.js';
import { checkNewAccount } from '../accounts/account-rules.js';
import type { Database } from '../db/database.js';
import { messages } from '../messages.js';
import { errorPage, signInPage, signUpPage } from './pages.js';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

const VERITY_SCOPE = 'openid email profile';

export interface InteractionDeps {
  provider: Provider;
  db: Database;
  clientId: string;
}

function html(ctx: Context, status: number, body: string): void {
  ctx.status = status;
  ctx.type = 'html';
  ctx.body = body;
}

function formValue(ctx: Context, name: string): string {
  const value = (ctx.request.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

export function interactionRoutes({ provider, db, clientId }: InteractionDeps): Router {
  const router = new Router({ prefix: '/interaction/:uid' });
  const form = koaBody({ urlencoded: true, json: false, multipart: false, text: false });

  /** The interaction behind the browser's cookie, when it is the one in the URL. */
  async function loginInteraction(ctx: Context): Promise<Interaction> {
    const interaction = await provider.interactionDetails(ctx.req, ctx.res);
    if (interaction.uid !== ctx.params.uid)
      throw new errors.SessionNotFound('interaction mismatch');
    return interaction;
  }

  /** Verity's own client is granted openid, email and profile without a consent screen. */
  async function grantFor(interaction: Interaction, accountId: string): Promise<string> {
    const requestingClient = interaction.params.client_id;
    if (requestingClient !== clientId) throw new errors.AccessDenied('unknown client');
    const existing = interaction.grantId
      ? await provider.Grant.find(interaction.grantId)
      : undefined;
    const grant =
      existing && existing.accountId === accountId
        ? existing
        : new provider.Grant({ accountId, clientId });
    grant.addOIDCScope(VERITY_SCOPE);
    return grant.save();
  }

  async function finishSignIn(
    ctx: Context,
    interaction: Interaction,
    accountId: string,
  ): Promise<void> {
    const grantId = await grantFor(interaction, accountId);
    await provider.interactionFinished(
      ctx.req,
      ctx.res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.set(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
    );
    try {
      await next();
    } catch (error) {
      if (error instanceof errors.SessionNotFound)
        return html(ctx, 400, errorPage(messages.errorPage.expired));
      throw error;
    }
  });

  router.get('/', async (ctx) => {
    const interaction = await loginInteraction(ctx);
    if (interaction.prompt.name === 'login') {
      const hint = interaction.params.login_hint;
      return html(
        ctx,
        200,
        signInPage(interaction.uid, { email: typeof hint === 'string' ? hint : '' }),
      );
    }
    // A signed-in session whose grant lapsed asks for consent again: Verity's client never shows it.
    const accountId = interaction.session?.accountId;
    if (interaction.prompt.name === 'consent' && accountId) {
      const grantId = await grantFor(interaction, accountId);
      return provider.interactionFinished(
        ctx.req,
        ctx.res,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
    }
    return html(ctx, 400, errorPage(messages.errorPage.generic));
  });

  router.get('/sign-up', async (ctx) => {
    const interaction = await loginInteraction(ctx);
    html(ctx, 200, signUpPage(interaction.uid));
  });

  router.post('/sign-in', form, async (ctx) => {
    const interaction = await loginInteraction(ctx);
    const email = formValue(ctx, 'email').trim();
    const password = formValue(ctx, 'password');
    if (email === '' || password === '') {
      return html(ctx, 400, signInPage(interaction.uid, { email, error: messages.signIn.missing }));
    }
    const account = await authenticate(db, email, password);
    if (!account)
      return html(
        ctx,
        401,
        signInPage(interaction.uid, { email, error: messages.signIn.incorrect }),
      );
    await finishSignIn(ctx, interaction, account.id);
  });

  router.post('/sign-up', form, async (ctx) => {
    const interaction = await loginInteraction(ctx);
    const { input, errors: problems } = checkNewAccount({
      name: formValue(ctx, 'name'),
      email: formValue(ctx, 'email'),
      password: formValue(ctx, 'password'),
    });
    const retype = (status: number, errors = problems) =>
      html(
        ctx,
        status,
        signUpPage(interaction.uid, { name: input.name, email: input.email, errors }),
      );
    if (Object.keys(problems).length > 0) return retype(400);
    const account = await createAccount(db, input);
    if (!account) return retype(409, { email: messages.validation.emailTaken });
    await finishSignIn(ctx, interaction, account.id);
  });

  return router;
}
