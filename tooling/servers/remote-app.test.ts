// A remote's files: loadable by the shell on another origin, inert when opened on their own.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { buildRemoteServer } from './remote-app';

describe('a remote server', () => {
  it('sends nosniff and a policy that allows nothing, and lets other origins load its files', async () => {
    const { app } = buildRemoteServer('client', { REMOTE_CLIENT_URL: 'http://localhost:8081' });
    const response = await app.inject({
      method: 'GET',
      url: '/remoteEntry.js',
      headers: { origin: 'http://localhost:8080' },
    });
    expect(response.headers).toMatchObject({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'cross-origin',
      'access-control-allow-origin': 'http://localhost:8080',
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    await app.close();
  });

  it('serves another build of the remote from REMOTE_DIST_DIR', async () => {
    const build = await mkdtemp(path.join(os.tmpdir(), 'verity-remote-build-'));
    try {
      await writeFile(path.join(build, 'remoteEntry.js'), 'var remote_client = "kept aside";');
      const { app } = buildRemoteServer('client', { REMOTE_DIST_DIR: build });
      const response = await app.inject({ method: 'GET', url: '/remoteEntry.js' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('var remote_client = "kept aside";');
      expect(response.headers['cache-control']).toBe('no-cache');
      await app.close();
    } finally {
      await rm(build, { recursive: true, force: true });
    }
  });

  it("sends the build's brotli or gzip copy as the browser accepts, and the plain file to one that takes neither", async () => {
    const build = await mkdtemp(path.join(os.tmpdir(), 'verity-remote-build-'));
    const chunk = 'export const heading = "Dashboard";\n'.repeat(200);
    try {
      await writeFile(path.join(build, 'screens.0123abcd4567.js'), chunk);
      await writeFile(path.join(build, 'screens.0123abcd4567.js.br'), brotliCompressSync(chunk));
      await writeFile(path.join(build, 'screens.0123abcd4567.js.gz'), gzipSync(chunk));
      const { app } = buildRemoteServer('client', { REMOTE_DIST_DIR: build });
      const get = (acceptEncoding?: string) =>
        app.inject({
          method: 'GET',
          url: '/screens.0123abcd4567.js',
          headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
        });

      const brotli = await get('gzip, deflate, br, zstd');
      expect(brotli.headers).toMatchObject({
        'content-encoding': 'br',
        'content-type': expect.stringContaining('javascript'),
        'cache-control': 'public, max-age=31536000, immutable',
        vary: expect.stringContaining('accept-encoding'),
      });
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(chunk);
      expect(brotli.rawPayload.length).toBeLessThan(chunk.length / 10);

      const gzip = await get('gzip, deflate');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(chunk);

      const plain = await get();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(chunk);
      await app.close();
    } finally {
      await rm(build, { recursive: true, force: true });
    }
  });
});
