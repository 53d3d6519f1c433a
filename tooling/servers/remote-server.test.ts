// A remote's files: loadable by the shell on another origin, inert when opened on their own.
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
});
