// A remote's files: loadable by the shell on another origin, inert when opened on their own.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildRemoteServer } from './remote-server';

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
});
