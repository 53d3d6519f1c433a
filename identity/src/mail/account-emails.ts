// The e-mails about an account (confirm the address, someone tried to sign up, reset, password
// changed), each in plain text and HTML and in the language of the request that caused it, queued on
// the mailer with the one-time link they carry (which opens its page in that language).
import type { Account } from '../accounts/account-repository.js';
import { findAccountByEmail } from '../accounts/account-repository.js';
import { issueToken } from '../accounts/account-tokens.js';
import type { Queryable } from '../db/database.js';
import type { Language } from '../../../session/src/language/languages';
import { inLanguage } from '../http/language.js';
import { escapeHtml, htmlAttributes } from '../interactions/html.js';
import { textsIn } from '../texts.js';
import type { Texts } from '../texts.js';
import type { Throttle } from '../security/throttles.js';
import type { Mailer } from './mailer.js';

export interface AccountEmailsDeps {
  db: Queryable;
  mailer: Mailer;
  /** Caps the e-mails one mailbox receives, so nobody can flood someone else's inbox. */
  mailboxThrottle: Throttle;
  issuer: string;
  publicUrl: string;
}

type Part = string | { href: string; label: string };

function compose(t: Texts, name: string, parts: Part[]): { text: string; html: string } {
  const lines = [t('identity.mail.greeting', { name }), ...parts, t('identity.mail.signature')];
  return {
    text: lines
      .map((part) => (typeof part === 'string' ? part : part.href))
      .join('\n\n')
      .concat('\n'),
    html: `<!DOCTYPE html><html ${htmlAttributes(t.language)}><body style="margin:0;padding:24px;background:#f1f5f4;font:16px/1.5 system-ui,sans-serif;color:#1f2a27">
<div style="max-width:32rem;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-weight:700;color:#0f766e">Verity</p>
${lines
  .map((part) =>
    typeof part === 'string'
      ? `<p>${escapeHtml(part)}</p>`
      : `<p><a href="${escapeHtml(part.href)}" target="_blank" rel="noopener" style="display:inline-block;padding:10px 16px;border-radius:8px;background:#0f766e;color:#fff;font-weight:600;text-decoration:none">${escapeHtml(part.label)}</a></p>`,
  )
  .join('\n')}
</div></body></html>`,
  };
}

export interface AccountEmails {
  /** A confirmation link for the account's address. */
  sendVerification(account: Account, language: Language): void;
  /** Tells the account of this address, when there is one, that someone tried to sign up with it. */
  signUpAttempted(email: string, language: Language): void;
  /** A confirmation link when the address has an unconfirmed account; nothing otherwise. */
  requestVerification(email: string, language: Language): void;
  /** A reset link when the address has an account; nothing otherwise. */
  requestPasswordReset(email: string, language: Language): void;
  sendPasswordChanged(account: Account, language: Language): void;
}

export function accountEmails({
  db,
  mailer,
  mailboxThrottle,
  issuer,
  publicUrl,
}: AccountEmailsDeps): AccountEmails {
  const signInUrl = `${publicUrl}/login`;
  const forgotUrl = (t: Texts) => inLanguage(`${issuer}/forgot-password`, t.language);

  /** Queues the job unless this mailbox has had its share of e-mails this hour. */
  function queue(email: string, description: string, job: () => Promise<void>): void {
    mailer.later(description, async () => {
      const wait = await mailboxThrottle.hit(email);
      if (wait !== undefined) {
        console.warn(`identity: not sending (${description}): the mailbox limit is reached`);
        return;
      }
      await job();
    });
  }

  async function verification(account: Account, t: Texts): Promise<void> {
    const token = await issueToken(db, account.id, 'verify-email');
    const link = inLanguage(`${issuer}/verify-email?token=${token}`, t.language);
    await mailer.send({
      to: account.email,
      subject: t('identity.mailVerify.subject'),
      ...compose(t, account.name, [
        t('identity.mailVerify.intro'),
        { href: link, label: t('identity.mailVerify.action') },
        t('identity.mailVerify.expiry'),
        t('identity.mailVerify.notYou'),
      ]),
    });
  }

  async function passwordReset(account: Account, t: Texts): Promise<void> {
    const token = await issueToken(db, account.id, 'reset-password');
    const link = inLanguage(`${issuer}/reset-password?token=${token}`, t.language);
    await mailer.send({
      to: account.email,
      subject: t('identity.mailReset.subject'),
      ...compose(t, account.name, [
        t('identity.mailReset.intro'),
        { href: link, label: t('identity.mailReset.action') },
        t('identity.mailReset.expiry'),
        t('identity.mailReset.notYou'),
      ]),
    });
  }

  return {
    sendVerification(account, language) {
      queue(account.email, 'send the confirmation email', () =>
        verification(account, textsIn(language)),
      );
    },
    signUpAttempted(email, language) {
      const t = textsIn(language);
      queue(email, 'send the sign-up attempt notice', async () => {
        const account = await findAccountByEmail(db, email);
        if (!account) return;
        await mailer.send({
          to: account.email,
          subject: t('identity.mailSignUpAttempt.subject'),
          ...compose(t, account.name, [
            t('identity.mailSignUpAttempt.intro'),
            t('identity.mailSignUpAttempt.signIn'),
            { href: signInUrl, label: t('identity.mailSignUpAttempt.signInAction') },
            t('identity.mailSignUpAttempt.reset'),
            { href: forgotUrl(t), label: t('identity.mailSignUpAttempt.resetAction') },
            t('identity.mailSignUpAttempt.notYou'),
          ]),
        });
      });
    },
    requestVerification(email, language) {
      queue(email, 'send the confirmation email', async () => {
        const account = await findAccountByEmail(db, email);
        if (account && !account.emailVerified) await verification(account, textsIn(language));
      });
    },
    requestPasswordReset(email, language) {
      queue(email, 'send the password reset email', async () => {
        const account = await findAccountByEmail(db, email);
        if (account) await passwordReset(account, textsIn(language));
      });
    },
    sendPasswordChanged(account, language) {
      const t = textsIn(language);
      // A security notice: sent whatever the mailbox limit, as the owner must hear of it.
      mailer.later('send the password changed notice', () =>
        mailer.send({
          to: account.email,
          subject: t('identity.mailPasswordChanged.subject'),
          ...compose(t, account.name, [
            t('identity.mailPasswordChanged.intro'),
            t('identity.mailPasswordChanged.notYou'),
            { href: forgotUrl(t), label: t('identity.mailPasswordChanged.action') },
          ]),
        }),
      );
    },
  };
}
