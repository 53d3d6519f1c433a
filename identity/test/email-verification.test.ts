import { Browser } from './support/browser';
import { linkIn, mailTo, mainOf, postForm, signUp } from './support/account-pages';
import { startIdentity, testApiKey } from './support/start-identity';
import type { RunningIdentity } from './support/start-identity';

let identity: RunningIdentity;

beforeAll(async () => {
  identity = await startIdentity({ IDENTITY_SEED_DEMO: '1' });
});

afterAll(async () => {
  await identity?.stop();
});

async function emailVerified(email: string): Promise<boolean> {
  const response = await fetch(`${identity.url}/user?email=${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${testApiKey}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { user: { email_verified: boolean } }).user.email_verified;
}

const CONFIRM = 'Confirm your email address for Verity';

it('e-mails a confirmation link in plain text and HTML, from MAIL_FROM, that confirms the address once', async () => {
  await signUp(new Browser(), identity, {
    name: 'Vera Verify',
    email: 'vera@example.com',
    password: 'correct horse battery',
  });
  const mail = await mailTo(identity, 'vera@example.com', CONFIRM);
  expect(mail.envelope.from).toBe('no-reply@verity.test');
  expect(mail.text).toContain('Hello Vera Verify,');
  expect(mail.text).toContain('The link works once, for 24 hours.');
  const link = linkIn(mail, '/verify-email');
  expect(new URL(link).searchParams.get('token')).toMatch(/^[\w-]{43}$/);
  // A new window: mail readers (the local catcher's too) show the HTML in a frame identity refuses.
  expect(mail.html).toContain(`<a href="${link}" target="_blank" rel="noopener"`);
  expect(mail.html).toContain('Confirm my email address</a>');
  expect(await emailVerified('vera@example.com')).toBe(false);

  const first = await fetch(link);
  expect(first.status).toBe(200);
  expect(first.headers.get('referrer-policy')).toBe('no-referrer');
  expect(mainOf(await first.text())).toContain(
    'role="status">Your email address is confirmed. You can now sign in to Verity.</div>',
  );
  expect(await emailVerified('vera@example.com')).toBe(true);

  const second = await fetch(link);
  expect(second.status).toBe(200);
  expect(mainOf(await second.text())).toContain(
    'role="status">Your email address is already confirmed. You can sign in to Verity.</div>',
  );
});

it('refuses a link that is not one it sent, and offers a new one', async () => {
  for (const token of ['', 'x'.repeat(43), 'not a token', 'A'.repeat(500)]) {
    const response = await fetch(`${identity.url}/verify-email?token=${encodeURIComponent(token)}`);
    expect(response.status).toBe(400);
    const main = mainOf(await response.text());
    expect(main).toContain(
      'role="alert">This confirmation link has expired or is not valid. Ask for a new one.</div>',
    );
    expect(main).toContain('<a href="/resend-verification">Send a new confirmation link</a>');
  }
});

it('sends a new confirmation link on request, each link usable once, and answers every address alike', async () => {
  await signUp(new Browser(), identity, {
    name: 'Rene Resend',
    email: 'rene@example.com',
    password: 'correct horse battery',
  });
  const first = await mailTo(identity, 'rene@example.com', CONFIRM);

  const form = await fetch(`${identity.url}/resend-verification`);
  expect(form.status).toBe(200);
  expect(await form.text()).toContain('<button type="submit">Send link</button>');

  const ask = async (email: string) => {
    const response = await postForm(`${identity.url}/resend-verification`, { email });
    return { status: response.status, main: mainOf(await response.text()) };
  };
  const unconfirmed = await ask('Rene@Example.com');
  const confirmedAlready = await ask('client.owner@verity.test');
  const unknown = await ask('nobody.here@example.com');
  for (const [answer, email] of [
    [unconfirmed, 'rene@example.com'],
    [confirmedAlready, 'client.owner@verity.test'],
    [unknown, 'nobody.here@example.com'],
  ] as const) {
    expect(answer.status).toBe(200);
    expect(answer.main.replaceAll(email, 'EMAIL')).toBe(
      unconfirmed.main.replaceAll('rene@example.com', 'EMAIL'),
    );
  }
  expect(unconfirmed.main).toContain(
    'If rene@example.com belongs to a Verity account that is not confirmed yet, we have sent a new confirmation link to it.',
  );

  const second = await mailTo(identity, 'rene@example.com', CONFIRM, [first]);
  expect(linkIn(second, '/verify-email')).not.toBe(linkIn(first, '/verify-email'));
  expect((await fetch(linkIn(second, '/verify-email'))).status).toBe(200);
  expect(await emailVerified('rene@example.com')).toBe(true);
  // Confirming through one link used up the others.
  const older = await fetch(linkIn(first, '/verify-email'));
  expect(mainOf(await older.text())).toContain('Your email address is already confirmed.');

  expect(identity.mail.messagesTo('nobody.here@example.com')).toEqual([]);
  expect(
    identity.mail
      .messagesTo('client.owner@verity.test')
      .filter((message) => message.subject === CONFIRM),
  ).toEqual([]);
});

it('explains an invalid address on the resend form and keeps what was typed', async () => {
  const response = await postForm(`${identity.url}/resend-verification`, { email: 'not-an-email' });
  expect(response.status).toBe(400);
  const main = mainOf(await response.text());
  expect(main).toContain('role="alert">Enter a valid email address.</div>');
  expect(main).toContain('value="not-an-email"');
});

it('offers to send the e-mail again from the check-your-inbox page', async () => {
  const { body } = await signUp(new Browser(), identity, {
    name: 'Ola Offer',
    email: 'ola@example.com',
    password: 'correct horse battery',
  });
  const main = mainOf(body);
  expect(main).toContain('<form method="post" action="/resend-verification">');
  expect(main).toContain('<input type="hidden" name="email" value="ola@example.com">');
  expect(main).toContain('<a href="/interaction/UID">Back to sign in</a>');
});

it('caps the e-mails one mailbox receives per hour, answering the same beyond it', async () => {
  const capped = await startIdentity({ IDENTITY_MAIL_LIMIT_PER_MAILBOX: '2' });
  try {
    await signUp(new Browser(), capped, {
      name: 'Ina Inbox',
      email: 'ina@example.com',
      password: 'correct horse battery',
    });
    const first = await mailTo(capped, 'ina@example.com', CONFIRM);
    for (let request = 0; request < 3; request += 1) {
      const response = await postForm(`${capped.url}/resend-verification`, {
        email: 'ina@example.com',
      });
      expect(response.status).toBe(200);
    }
    await mailTo(capped, 'ina@example.com', CONFIRM, [first]);
    // A later mail to another mailbox arrives, so the capped requests have been dealt with by then.
    await signUp(new Browser(), capped, {
      name: 'Other Person',
      email: 'other@example.com',
      password: 'correct horse battery',
    });
    await mailTo(capped, 'other@example.com', CONFIRM);
    expect(capped.mail.messagesTo('ina@example.com')).toHaveLength(2);
  } finally {
    await capped.stop();
  }
});
