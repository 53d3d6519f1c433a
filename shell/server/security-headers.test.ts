/**
 * @jest-environment node
 */
// The shell's page runs under a Content-Security-Policy that lets the app and its remotes run and
// nothing else; the server sends the other security headers on every answer.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { http, HttpResponse } from 'msw';
import { apiServer } from '@verity/shared-ui/src/testing';
import { buildShellServer } from './shell-app';

// The remotes of these pages are not running: their preload plans are not found (shell/server/page.ts).
beforeEach(() =>
  apiServer.use(http.get('*/preload.json', () => new HttpResponse(null, { status: 404 }))),
);

let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'verity-shell-dist-'));
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
});
afterAll(async () => {
  await rm(distDir, { recursive: true, force: true });
});

function shellWith(env: NodeJS.ProcessEnv) {
  return buildShellServer({
    SHELL_DIST_DIR: distDir,
    API_URL: 'http://127.0.0.1:9',
    REMOTE_CLIENT_URL: 'https://client.cdn.example',
    REMOTE_AUDITOR_URL: 'https://auditor.cdn.example/area/',
    REMOTE_TARGET_COMPANY_URL: 'http://localhost:8083',
    ...env,
  }).app;
}

const remotes = 'https://client.cdn.example https://auditor.cdn.example http://localhost:8083';

function policyOf(header: unknown): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => {
        const [name, ...values] = directive.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

describe('the shell server', () => {
  it('serves the app with a policy that admits the remotes and nothing else', async () => {
    const app = shellWith({ PUBLIC_URL: 'http://verity.intranet.example' });
    const response = await app.inject({ method: 'GET', url: '/client/dashboard' });
    expect(response.statusCode).toBe(200);
    expect(policyOf(response.headers['content-security-policy'])).toEqual({
      'default-src': "'self'",
      'script-src': `'self' ${remotes}`,
      'style-src': "'self' 'unsafe-inline'",
      'img-src': `'self' data: blob: ${remotes}`,
      'font-src': `'self' ${remotes}`,
      'connect-src': `'self' ${remotes}`,
      'frame-ancestors': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'object-src': "'none'",
    });
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    await app.close();
  });

  it("on this machine also admits local origins, where a developer's override loads one area from", async () => {
    const app = shellWith({ PUBLIC_URL: 'http://localhost:8080' });
    const response = await app.inject({ method: 'GET', url: '/login' });
    const local = 'http://localhost:* http://127.0.0.1:*';
    expect(policyOf(response.headers['content-security-policy'])).toMatchObject({
      'script-src': `'self' ${remotes} ${local}`,
      'connect-src': `'self' ${remotes} ${local}`,
      'frame-ancestors': "'none'",
    });
    await app.close();
  });

  it('sends HSTS when the product is served over https', async () => {
    const app = shellWith({ PUBLIC_URL: 'https://verity.example.com' });
    const response = await app.inject({ method: 'GET', url: '/remotes.json' });
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    await app.close();
  });
});
