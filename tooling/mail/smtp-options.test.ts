import nodemailer from 'nodemailer';
import { startMailCatcher } from './mail-catcher';
import { smtpTransportOptions } from './smtp-options';

describe('smtpTransportOptions', () => {
  it('takes host, port, TLS and credentials from the URL and keeps the options nodemailer drops for a URL', () => {
    expect(
      smtpTransportOptions('smtps://mailer%40verity.test:p%3Ass@smtp.example.org:2465', {
        pool: true,
        socketTimeout: 20_000,
      }),
    ).toEqual({
      host: 'smtp.example.org',
      port: 2465,
      secure: true,
      auth: { user: 'mailer@verity.test', pass: 'p:ss' },
      pool: true,
      socketTimeout: 20_000,
    });
    expect(smtpTransportOptions('smtp://[::1]:25?ignoreTLS=true&name=verity', {})).toEqual({
      host: '::1',
      port: 25,
      secure: false,
      ignoreTLS: true,
      name: 'verity',
    });
  });

  it('refuses a URL that is not SMTP', () => {
    expect(() => smtpTransportOptions('http://mail.example.org', {})).toThrow(
      'SMTP_URL must be an smtp:// or smtps:// URL, got "http:"',
    );
  });

  it('gives a pooled transport that sends several messages over one connection', async () => {
    const mail = await startMailCatcher();
    const transport = nodemailer.createTransport(
      smtpTransportOptions(mail.smtpUrl, { pool: true }),
    );
    try {
      for (const subject of ['First', 'Second', 'Third'])
        await transport.sendMail({
          from: 'a@verity.test',
          to: 'b@verity.test',
          subject,
          text: subject,
        });
      expect(mail.messages().map((message) => message.subject)).toEqual([
        'First',
        'Second',
        'Third',
      ]);
      expect(mail.connections()).toBe(1);
    } finally {
      transport.close();
      await mail.stop();
    }
  });
});
