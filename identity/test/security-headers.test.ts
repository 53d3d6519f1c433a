import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import Koa from 'koa';
import { securityHeaders } from '../src/security-headers';
import { Browser } from './support/browser';
import { beginAuthorization, interactionUrl } from './support/oidc-flow';
import { startIdentity, type RunningIdentity } from './support/start-identity';

// One server at the defaults (headers, and the loopback interface it listens on).
let identity: RunningIdentity;

beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity?.stop();
});

describe('the identity server', () => {
  it('sends nosniff, no referrer and no framing on every answer, pages, errors and APIs alike', async () => {
    const browser = new Browser();
    const page = interactionUrl(await beginAuthorization(browser, identity.url), identity.url);
    const answers = {
      signInPage: await browser.get(page),
      discovery: await fetch(`${identity.url}/.well-known/openid-configuration`),
      health: await fetch(`${identity.url}/healthz`),
      accountsApi: await fetch(`${identity.url}/user?email=someone@verity.test`),
      notFound: await fetch(`${identity.url}/no-such-page`),
      // oidc-provider's own pages: its error page and the sign-out confirmation.
      providerError: await fetch(`${identity.url}/auth?client_id=unknown`),
      sessionEnd: await fetch(`${identity.url}/session/end`),
      // The interaction pages' own error page (no such interaction).
      interactionError: await fetch(`${identity.url}/interaction/no-such-interaction`),
    };
    expect(Object.values(answers).map((answer) => answer.status)).toEqual([
      200, 200, 200, 401, 404, 400, 200, 400,
    ]);
    expect(await answers.providerError.text()).toContain('<main');
    expect(await answers.sessionEnd.text()).toContain('/session/end/confirm');
    const headersOf = (answer: Response) => {
      const csp = answer.headers.get('content-security-policy') ?? '';
      return {
        nosniff: answer.headers.get('x-content-type-options'),
        referrer: answer.headers.get('referrer-policy'),
        frameOptions: answer.headers.get('x-frame-options'),
        frameAncestors: /(^|;)\s*frame-ancestors 'none'\s*(;|$)/.test(csp),
        // Served over http: no HSTS.
        hsts: answer.headers.get('strict-transport-security'),
      };
    };
    const expected = {
      nosniff: 'nosniff',
      referrer: 'no-referrer',
      frameOptions: 'DENY',
      frameAncestors: true,
      hsts: null,
    };
    expect(Object.entries(answers).map(([name, answer]) => [name, headersOf(answer)])).toEqual(
      Object.keys(answers).map((name) => [name, expected]),
    );
  });
});

/** This machine's addresses on its other interfaces (not loopback), where the outside reaches it. */
const outsideAddresses = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .filter((address) => address && !address.internal && !address.address.startsWith('fe80:'))
    .map((address) => address!.address);

/** Whether a TCP connection to that address and port is taken. */
const connects = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('where identity listens', () => {
  it('is the loopback interface by default, and where IDENTITY_HOST says otherwise', async () => {
    const outside = outsideAddresses();
    // A machine with no other interface cannot show the difference (every test machine has one).
    expect(outside.length).toBeGreaterThan(0);
    const loopbackOnly = identity;
    const everywhere = await startIdentity({ IDENTITY_HOST: '0.0.0.0' });
    try {
      const portOf = (url: string) => Number(new URL(url).port);
      const reached = async (identityUrl: string) =>
        Promise.all(outside.map((host) => connects(host, portOf(identityUrl))));
      expect(await connects('127.0.0.1', portOf(loopbackOnly.url))).toBe(true);
      expect(await reached(loopbackOnly.url)).toEqual(outside.map(() => false));
      const ipv4 = outside.map((host) => net.isIPv4(host));
      expect(await reached(everywhere.url)).toEqual(ipv4);
    } finally {
      await everywhere.stop();
    }
  });
});

describe('security headers over https', () => {
  async function answerOf(fail: boolean) {
    const app = new Koa();
    app.use(securityHeaders({ https: true }));
    app.use((ctx) => {
      if (fail) ctx.throw(500, 'broken');
      ctx.body = 'ok';
    });
    app.silent = true;
    const server = http.createServer(app.callback()).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      return await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    } finally {
      server.close();
    }
  }

  it.each([
    ['an answer', false],
    ['an error Koa answers itself', true],
  ])('adds HSTS to %s', async (_name, fail) => {
    const response = await answerOf(fail);
    expect(response.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
