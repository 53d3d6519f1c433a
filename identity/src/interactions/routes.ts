// The sign-in and sign-up pages oidc-provider sends the browser to, and what their forms do.
import Router from '@koa/router';
import type { Context } from 'koa';
import { errors } from 'oidc-provider';
import type Provider from 'oidc-provider';
import { authenticate, createAccount } from '../accounts/account-repository.js';
import { checkNewAccount, normaliseEmail } from '../accounts/account-rules.js';
import type { Database } from '../db/database.js';
import { formBody, formValue } from '../http/forms.js';
import { requestTexts } from '../http/language.js';
import { html, pageHeaders, tooManyAttempts } from '../http/responses.js';
import type { AccountEmails } from '../mail/account-emails.js';
import { addressSubject } from '../security/throttles.js';
import type { Throttles } from '../security/throttles.js';
import type { TextId, Texts } from '../texts.js';
import { checkInboxPage, errorPage, signInPage, signUpPage } from './pages.js';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

const VERITY_SCOPE = 'openid email profile';

export interface InteractionDeps {
  provider: Provider;
  db: Database;
  clientId: string;
  throttles: Throttles;
  emails: AccountEmails;
}

export function interactionRoutes({
  provider,
  db,
  clientId,
  throttles,
  emails,
}: InteractionDeps): Router {
  const router = new Router({ prefix: '/interaction/:uid' });

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

  /** The page's texts: in the language the authorization request asked for (ui_locales), else the browser's. */
  const textsFor = (ctx: Context, interaction: Interaction): Texts =>
    requestTexts(ctx, interaction.params.ui_locales);

  router.use(pageHeaders);
  router.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (error instanceof errors.SessionNotFound) {
        const t = requestTexts(ctx);
        return html(ctx, 400, errorPage(t, t('identity.errorPage.expired')));
      }
      throw error;
    }
  });

  router.get('/', async (ctx) => {
    const interaction = await loginInteraction(ctx);
    const t = textsFor(ctx, interaction);
    if (interaction.prompt.name === 'login') {
      const hint = interaction.params.login_hint;
      return html(
        ctx,
        200,
        signInPage(t, interaction.uid, { email: typeof hint === 'string' ? hint : '' }),
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
    return html(ctx, 400, errorPage(t, t('identity.errorPage.generic')));
  });

  router.get('/sign-up', async (ctx) => {
    const interaction = await loginInteraction(ctx);
    html(ctx, 200, signUpPage(textsFor(ctx, interaction), interaction.uid));
  });

  router.post('/sign-in', formBody, async (ctx) => {
    const interaction = await loginInteraction(ctx);
    const t = textsFor(ctx, interaction);
    const email = formValue(ctx, 'email').trim();
    const password = formValue(ctx, 'password');
    const retype = (status: number, error: string) =>
      html(ctx, status, signInPage(t, interaction.uid, { email, error }));
    if (email === '' || password === '') return retype(400, t('identity.signIn.missing'));

    const account = normaliseEmail(email);
    const address = addressSubject(ctx.ip);
    /** 429 with Retry-After and the wait on the page; the account's owners may see it was refused. */
    const refuse = async (wait: number, message: TextId) => {
      await throttles.signInRefused.refuseFor(account, wait);
      return retype(429, tooManyAttempts(ctx, t, wait, message));
    };

    // An address refused wholesale, for failures across many accounts (credential stuffing),
    // refuses everyone there; failures on one account never bring that about
    // (docs/decisions/0027-sign-in-limits.md).
    const addressWait = await throttles.signInAccountsPerAddress.refusal(address);
    if (addressWait !== undefined) return refuse(addressWait, 'identity.signIn.addressLimited');
    // Counted before the password is checked, so parallel guesses cannot slip past the limits.
    const accountWait = await throttles.signInPerAccount.hit(account);
    if (accountWait !== undefined) return refuse(accountWait, 'identity.common.tooManyAttempts');
    // The address counts accounts: the first attempt on this one from here in the hour, and no other.
    const pair = `${account} ${address}`;
    if ((await throttles.signInAccountFromAddress.hitCount(pair)) === 1) {
      const wait = await throttles.signInAccountsPerAddress.hit(address);
      if (wait !== undefined) return refuse(wait, 'identity.signIn.addressLimited');
    }

    const signedIn = await authenticate(db, email, password);
    if (!signedIn) return retype(401, t('identity.signIn.incorrect'));
    // Right in the end (a typo, then the password): the account no longer counts for the address.
    await Promise.all([
      throttles.signInPerAccount.forget(account),
      throttles.signInAccountFromAddress.forget(pair),
      throttles.signInAccountsPerAddress.giveBack(address),
      throttles.signInRefused.forget(account),
    ]);
    await finishSignIn(ctx, interaction, signedIn.id);
  });

  router.post('/sign-up', formBody, async (ctx) => {
    const interaction = await loginInteraction(ctx);
    const t = textsFor(ctx, interaction);
    const { input, errors: problems } = checkNewAccount({
      name: formValue(ctx, 'name'),
      email: formValue(ctx, 'email'),
      password: formValue(ctx, 'password'),
    });
    const retype = (status: number, error?: string) =>
      html(
        ctx,
        status,
        signUpPage(t, interaction.uid, {
          name: input.name,
          email: input.email,
          errors: problems,
          error,
        }),
      );
    if (Object.keys(problems).length > 0) return retype(400);
    const wait = await throttles.signUpPerAddress.hit(addressSubject(ctx.ip));
    if (wait !== undefined) return retype(429, tooManyAttempts(ctx, t, wait));

    // The same page and the same work either way: nobody learns whether the address has an account.
    const account = await createAccount(db, input);
    if (account) emails.sendVerification(account, t.language);
    else emails.signUpAttempted(input.email, t.language);
    html(ctx, 200, checkInboxPage(t, interaction.uid, input.email));
  });

  return router;
}
