// E-mail out of the API over SMTP (nodemailer): SMTP_URL, from MAIL_FROM.
import nodemailer from 'nodemailer';
import { smtpTransportOptions } from '../../../tooling/mail/smtp-options';

/** Text for an e-mail's HTML part: the five characters HTML gives meaning to, escaped. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Sends now; rejects when the server cannot be reached or refuses the message. */
  send(message: MailMessage): Promise<void>;
  /** Sends in the background: a failure is logged, never thrown (the caller's work is already saved). */
  sendLater(message: MailMessage): void;
  /** Waits for background sends, then closes the connections. */
  close(): Promise<void>;
}

export interface MailLog {
  error(details: object, message: string): void;
}

// An SMTP server that does not answer must not hold a request (or a shutdown) for nodemailer's minutes.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function createMailer(
  settings: { smtpUrl: string; mailFrom: string },
  log: MailLog,
): Mailer {
  // Pooled: the e-mail worker's batches reuse open connections instead of a handshake per message.
  const transport = nodemailer.createTransport(
    smtpTransportOptions(settings.smtpUrl, { pool: true, ...TIMEOUTS }),
  );
  const pending = new Set<Promise<void>>();

  const send = async (message: MailMessage) => {
    await transport.sendMail({ from: settings.mailFrom, ...message });
  };

  return {
    send,
    sendLater(message) {
      const sending = send(message)
        .catch((error: unknown) => log.error({ err: error, to: message.to }, 'e-mail not sent'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async close() {
      await Promise.allSettled([...pending]);
      transport.close();
    },
  };
}
