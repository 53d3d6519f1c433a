// The identity server refuses to start with a weak secret, or with the demo accounts (whose password
// is published) or cheap password hashes anywhere but the local machine: a loopback PUBLIC_URL.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startIdentity } from './support/start-identity';

const strong = 'k'.repeat(32);

describe('starting identity', () => {
  it.each([
    [{ IDENTITY_API_KEY: 'short-key' }, 'IDENTITY_API_KEY is too weak'],
    [{ IDENTITY_CLIENT_SECRET: 'a'.repeat(31) }, 'IDENTITY_CLIENT_SECRET is too weak'],
    [{ IDENTITY_COOKIE_KEYS: `${strong},old-key` }, 'IDENTITY_COOKIE_KEYS is too weak'],
    [
      {
        PUBLIC_URL: 'https://verity.example.com',
        IDENTITY_SEED_DEMO: '1',
        IDENTITY_FAST_PASSWORD_HASHING: '0',
        NODE_ENV: 'development',
      },
      'IDENTITY_SEED_DEMO=1 loads demo accounts whose password is published',
    ],
    [
      { PUBLIC_URL: 'https://verity.example.com', IDENTITY_FAST_PASSWORD_HASHING: '1' },
      'IDENTITY_FAST_PASSWORD_HASHING=1 stores passwords with a cheap hash',
    ],
  ])('refuses %j, naming the variable', async (env, message) => {
    // It refuses before it opens any database: an empty DATA_DIR is all it is given.
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'verity-identity-refused-'));
    try {
      await expect(startIdentity({ ...env, DATA_DIR: dataDir })).rejects.toThrow(message);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('starts off the local machine without the demo accounts', async () => {
    const identity = await startIdentity({
      PUBLIC_URL: 'https://verity.example.com',
      IDENTITY_SEED_DEMO: '0',
      IDENTITY_FAST_PASSWORD_HASHING: '0',
    });
    const response = await fetch(`${identity.url}/healthz`);
    expect(response.status).toBe(200);
    await identity.stop();
  });

  it('loads the demo accounts for the local demo', async () => {
    const identity = await startIdentity({
      PUBLIC_URL: 'http://127.0.0.1:8080',
      IDENTITY_SEED_DEMO: '1',
    });
    const lookup = await fetch(`${identity.url}/user?email=client.owner@verity.test`, {
      headers: { Authorization: `Bearer test-identity-api-key-for-the-identity-tests` },
    });
    expect(lookup.status).toBe(200);
    await identity.stop();
  });
});
