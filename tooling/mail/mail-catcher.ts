// A real SMTP server that keeps every message it receives, parsed, in memory: the inbox `npm start`
// shows developers, and the server the tests send to and read from.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMessage {
  id: string;
  receivedAt: string;
  /** The envelope's sender and recipients, as the SMTP client gave them. */
  envelope: { from: string; to: string[] };
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export interface MailCatcher {
  /** smtp://host:port, to hand to a sender as SMTP_URL. */
  smtpUrl: string;
  smtpPort: number;
  /** Every message received, oldest first. */
  messages(): CaughtMessage[];
  /** Messages sent to this address (case-insensitive), oldest first. */
  messagesTo(address: string): CaughtMessage[];
  /** Resolves with the first message (already received or still to come) that matches. */
  waitForMessage(
    match: (message: CaughtMessage) => boolean,
    options?: { timeoutMs?: number },
  ): Promise<CaughtMessage>;
  /** SMTP connections opened so far (a pooled sender reuses one for many messages). */
  connections(): number;
  clear(): void;
  stop(): Promise<void>;
}

export interface MailCatcherOptions {
  /** 0 (the default) picks a free port. */
  smtpPort?: number;
  host?: string;
  /** Oldest messages are dropped beyond this many. */
  keep?: number;
  /**
   * How long each message waits, once received whole, before it is kept and the sender hears it was
   * taken: a slow server, for tests that stop a sender in the middle of its sending.
   */
  delayMs?: number;
}

const addresses = (value: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((group) =>
    group.value.map((entry) => entry.address ?? '').filter(Boolean),
  );

export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const host = options.host ?? '127.0.0.1';
  const keep = options.keep ?? 1000;
  const stored: CaughtMessage[] = [];
  const waiters = new Set<{
    match: (message: CaughtMessage) => boolean;
    resolve: (message: CaughtMessage) => void;
  }>();

  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    size: 25 * 1024 * 1024,
    logger: false,
    // Stopping does not wait half a minute for a sender's pooled connections to be given back.
    closeTimeout: 1000,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onData(stream, session, callback) {
      const delayMs = options.delayMs ?? 0;
      simpleParser(stream).then(
        async (parsed) => {
          if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
          const envelopeFrom = session.envelope.mailFrom;
          const message: CaughtMessage = {
            id: randomUUID(),
            receivedAt: new Date().toISOString(),
            envelope: {
              from: envelopeFrom ? envelopeFrom.address : '',
              to: session.envelope.rcptTo.map((recipient) => recipient.address),
            },
            from: addresses(parsed.from)[0] ?? '',
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: Object.fromEntries(
              [...parsed.headers.entries()].map(([key, value]) => [
                key,
                typeof value === 'string' ? value : JSON.stringify(value),
              ]),
            ),
          };
          stored.push(message);
          if (stored.length > keep) stored.splice(0, stored.length - keep);
          for (const waiter of [...waiters]) {
            if (waiter.match(message)) {
              waiters.delete(waiter);
              waiter.resolve(message);
            }
          }
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.smtpPort ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Failures after start (a client that drops mid-message) are the client's problem, not ours.
  server.on('error', () => undefined);
  const smtpPort = (server.server.address() as AddressInfo).port;

  const recipientOf = (message: CaughtMessage, address: string) => {
    const wanted = address.toLowerCase();
    return [...message.to, ...message.envelope.to].some((to) => to.toLowerCase() === wanted);
  };

  return {
    smtpUrl: `smtp://${host}:${smtpPort}`,
    smtpPort,
    messages: () => [...stored],
    messagesTo: (address) => stored.filter((message) => recipientOf(message, address)),
    // Generous: a loaded machine may take a while to send, and a test's own time-out comes later.
    waitForMessage(match, { timeoutMs = 120_000 } = {}) {
      const found = stored.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (message: CaughtMessage) => {
            clearTimeout(timer);
            resolve(message);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No matching e-mail arrived within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    connections: () => connections,
    clear: () => {
      stored.length = 0;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
