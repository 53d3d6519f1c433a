// An SMTP server that misbehaves on cue, for the e-mail delivery tests: per message it takes it, refuses
// it with an SMTP error, or takes it whole and then drops the connection before answering (the sender
// cannot know whether it was taken). Plain SMTP over a socket: the mail catcher always answers.
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/** What the server does with a message to `to` (its `attempt`th, counting from 1). */
export type SmtpVerdict = 'take' | 'refuse' | 'drop';

export interface TakenMessage {
  to: string;
  messageId: string;
  /** false: it was received whole but the sender never heard so (the connection was dropped). */
  answered: boolean;
}

export interface ScriptedSmtp {
  smtpUrl: string;
  /** Every message received whole, answered or not, oldest first. */
  taken(): TakenMessage[];
  stop(): Promise<void>;
}

export async function startScriptedSmtp(
  verdict: (to: string, attempt: number) => SmtpVerdict,
): Promise<ScriptedSmtp> {
  const taken: TakenMessage[] = [];
  const attempts = new Map<string, number>();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    let inData = false;
    let to = '';
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 scripted ESMTP');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          const attempt = (attempts.get(to) ?? 0) + 1;
          attempts.set(to, attempt);
          const decided = verdict(to, attempt);
          const messageId = /^message-id:\s*(\S+)/im.exec(data)?.[1] ?? '';
          if (decided === 'refuse') {
            reply('451 4.3.0 Try again later');
            continue;
          }
          taken.push({ to, messageId, answered: decided === 'take' });
          if (decided === 'drop') {
            socket.destroy();
            return;
          }
          reply('250 2.0.0 Taken');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') reply('250 scripted');
        else if (command === 'MAIL' || command === 'RSET' || command === 'NOOP') reply('250 OK');
        else if (command === 'RCPT') {
          to = /<([^>]*)>/.exec(line)?.[1]?.toLowerCase() ?? '';
          reply('250 OK');
        } else if (command === 'DATA') {
          inData = true;
          reply('354 Go ahead');
        } else if (command === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('502 Not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    taken: () => [...taken],
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
