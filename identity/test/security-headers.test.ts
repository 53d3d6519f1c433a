import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { securityHeaders } from '../src/security-headers';
import { Browser } from './support/browser';
import { beginAuthorization, interactionUrl } from './support/oidc-flow';
import { startIdentity, type RunningIdentity } from './support/start-identity';

describe('the identity server', () => {
  let identity: RunningIdentity;

  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(async () => {
    await identity?.stop();
  });

  it('sends nosniff and no referrer on every answer, pages, errors and APIs alike', async () => {
    const browser = new Browser();
    const page = interactionUrl(await beginAuthorization(browser, identity.url), identity.url);
    const answers = [
      await browser.get(page),
      await fetch(`${identity.url}/.well-known/openid-configuration`),
      await fetch(`${identity.url}/healthz`),
      await fetch(`${identity.url}/user?email=someone@verity.test`),
      await fetch(`${identity.url}/no-such-page`),
      await fetch(`${identity.url}/auth?client_id=unknown`),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 401, 404, 400]);
    for (const answer of answers) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      // Served over http: no HSTS.
      expect(answer.headers.get('strict-transport-security')).toBeNull();
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
