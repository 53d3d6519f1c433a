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
import { html, pageHeaders, tooManyAttempts } from '../http/responses.js';
import type { AccountEmails } from '../mail/account-emails.js';
import { messages } from '../messages.js';
import { addressSubject } from '../security/throttles.js';
import type { Throttles } from '../security/throttles.js';
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
  const toVerity = { href: `${publicUrl}/login`, label: messages.common.toVerity };
  router.use(pageHeaders);

  /** GET shows the form; POST always answers the same, sending mail only when there is an account. */
  function emailRequest(
    path: string,
    text: EmailFormText,
    sent: (email: string) => string,
    request: (email: string) => void,
  ): void {
    const form = (values?: { email?: string; error?: string }) =>
      emailFormPage(text, path, toVerity.href, values);
    router.get(path, (ctx) => html(ctx, 200, form()));
    router.post(path, formBody, async (ctx) => {
      const email = normaliseEmail(formValue(ctx, 'email'));
      if (!isEmail(email))
        return html(ctx, 400, form({ email, error: messages.validation.emailInvalid }));
      const wait = await throttles.mailRequestPerAddress.hit(addressSubject(ctx.ip));
      if (wait !== undefined)
        return html(ctx, 429, form({ email, error: tooManyAttempts(ctx, wait) }));
      request(email);
      html(ctx, 200, messagePage(messages.checkInbox.title, sent(email), toVerity));
    });
  }

  emailRequest(
    '/resend-verification',
    messages.resendVerification,
    messages.resendVerification.sent,
    (email) => emails.requestVerification(email),
  );
  emailRequest('/forgot-password', messages.forgotPassword, messages.forgotPassword.sent, (email) =>
    emails.requestPasswordReset(email),
  );

  router.get('/verify-email', async (ctx) => {
    const text = messages.verifyEmail;
    const token = queryValue(ctx, 'token');
    const accountId = await db.transaction(async (tx) => {
      const id = await useToken(tx, token, 'verify-email');
      if (id) await markEmailVerified(tx, id);
      return id;
    });
    if (accountId)
      return html(ctx, 200, messagePage(text.confirmedTitle, text.confirmed, toVerity));
    // A second visit (or a mail scanner's first) finds the address already confirmed: say so.
    const seen = await inspectToken(db, token, 'verify-email');
    const account = seen.state === 'used' ? await findAccountById(db, seen.accountId) : undefined;
    if (account?.emailVerified)
      return html(ctx, 200, messagePage(text.confirmedTitle, text.alreadyConfirmed, toVerity));
    html(
      ctx,
      400,
      messagePage(
        text.invalidTitle,
        text.invalid,
        { href: '/resend-verification', label: text.askAgain },
        'alert',
      ),
    );
  });

  const resetLinkInvalid = (ctx: Context) =>
    html(
      ctx,
      400,
      messagePage(
        messages.resetPassword.invalidTitle,
        messages.resetPassword.invalid,
        { href: '/forgot-password', label: messages.resetPassword.askAgain },
        'alert',
      ),
    );

  router.get('/reset-password', async (ctx) => {
    const token = queryValue(ctx, 'token');
    const seen = await inspectToken(db, token, 'reset-password');
    if (seen.state !== 'valid') return resetLinkInvalid(ctx);
    html(ctx, 200, resetPasswordPage(token));
  });

  router.post('/reset-password', formBody, async (ctx) => {
    const token = formValue(ctx, 'token');
    const password = formValue(ctx, 'password');
    const seen = await inspectToken(db, token, 'reset-password');
    const account = seen.state === 'valid' ? await findAccountById(db, seen.accountId) : undefined;
    if (!account) return resetLinkInvalid(ctx);
    const problem =
      passwordProblem(password, account) ??
      (password === formValue(ctx, 'confirmation') ? undefined : messages.resetPassword.mismatch);
    if (problem) return html(ctx, 400, resetPasswordPage(token, { error: problem }));

    const passwordHash = await hashPassword(password);
    const changed = await db.transaction(async (tx) => {
      if ((await useToken(tx, token, 'reset-password')) !== account.id) return false;
      await changePassword(tx, account.id, passwordHash);
      await signOutEverywhere(tx, account.id);
      return true;
    });
    if (!changed) return resetLinkInvalid(ctx);
    // Whoever was locked out by wrong guesses can sign in with the new password at once.
    await Promise.all([
      throttles.signInPerAccount.forget(account.email),
      throttles.signInRefused.forget(account.email),
    ]);
    emails.sendPasswordChanged(account);
    html(
      ctx,
      200,
      messagePage(messages.resetPassword.doneTitle, messages.resetPassword.done, toVerity),
    );
  });

  return router;
}
