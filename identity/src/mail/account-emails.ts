// The e-mails about an account (confirm the address, someone tried to sign up, reset, password
// changed), each in plain text and HTML, queued on the mailer with the one-time link they carry.
import type { Account } from '../accounts/account-repository.js';
import { findAccountByEmail } from '../accounts/account-repository.js';
import { issueToken } from '../accounts/account-tokens.js';
import type { Queryable } from '../db/database.js';
import { escapeHtml } from '../interactions/html.js';
import { messages } from '../messages.js';
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

function compose(name: string, parts: Part[]): { text: string; html: string } {
  const text = messages.emails;
  const lines = [text.greeting(name), ...parts, text.signature];
  return {
    text: lines
      .map((part) => (typeof part === 'string' ? part : part.href))
      .join('\n\n')
      .concat('\n'),
    html: `<!DOCTYPE html><html lang="en"><body style="margin:0;padding:24px;background:#f1f5f4;font:16px/1.5 system-ui,sans-serif;color:#1f2a27">
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
  sendVerification(account: Account): void;
  /** Tells the account of this address, when there is one, that someone tried to sign up with it. */
  signUpAttempted(email: string): void;
  /** A confirmation link when the address has an unconfirmed account; nothing otherwise. */
  requestVerification(email: string): void;
  /** A reset link when the address has an account; nothing otherwise. */
  requestPasswordReset(email: string): void;
  sendPasswordChanged(account: Account): void;
}

export function accountEmails({
  db,
  mailer,
  mailboxThrottle,
  issuer,
  publicUrl,
}: AccountEmailsDeps): AccountEmails {
  const text = messages.emails;
  const signInUrl = `${publicUrl}/login`;
  const forgotUrl = `${issuer}/forgot-password`;

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

  async function verification(account: Account): Promise<void> {
    const token = await issueToken(db, account.id, 'verify-email');
    const link = `${issuer}/verify-email?token=${token}`;
    await mailer.send({
      to: account.email,
      subject: text.verify.subject,
      ...compose(account.name, [
        text.verify.intro,
        { href: link, label: text.verify.action },
        text.verify.expiry,
        text.verify.notYou,
      ]),
    });
  }

  async function passwordReset(account: Account): Promise<void> {
    const token = await issueToken(db, account.id, 'reset-password');
    const link = `${issuer}/reset-password?token=${token}`;
    await mailer.send({
      to: account.email,
      subject: text.reset.subject,
      ...compose(account.name, [
        text.reset.intro,
        { href: link, label: text.reset.action },
        text.reset.expiry,
        text.reset.notYou,
      ]),
    });
  }

  return {
    sendVerification(account) {
      queue(account.email, 'send the confirmation email', () => verification(account));
    },
    signUpAttempted(email) {
      queue(email, 'send the sign-up attempt notice', async () => {
        const account = await findAccountByEmail(db, email);
        if (!account) return;
        await mailer.send({
          to: account.email,
          subject: text.signUpAttempt.subject,
          ...compose(account.name, [
            text.signUpAttempt.intro,
            text.signUpAttempt.signIn,
            { href: signInUrl, label: text.signUpAttempt.signInAction },
            text.signUpAttempt.reset,
            { href: forgotUrl, label: text.signUpAttempt.resetAction },
            text.signUpAttempt.notYou,
          ]),
        });
      });
    },
    requestVerification(email) {
      queue(email, 'send the confirmation email', async () => {
        const account = await findAccountByEmail(db, email);
        if (account && !account.emailVerified) await verification(account);
      });
    },
    requestPasswordReset(email) {
      queue(email, 'send the password reset email', async () => {
        const account = await findAccountByEmail(db, email);
        if (account) await passwordReset(account);
      });
    },
    sendPasswordChanged(account) {
      // A security notice: sent whatever the mailbox limit, as the owner must hear of it.
      mailer.later('send the password changed notice', () =>
        mailer.send({
          to: account.email,
          subject: text.passwordChanged.subject,
          ...compose(account.name, [
            text.passwordChanged.intro,
            text.passwordChanged.notYou,
            { href: forgotUrl, label: text.passwordChanged.action },
          ]),
        }),
      );
    },
  };
}
