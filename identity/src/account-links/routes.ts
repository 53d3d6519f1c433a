// Confirming an email address and resetting a password: the forms that ask for a link, and the
// pages the one-time links in the e-mails open.
import Router from '@koa/router';
import type { Context } from 'koa';
import {
  changePassword,
  findAccountById,
  markEmailVerified,
  signOutEverywhere,
} from '../accounts/account-repository.js';
import { isEmail, normaliseEmail } from '../accounts/account-rules.js';
import { inspectToken, useToken } from '../accounts/account-tokens.js';
import { hashPassword } from '../accounts/password.js';
import { passwordProblem } from '../accounts/password-rules.js';
import type { Database } from '../db/database.js';
import { formBody, formValue } from '../http/forms.js';
import { inLanguage, requestTexts } from '../http/language.js';
import { html, pageHeaders, tooManyAttempts } from '../http/responses.js';
import type { AccountEmails } from '../mail/account-emails.js';
import { addressSubject } from '../security/throttles.js';
import type { Throttles } from '../security/throttles.js';
import type { TextId, Texts } from '../texts.js';
import type { EmailFormText } from './pages.js';
import { emailFormPage, messagePage, resetPasswordPage } from './pages.js';

export interface AccountLinksDeps {
  db: Database;
  throttles: Throttles;
  emails: AccountEmails;
  publicUrl: string;
}

const queryValue = (ctx: Context, name: string) => {
  const value = ctx.query[name];
  return typeof value === 'string' ? value : '';
};

export function accountLinkRoutes({ db, throttles, emails, publicUrl }: AccountLinksDeps): Router {
  const router = new Router();
  const signInUrl = `${publicUrl}/login`;
  const toVerity = (t: Texts) => ({ href: signInUrl, label: t('identity.common.toVerity') });
  router.use(pageHeaders);

  /** GET shows the form; POST always answers the same, sending mail only when there is an account. */
  function emailRequest(
    path: string,
    text: EmailFormText & { sent: TextId },
    request: (email: string, t: Texts) => void,
  ): void {
    const form = (t: Texts, values?: { email?: string; error?: string }) =>
      emailFormPage(t, text, path, signInUrl, values);
    router.get(path, (ctx) => html(ctx, 200, form(requestTexts(ctx))));
    router.post(path, formBody, async (ctx) => {
      const t = requestTexts(ctx);
      const email = normaliseEmail(formValue(ctx, 'email'));
      if (!isEmail(email))
        return html(ctx, 400, form(t, { email, error: t('identity.validation.emailInvalid') }));
      const wait = await throttles.mailRequestPerAddress.hit(addressSubject(ctx.ip));
      if (wait !== undefined)
        return html(ctx, 429, form(t, { email, error: tooManyAttempts(ctx, t, wait) }));
      request(email, t);
      html(
        ctx,
        200,
        messagePage(t, t('identity.checkInbox.title'), t(text.sent, { email }), toVerity(t)),
      );
    });
  }

  emailRequest(
    '/resend-verification',
    {
      title: 'identity.resendVerification.title',
      intro: 'identity.resendVerification.intro',
      email: 'identity.resendVerification.email',
      submit: 'identity.resendVerification.submit',
      sent: 'identity.resendVerification.sent',
    },
    (email, t) => emails.requestVerification(email, t.language),
  );
  emailRequest(
    '/forgot-password',
    {
      title: 'identity.forgotPassword.title',
      intro: 'identity.forgotPassword.intro',
      email: 'identity.forgotPassword.email',
      submit: 'identity.forgotPassword.submit',
      sent: 'identity.forgotPassword.sent',
    },
    (email, t) => emails.requestPasswordReset(email, t.language),
  );

  router.get('/verify-email', async (ctx) => {
    const t = requestTexts(ctx);
    const token = queryValue(ctx, 'token');
    const accountId = await db.transaction(async (tx) => {
      const id = await useToken(tx, token, 'verify-email');
      if (id) await markEmailVerified(tx, id);
      return id;
    });
    const confirmedTitle = t('identity.verifyEmail.confirmedTitle');
    if (accountId)
      return html(
        ctx,
        200,
        messagePage(t, confirmedTitle, t('identity.verifyEmail.confirmed'), toVerity(t)),
      );
    // A second visit (or a mail scanner's first) finds the address already confirmed: say so.
    const seen = await inspectToken(db, token, 'verify-email');
    const account = seen.state === 'used' ? await findAccountById(db, seen.accountId) : undefined;
    if (account?.emailVerified)
      return html(
        ctx,
        200,
        messagePage(t, confirmedTitle, t('identity.verifyEmail.alreadyConfirmed'), toVerity(t)),
      );
    html(
      ctx,
      400,
      messagePage(
        t,
        t('identity.verifyEmail.invalidTitle'),
        t('identity.verifyEmail.invalid'),
        {
          href: inLanguage('/resend-verification', t.language),
          label: t('identity.verifyEmail.askAgain'),
        },
        'alert',
      ),
    );
  });

  const resetLinkInvalid = (ctx: Context, t: Texts) =>
    html(
      ctx,
      400,
      messagePage(
        t,
        t('identity.resetPassword.invalidTitle'),
        t('identity.resetPassword.invalid'),
        {
          href: inLanguage('/forgot-password', t.language),
          label: t('identity.resetPassword.askAgain'),
        },
        'alert',
      ),
    );

  router.get('/reset-password', async (ctx) => {
    const t = requestTexts(ctx);
    const token = queryValue(ctx, 'token');
    const seen = await inspectToken(db, token, 'reset-password');
    if (seen.state !== 'valid') return resetLinkInvalid(ctx, t);
    html(ctx, 200, resetPasswordPage(t, token));
  });

  router.post('/reset-password', formBody, async (ctx) => {
    const t = requestTexts(ctx);
    const token = formValue(ctx, 'token');
    const password = formValue(ctx, 'password');
    const seen = await inspectToken(db, token, 'reset-password');
    const account = seen.state === 'valid' ? await findAccountById(db, seen.accountId) : undefined;
    if (!account) return resetLinkInvalid(ctx, t);
    const problem =
      passwordProblem(password, account) ??
      (password === formValue(ctx, 'confirmation') ? undefined : 'identity.resetPassword.mismatch');
    if (problem) return html(ctx, 400, resetPasswordPage(t, token, { error: t(problem) }));

    const passwordHash = await hashPassword(password);
    const changed = await db.transaction(async (tx) => {
      if ((await useToken(tx, token, 'reset-password')) !== account.id) return false;
      await changePassword(tx, account.id, passwordHash);
      await signOutEverywhere(tx, account.id);
      return true;
    });
    if (!changed) return resetLinkInvalid(ctx, t);
    // Whoever was locked out by wrong guesses can sign in with the new password at once.
    await Promise.all([
      throttles.signInPerAccount.forget(account.email),
      throttles.signInRefused.forget(account.email),
    ]);
    emails.sendPasswordChanged(account, t.language);
    html(
      ctx,
      200,
      messagePage(
        t,
        t('identity.resetPassword.doneTitle'),
        t('identity.resetPassword.done'),
        toVerity(t),
      ),
    );
  });

  return router;
}
