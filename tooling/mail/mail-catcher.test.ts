import nodemailer from 'nodemailer';
import { buildInbox } from '../servers/mail-catcher-server';
import { startMailCatcher, type MailCatcher } from './mail-catcher';

let catcher: MailCatcher;

beforeEach(async () => {
  catcher = await startMailCatcher();
});
afterEach(() => catcher.stop());

function send(message: nodemailer.SendMailOptions) {
  return nodemailer.createTransport(catcher.smtpUrl).sendMail(message);
}

test('keeps what a real SMTP client sends, parsed: addresses, subject, text and HTML', async () => {
  await send({
    from: 'Verity <no-reply@verity.localhost>',
    to: 'Asha Rao <asha@company.test>',
    subject: 'Verify your e-mail address',
    text: 'Open https://verity.test/verify?token=abc',
    html: '<p>Open <a href="https://verity.test/verify?token=abc">this link</a></p>',
  });
  const [message] = catcher.messagesTo('ASHA@company.test');
  expect(message).toMatchObject({
    from: 'no-reply@verity.localhost',
    to: ['asha@company.test'],
    subject: 'Verify your e-mail address',
    envelope: { from: 'no-reply@verity.localhost', to: ['asha@company.test'] },
  });
  expect(message?.text.trim()).toBe('Open https://verity.test/verify?token=abc');
  expect(message?.html).toContain('href="https://verity.test/verify?token=abc"');
  expect(catcher.messagesTo('someone.else@company.test')).toEqual([]);
});

test('waitForMessage resolves when the matching e-mail arrives, and times out otherwise', async () => {
  const waiting = catcher.waitForMessage((message) => message.subject === 'Second');
  await send({ from: 'a@verity.test', to: 'b@verity.test', subject: 'First', text: '1' });
  await send({ from: 'a@verity.test', to: 'b@verity.test', subject: 'Second', text: '2' });
  await expect(waiting).resolves.toMatchObject({ subject: 'Second' });
  await expect(
    catcher.waitForMessage((message) => message.subject === 'Never', { timeoutMs: 50 }),
  ).rejects.toThrow('No matching e-mail arrived within 50 ms');
});

test('the web inbox lists e-mails newest first and shows one without running its HTML', async () => {
  await send({ from: 'a@verity.test', to: 'b@verity.test', subject: 'Older <one>', text: 'x' });
  await send({
    from: 'a@verity.test',
    to: 'b@verity.test',
    subject: 'Newer',
    text: 'plain',
    html: '<script>alert(1)</script><p>hi</p>',
  });
  const inbox = buildInbox(catcher);
  const list = await inbox.inject({ url: '/' });
  expect(list.body.indexOf('Newer')).toBeLessThan(list.body.indexOf('Older &lt;one&gt;'));
  expect(list.body).toContain('2 e-mails caught');
  const newer = catcher.messages().find((message) => message.subject === 'Newer')!;
  const shown = await inbox.inject({ url: `/messages/${newer.id}` });
  expect(shown.statusCode).toBe(200);
  // The HTML body sits escaped inside a sandboxed frame: it never runs in the inbox's page.
  expect(shown.body).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');
  expect(shown.body).not.toContain('<script>alert(1)</script>');
  expect((await inbox.inject({ url: '/messages/unknown' })).statusCode).toBe(404);
  await inbox.inject({ method: 'POST', url: '/clear' });
  expect(catcher.messages()).toEqual([]);
  await inbox.close();
});
