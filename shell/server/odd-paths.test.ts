/**
 * @jest-environment node
 */
// Paths a browser or a crawler may send that are not the app's: a path that starts with two
// slashes (or a slash and a backslash) names another host when it is written in a link or a
// Location header. The shell answers them with a redirect to the same path on this origin, never a
// 500, and never a Location that leaves it.
import { connect } from 'node:net';
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
let app: ReturnType<typeof buildShellServer>['app'];
let port: number;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'verity-shell-paths-'));
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  app = buildShellServer({ SHELL_DIST_DIR: distDir, API_URL: 'http://127.0.0.1:9' }).app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});

/**
 * The request line sent as written, on a socket of its own (inject and fetch tidy a path first:
 * '/\\host' would reach the server as '/'), and the status and Location of the answer.
 */
function send(method: string, target: string): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
    );
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.once('error', reject);
    socket.once('end', () => {
      const head = answer.slice(0, answer.indexOf('\r\n\r\n')).split('\r\n');
      const location = head.find((line) => /^location:/i.test(line));
      resolve({
        status: Number(head[0]?.split(' ')[1]),
        ...(location ? { location: location.slice(location.indexOf(':') + 1).trim() } : {}),
      });
    });
  });
}
afterAll(async () => {
  await app?.close();
  await rm(distDir, { recursive: true, force: true });
});

describe("the shell's answer to a path that starts with more than one slash", () => {
  it.each([
    ['//', '/'],
    ['///x', '/x'],
    ['//evil.example/', '/evil.example/'],
    ['//evil.example/client/dashboard?tab=open', '/evil.example/client/dashboard?tab=open'],
    ['/\\evil.example', '/evil.example'],
    ['/\\/\\evil.example/', '/evil.example/'],
    ['//api/v1/auth/me', '/api/v1/auth/me'],
  ])('GET %s is sent to %s on this origin', async (url, location) => {
    expect(await send('GET', url)).toEqual({ status: 301, location });
  });

  it('refuses any other method with the 404 of the API', async () => {
    expect(await send('POST', '//evil.example/')).toEqual({ status: 404 });
    const response = await app.inject({ method: 'POST', url: '//evil.example/' });
    expect(response.json()).toEqual({ success: false, message: 'Not found', code: 'NOT_FOUND' });
  });

  it('still serves the page of an ordinary path, and of one with a slash doubled further on', async () => {
    for (const url of ['/', '/client/dashboard', '/client//dashboard']) {
      expect({ url, ...(await send('GET', url)) }).toEqual({ url, status: 200 });
      const response = await app.inject({ method: 'GET', url });
      expect(response.body).toContain('<div id="root">');
    }
  });
});
