// E-mail out of the API over SMTP (nodemailer): SMTP_URL, from MAIL_FROM.
import nodemailer from 'nodemailer';
import { directionOf, type Language } from '@verity/shared-api/src/server';
import { smtpTransportOptions } from '../../../tooling/mail/smtp-options';

/** Text for an e-mail's HTML part: the five characters HTML gives meaning to, escaped. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );

/** An e-mail's HTML document in the reader's language (`body` is HTML): Arabic reads right to left. */
export const htmlDocument = (language: Language, body: string) =>
  `<!doctype html>
<html lang="${language}"${directionOf(language) === 'rtl' ? ' dir="rtl"' : ''}><body style="font-family: sans-serif; color: #1f2937; line-height: 1.5">
${body}
</body></html>`;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header (`<id@domain>`): the same at every try of one delivery. */
  messageId?: string;
}

export interface Mailer {
  /** Sends now; rejects when the server cannot be reached or refuses the message. */
  send(message: MailMessage): Promise<void>;
  /** Closes the connections. */
  close(): Promise<void>;
}

/**
 * Whether a failed send certainly left the message with us: the server answered with a refusal, or
 * was never reached (no connection, no greeting, refused credentials, an address it cannot take). Any
 * other failure (the connection broke or went quiet in the middle of the conversation) leaves it
 * unknown whether the server kept the message.
 */
export function notTaken(error: unknown): boolean {
  const failure = error as {
    responseCode?: number;
    code?: string;
    syscall?: string;
    message?: string;
  };
  if (typeof failure.responseCode === 'number' && failure.responseCode >= 400) return true;
  if (failure.syscall === 'connect' || failure.syscall === 'getaddrinfo') return true;
  if (['EDNS', 'EAUTH', 'ETLS', 'EENVELOPE', 'EMESSAGE'].includes(failure.code ?? '')) return true;
  return /^(Connection timeout|Greeting never received)/.test(failure.message ?? '');
}

/** The domain of the sender's address (`Verity <no-reply@verity.localhost>`), for Message-IDs. */
export function senderDomain(mailFrom: string): string {
  return /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'verity.localhost';
}

// An SMTP server that does not answer must not hold a request (or a shutdown) for nodemailer's minutes.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function createMailer(settings: { smtpUrl: string; mailFrom: string }): Mailer {
  // Pooled: the e-mail worker's batches reuse open connections instead of a handshake per message.
  // Never sent again by the pool itself when a connection closes mid-message (its default): the
  // server may have kept it, and whether to try again is the caller's to decide (notTaken).
  const transport = nodemailer.createTransport(
    smtpTransportOptions(settings.smtpUrl, { pool: true, maxRequeues: 0, ...TIMEOUTS }),
  );
  return {
    async send(message) {
      await transport.sendMail({ from: settings.mailFrom, ...message });
    },
    async close() {
      transport.close();
    },
  };
}
