/**
 * @jest-environment node
 */
// The shell sends the build's compressed copies: brotli or gzip as the browser accepts, the page of
// every app route included, and the plain file to a client that takes neither.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { pageEncoding } from './page';
import { http, HttpResponse } from 'msw';
import { apiServer } from '@verity/shared-ui/src/testing';
import { buildShellServer } from './shell-app';

// The remotes of these pages are not running: their preload plans are not found (shell/server/page.ts).
beforeEach(() =>
  apiServer.use(http.get('*/preload.json', () => new HttpResponse(null, { status: 404 }))),
);

const page = `<!doctype html><html><head><title>Verity</title></head><body>${'<div id="root"></div>'.repeat(80)}</body></html>`;
const main = 'import("./login.0123abcd4567.js");\n'.repeat(300);
let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'verity-shell-dist-'));
  for (const [name, text] of [
    ['index.html', page],
    ['main.js', main],
  ] as const) {
    await writeFile(path.join(distDir, name), text);
    await writeFile(path.join(distDir, `${name}.br`), brotliCompressSync(text));
    await writeFile(path.join(distDir, `${name}.gz`), gzipSync(text));
  }
});
afterAll(async () => {
  await rm(distDir, { recursive: true, force: true });
});

const shell = () =>
  buildShellServer({ SHELL_DIST_DIR: distDir, API_URL: 'http://127.0.0.1:9' }).app;

describe("the shell's files", () => {
  it('go as brotli to a browser that offers it, as gzip to one that offers gzip only, plain otherwise', async () => {
    const app = shell();
    const get = (acceptEncoding?: string) =>
      app.inject({
        method: 'GET',
        url: '/main.js',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    const brotli = await get('gzip, deflate, br, zstd');
    expect(brotli.headers).toMatchObject({
      'content-encoding': 'br',
      'cache-control': 'no-cache',
      vary: expect.stringContaining('accept-encoding'),
    });
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(main);
    expect(brotli.rawPayload.length).toBeLessThan(main.length / 10);

    const gzip = await get('gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(main);

    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(main);
    await app.close();
  });

  it("send the page of an app route compressed, never cached, with the page's security headers", async () => {
    const app = shell();
    const response = await app.inject({
      method: 'GET',
      url: '/client/dashboard',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-encoding': 'gzip',
      'content-type': expect.stringContaining('text/html'),
      'cache-control': 'no-cache',
      'x-frame-options': 'DENY',
    });
    const sent = gunzipSync(response.rawPayload).toString();
    expect(sent.startsWith(page.slice(0, page.indexOf('</head>')))).toBe(true);
    expect(sent).toContain('<div id="root"></div>');
    await app.close();
  });
});

describe("the shell's page", () => {
  const remotesBlock = (html: string) =>
    JSON.parse(
      /<script type="application\/json" id="verity-remotes">(.*?)<\/script>/.exec(html)![1]!,
    );

  it('carries the remotes’ addresses and asks for the session early', async () => {
    const app = shell();
    const response = await app.inject({ method: 'GET', url: '/login' });
    expect(remotesBlock(response.body)).toEqual({
      remotes: [
        { name: 'remote_client', entry: 'http://localhost:8081/remoteEntry.js' },
        { name: 'remote_auditor', entry: 'http://localhost:8082/remoteEntry.js' },
        { name: 'remote_target_company', entry: 'http://localhost:8083/remoteEntry.js' },
      ],
    });
    // The session is asked for while the scripts load, with the cookies the API client sends.
    expect(response.body).toContain(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/v1/auth/me">',
    );
    expect(response.body).not.toContain('as="script"');
    await app.close();
  });

  it("preloads the area's entry under the area's path, and only that area's", async () => {
    const app = shell();
    const response = await app.inject({ method: 'GET', url: '/auditor/dashboard?tab=open' });
    const preloads = [
      ...response.body.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g),
    ];
    expect(preloads.map((match) => match[1])).toEqual(['http://localhost:8082/remoteEntry.js']);
    expect(response.body.indexOf('as="script"')).toBeLessThan(response.body.indexOf('</head>'));
    const elsewhere = await app.inject({ method: 'GET', url: '/auditorium' });
    expect(elsewhere.body).not.toContain('as="script"');
    await app.close();
  });
});

describe('the encoding of the page', () => {
  it('follows what the browser accepts, refusing what it gives a weight of 0', () => {
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncoding('gzip, deflate')).toBe('gzip');
    expect(pageEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pageEncoding('identity')).toBeUndefined();
    expect(pageEncoding(undefined)).toBeUndefined();
  });
});

describe("the API's answers through the shell's proxy", () => {
  it('ask the API with the browser’s Accept-Encoding and come back compressed as the API sent them', async () => {
    const json = JSON.stringify({ success: true, data: { gaps: 'x'.repeat(4000) } });
    const asked: (string | undefined)[] = [];
    const { createServer } = await import('node:http');
    const api = createServer((request, response) => {
      const accepted = request.headers['accept-encoding'];
      asked.push(accepted);
      response.setHeader('content-type', 'application/json; charset=utf-8');
      response.setHeader('vary', 'accept-encoding');
      if (accepted?.includes('br')) {
        response.setHeader('content-encoding', 'br');
        response.end(brotliCompressSync(json));
      } else response.end(json);
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const { port } = api.address() as { port: number };
    const app = buildShellServer({
      SHELL_DIST_DIR: distDir,
      API_URL: `http://127.0.0.1:${port}`,
    }).app;
    try {
      const br = await app.inject({
        method: 'GET',
        url: '/api/v1/portfolio/gaps?page=2',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.rawPayload.length).toBeLessThan(json.length / 10);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(json);
      const plain = await app.inject({ method: 'GET', url: '/api/v1/portfolio/gaps?page=2' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(json);
      expect(asked).toEqual(['gzip, deflate, br', undefined]);
    } finally {
      await app.close();
      await new Promise((resolve) => api.close(resolve));
    }
  });
});
