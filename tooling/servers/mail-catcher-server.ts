// The local mail catcher `npm start` runs: an SMTP server that delivers nothing, and a web inbox
// showing every e-mail Verity sent (verification, password reset, invitations, reminders).
import Fastify from 'fastify';
import { loadConfig } from '../config/index.cjs';
import { startMailCatcher, type CaughtMessage, type MailCatcher } from '../mail/mail-catcher';
import { runServer } from './run-server';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const STYLE = `body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#1f2a27;background:#f1f5f4}
header{background:#0f766e;color:#fff;padding:.75rem 1.5rem}header h1{margin:0;font-size:1.1rem}
main{max-width:60rem;margin:1rem auto;padding:0 1rem}table{width:100%;border-collapse:collapse;background:#fff}
th,td{text-align:left;padding:.5rem .75rem;border-bottom:1px solid #dde5e3;overflow-wrap:anywhere}
a{color:#0f766e}iframe{width:100%;min-height:28rem;border:1px solid #dde5e3;background:#fff}
pre{white-space:pre-wrap;background:#fff;padding:1rem;border:1px solid #dde5e3}
form{display:inline}button{font:inherit;padding:.3rem .8rem}`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Verity mail</title>
<style>${STYLE}</style></head><body><header><h1>Verity mail catcher</h1></header><main>${body}</main></body></html>`;
}

function inboxPage(messages: CaughtMessage[]): string {
  const rows = messages
    .slice()
    .reverse()
    .map(
      (message) =>
        `<tr><td>${escapeHtml(new Date(message.receivedAt).toLocaleString('en-GB'))}</td>` +
        `<td>${escapeHtml(message.to.join(', '))}</td>` +
        `<td><a href="/messages/${message.id}">${escapeHtml(message.subject || '(no subject)')}</a></td></tr>`,
    )
    .join('');
  return page(
    'Inbox',
    `<p>${messages.length} e-mail${messages.length === 1 ? '' : 's'} caught. Nothing here leaves this machine.
<form method="post" action="/clear"><button type="submit">Empty the inbox</button></form></p>
<table><thead><tr><th scope="col">Received</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead>
<tbody>${rows || '<tr><td colspan="3">No e-mails yet.</td></tr>'}</tbody></table>`,
  );
}

function messagePage(message: CaughtMessage): string {
  return page(
    message.subject,
    `<p><a href="/">Back to the inbox</a></p><h2>${escapeHtml(message.subject)}</h2>
<p>From ${escapeHtml(message.from)} to ${escapeHtml(message.to.join(', '))}</p>
${message.html ? `<iframe title="HTML body" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(message.html)}"></iframe>` : ''}
<h3>Plain text</h3><pre>${escapeHtml(message.text)}</pre>`,
  );
}

export function buildInbox(catcher: MailCatcher) {
  const app = Fastify({ logger: false });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-content-type-options', 'nosniff');
  });
  app.get('/', async (_request, reply) =>
    reply.type('text/html').send(inboxPage(catcher.messages())),
  );
  app.get<{ Params: { id: string } }>('/messages/:id', async (request, reply) => {
    const message = catcher.messages().find((candidate) => candidate.id === request.params.id);
    if (!message)
      return reply.code(404).type('text/html').send(page('Not found', '<p>No such e-mail.</p>'));
    return reply.type('text/html').send(messagePage(message));
  });
  app.get('/api/messages', async () => ({ messages: catcher.messages() }));
  app.post('/clear', async (_request, reply) => {
    catcher.clear();
    return reply.redirect('/');
  });
  app.get('/healthz', async () => ({ status: 'ok' }));
  return app;
}

async function main() {
  const config = loadConfig(process.env);
  // Loopback unless told otherwise (a container beside the servers that send to it).
  const host = process.env.MAIL_CATCHER_HOST || '127.0.0.1';
  const catcher = await startMailCatcher({ smtpPort: config.mailCatcher.smtpPort, host });
  const app = buildInbox(catcher);
  await app.listen({ port: config.mailCatcher.port, host });
  console.log(`mail catcher: SMTP on ${catcher.smtpUrl}, inbox on ${config.mailCatcher.url}`);
  return { stop: () => Promise.all([app.close(), catcher.stop()]) };
}

if (require.main === module) runServer(main);
