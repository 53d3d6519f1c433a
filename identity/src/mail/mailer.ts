// Sends e-mail over SMTP with nodemailer. Sending happens after the answer, so a slow or absent mail
// server never delays or fails a page, and the time taken never tells whether an account exists.
import nodemailer from 'nodemailer';
import { smtpTransportOptions } from '../../../tooling/mail/smtp-options';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Runs the job (which may send mail) in the background; failures are logged, never thrown. */
  later(description: string, job: () => Promise<void>): void;
  send(mail: OutgoingMail): Promise<void>;
  /** Waits (a few seconds at most) for the jobs under way, then closes the SMTP connections. */
  close(): Promise<void>;
}

// Shutdown must not hang on a mail server that stopped answering.
const CLOSE_PATIENCE_MS = 5_000;

export function createMailer({ smtpUrl, from }: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(
    smtpTransportOptions(smtpUrl, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    }),
  );
  const running = new Set<Promise<void>>();

  return {
    later(description, job) {
      const task = job()
        .catch((error: unknown) => {
          console.error(`identity: could not ${description}:`, (error as Error).message ?? error);
        })
        .finally(() => running.delete(task));
      running.add(task);
    },
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    async close() {
      let timer: NodeJS.Timeout | undefined;
      const patience = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, CLOSE_PATIENCE_MS);
      });
      await Promise.race([Promise.all(running), patience]);
      clearTimeout(timer);
      transport.close();
    },
  };
}
