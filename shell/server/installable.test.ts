/**
 * @jest-environment node
 */
// A phone or tablet can add Verity to its home screen: the page names the web app manifest, and the
// manifest and every icon it names are served, each icon the size it says.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { http, HttpResponse } from 'msw';
import { apiServer } from '@verity/shared-ui/src/testing';
import { buildShellServer } from './shell-app';

beforeEach(() =>
  apiServer.use(http.get('*/preload.json', () => new HttpResponse(null, { status: 404 }))),
);

let distDir: string;
beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'verity-shell-dist-'));
  // The built page is the template with the scripts added: its head is the template's.
  await writeFile(
    path.join(distDir, 'index.html'),
    await readFile(path.join(__dirname, '../public/index.html'), 'utf8'),
  );
});
afterAll(() => rm(distDir, { recursive: true, force: true }));

const shell = () =>
  buildShellServer({ SHELL_DIST_DIR: distDir, API_URL: 'http://127.0.0.1:9' }).app;

/** A PNG's width and height, from its header. */
const pngSize = (bytes: Buffer) => `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;

interface Manifest {
  name: string;
  start_url: string;
  scope: string;
  display: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

it('names a manifest that opens Verity standalone at its start, with icons of the sizes it says', async () => {
  const app = shell();
  const page = await app.inject({ method: 'GET', url: '/login' });
  expect(page.body).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
  expect(page.body).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');

  const answer = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = answer.json<Manifest>();
  // The landing route sends a signed-in user on to their area, anyone else to /login.
  expect(manifest).toMatchObject({
    name: 'Verity',
    start_url: '/',
    scope: '/',
    display: 'standalone',
  });
  // Chromium installs an app with a 192 and a 512 pixel icon; Android masks the maskable one.
  expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );

  const icons = [...manifest.icons.map(({ src, sizes, type }) => ({ src, sizes, type }))];
  icons.push({ src: '/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' });
  for (const icon of icons) {
    const file = await app.inject({ method: 'GET', url: icon.src });
    expect([icon.src, file.statusCode, file.headers['content-type']]).toEqual([
      icon.src,
      200,
      icon.type,
    ]);
    if (icon.type === 'image/png')
      expect([icon.src, pngSize(file.rawPayload)]).toEqual([icon.src, icon.sizes]);
  }
  await app.close();
});

it('serves the service worker from the root, checked at every start (decision 0101)', async () => {
  await writeFile(path.join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  const answer = await shell().inject({ method: 'GET', url: '/sw.js' });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^application\/javascript|^text\/javascript/);
  // A new worker (and with it new caching rules) is found at the next start, never a day later.
  expect(answer.headers['cache-control']).toBe('no-cache');
});
