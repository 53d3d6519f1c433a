import { Browser } from './support/browser';
import { openSignIn } from './support/account-pages';
import { beginAuthorization } from './support/oidc-flow';
import { startIdentity, testApiKey, testClient } from './support/start-identity';
import type { RunningIdentity } from './support/start-identity';

let identity: RunningIdentity;

beforeAll(async () => {
  identity = await startIdentity({ IDENTITY_SEED_DEMO: '1' });
});

afterAll(async () => {
  await identity?.stop();
});

const MESSAGE =
  'The request contains characters that cannot be used, such as a null character. Remove them and try again.';
const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';
const bearer = { Authorization: `Bearer ${testApiKey}` };
const basic = {
  Authorization: `Basic ${Buffer.from(`${testClient.clientId}:${testClient.clientSecret}`).toString('base64')}`,
};

type Answer = 'page' | 'accounts-json' | 'protocol-json';
interface Probe {
  name: string;
  answer: Answer;
  send(browser: Browser, interactionPage: string): Promise<Response>;
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

const probes: Probe[] = [
  ...(['email', 'password'] as const).map((field): Probe => ({
    name: `sign-in form ${field}`,
    answer: 'page',
    send: (browser, page) =>
      browser.request(
        `${page}/sign-in`,
        form({ email: 'client.owner@verity.test', password: 'verity-demo', [field]: `a${NUL}b` }),
      ),
  })),
  ...(['name', 'email', 'password'] as const).map((field): Probe => ({
    name: `sign-up form ${field}`,
    answer: 'page',
    send: (browser, page) =>
      browser.request(
        `${page}/sign-up`,
        form({
          name: 'Nul Person',
          email: 'nul@example.com',
          password: 'correct horse battery',
          [field]: `a${NUL}b`,
        }),
      ),
  })),
  {
    name: 'an extra sign-up field',
    answer: 'page',
    send: (browser, page) =>
      browser.request(
        `${page}/sign-up`,
        form({
          name: 'Nul',
          email: 'nul@example.com',
          password: 'correct horse battery',
          [`x${NUL}`]: '1',
        }),
      ),
  },
  {
    name: 'forgot-password form',
    answer: 'page',
    send: () => fetch(`${identity.url}/forgot-password`, form({ email: `nul${NUL}@example.com` })),
  },
  {
    name: 'resend-verification form',
    answer: 'page',
    send: () =>
      fetch(`${identity.url}/resend-verification`, form({ email: `nul${NUL}@example.com` })),
  },
  ...(['token', 'password', 'confirmation'] as const).map((field): Probe => ({
    name: `reset-password form ${field}`,
    answer: 'page',
    send: () =>
      fetch(
        `${identity.url}/reset-password`,
        form({
          token: 'y'.repeat(43),
          password: 'a new passphrase',
          confirmation: 'a new passphrase',
          [field]: `a${NUL}`,
        }),
      ),
  })),
  {
    name: 'verify-email query',
    answer: 'page',
    send: () => fetch(`${identity.url}/verify-email?token=${encodeURIComponent(`ab${NUL}`)}`),
  },
  {
    name: 'reset-password query',
    answer: 'page',
    send: () => fetch(`${identity.url}/reset-password?token=${encodeURIComponent(NUL)}`),
  },
  {
    name: 'interaction page query',
    answer: 'page',
    send: (browser, page) => browser.get(`${page}?next=%00`),
  },
  {
    name: 'interaction path',
    answer: 'page',
    send: (browser) => browser.get(`${identity.url}/interaction/%00`),
  },
  {
    name: 'authorization request login_hint',
    answer: 'page',
    send: (browser) =>
      beginAuthorization(browser, identity.url, { prompt: 'login', login_hint: `a${NUL}b` }).then(
        (pending) => pending.response,
      ),
  },
  {
    name: 'authorization request state',
    answer: 'page',
    send: (browser) =>
      beginAuthorization(browser, identity.url, { prompt: 'login', state: NUL }).then(
        (pending) => pending.response,
      ),
  },
  {
    name: 'end-session query',
    answer: 'page',
    send: () => fetch(`${identity.url}/session/end?state=%00`),
  },
  {
    name: 'user lookup query',
    answer: 'accounts-json',
    send: () =>
      fetch(`${identity.url}/user?email=${encodeURIComponent(`a${NUL}@b.c`)}`, { headers: bearer }),
  },
  ...(['name', 'email', 'password'] as const).flatMap((field) =>
    [NUL, LONE_SURROGATE].map((bad): Probe => ({
      name: `POST /accounts ${field} with ${bad === NUL ? 'NUL' : 'a lone surrogate'}`,
      answer: 'accounts-json',
      send: () =>
        fetch(`${identity.url}/accounts`, {
          method: 'POST',
          headers: { ...bearer, 'Content-Type': 'application/json' },
          // JSON.stringify writes a lone surrogate as its \ud800 escape, as an attacker would.
          body: JSON.stringify({
            name: 'Json Person',
            email: 'json@example.com',
            password: 'correct horse battery',
            [field]: `a${bad}b`,
          }),
        }),
    })),
  ),
  {
    name: 'token request query',
    answer: 'protocol-json',
    send: () => fetch(`${identity.url}/token?x=%00`, { method: 'POST', headers: basic }),
  },
];

it.each(probes.map((probe) => [probe.name, probe] as const))(
  '%s: answers 400 with a clear message and stores nothing',
  async (_name, probe) => {
    const browser = new Browser();
    const page = await openSignIn(browser, identity);
    const response = await probe.send(browser, page);
    expect(response.status).toBe(400);
    const body = await response.text();
    if (probe.answer === 'page') {
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(body).toContain(`role="alert">${MESSAGE}</div>`);
    } else if (probe.answer === 'accounts-json') {
      expect(JSON.parse(body)).toEqual({ success: false, message: MESSAGE });
    } else {
      expect(JSON.parse(body)).toEqual({ error: 'invalid_request', error_description: MESSAGE });
    }
  },
);

it('answers a code or token holding a NUL as unknown (400), never as a server error', async () => {
  const code = await fetch(`${identity.url}/token`, {
    method: 'POST',
    headers: { ...basic, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: `abc${NUL}def`,
      redirect_uri: testClient.redirectUri,
      code_verifier: 'v'.repeat(43),
    }).toString(),
  });
  expect(code.status).toBe(400);
  expect(await code.json()).toMatchObject({ error: 'invalid_grant' });

  const userinfo = await fetch(`${identity.url}/me?access_token=${encodeURIComponent(NUL)}`);
  expect(userinfo.status).toBe(400);
});

it('created no account from any refused request', async () => {
  for (const email of ['nul@example.com', 'json@example.com']) {
    const response = await fetch(`${identity.url}/user?email=${email}`, { headers: bearer });
    expect(response.status).toBe(404);
  }
  expect(identity.mail.messages()).toEqual([]);
});
