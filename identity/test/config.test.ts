// identity's configuration: checked against its schema at start, every problem named at once.
import { loadIdentityConfig } from '../src/config';

const valid = {
  IDENTITY_CLIENT_SECRET: 'c'.repeat(32),
  IDENTITY_API_KEY: 'a'.repeat(32),
  IDENTITY_COOKIE_KEYS: `${'k'.repeat(32)},${'l'.repeat(32)}`,
};

describe('identity configuration', () => {
  it('fills in the defaults', () => {
    const config = loadIdentityConfig({ ...valid, DATA_DIR: '/srv/verity-data' });
    expect(config).toMatchObject({
      port: 4100,
      host: '127.0.0.1',
      issuer: 'http://localhost:4100',
      client: { clientId: 'verity', redirectUris: ['http://localhost:8080/api/v1/auth/callback'] },
      cookieKeys: ['k'.repeat(32), 'l'.repeat(32)],
      databaseUrl: undefined,
      seedDemo: false,
      fastPasswordHashing: false,
      trustedProxies: 0,
      limits: {
        userLookupsPerMinute: 120,
        signInsPerAccount: 10,
        signInFailuresPerAddress: 50,
        signUpsPerAddress: 10,
        mailRequestsPerAddress: 10,
        mailsPerMailbox: 5,
      },
    });
  });

  it('reads the limits, the trusted proxies and where to listen', () => {
    const config = loadIdentityConfig({
      ...valid,
      IDENTITY_USER_LOOKUP_LIMIT: '3',
      IDENTITY_TRUSTED_PROXIES: '1',
      IDENTITY_HOST: '0.0.0.0',
    });
    expect(config.limits.userLookupsPerMinute).toBe(3);
    expect(config.trustedProxies).toBe(1);
    expect(config.host).toBe('0.0.0.0');
  });

  it('names every variable at fault at once', () => {
    expect(() =>
      loadIdentityConfig({
        IDENTITY_API_KEY: 'a'.repeat(32),
        IDENTITY_COOKIE_KEYS: ' , ',
        IDENTITY_SIGN_UP_LIMIT_PER_IP: '0',
        IDENTITY_TRUSTED_PROXIES: 'two',
        IDENTITY_REDIRECT_URIS: 'verity.example/callback',
      }),
    ).toThrow(
      [
        'identity configuration is invalid:',
        '  - IDENTITY_CLIENT_SECRET is required',
        '  - IDENTITY_COOKIE_KEYS is required (comma-separated secrets)',
        '  - IDENTITY_SIGN_UP_LIMIT_PER_IP must be a whole number of at least 1, got "0"',
        '  - IDENTITY_TRUSTED_PROXIES must be a whole number of at least 0, got "two"',
        '  - IDENTITY_REDIRECT_URIS has an invalid URL "verity.example/callback"',
      ].join('\n'),
    );
  });

  it('allows cheap password hashes on the local machine only', () => {
    expect(
      loadIdentityConfig({ ...valid, IDENTITY_FAST_PASSWORD_HASHING: '1' }).fastPasswordHashing,
    ).toBe(true);
    expect(() =>
      loadIdentityConfig({
        ...valid,
        IDENTITY_FAST_PASSWORD_HASHING: '1',
        PUBLIC_URL: 'https://verity.example.com',
      }),
    ).toThrow(
      'IDENTITY_FAST_PASSWORD_HASHING=1 stores passwords with a cheap hash, which only tests on the local machine may do',
    );
    expect(() => loadIdentityConfig({ ...valid, IDENTITY_FAST_PASSWORD_HASHING: 'yes' })).toThrow(
      'IDENTITY_FAST_PASSWORD_HASHING must be 0 or 1, got "yes"',
    );
  });

  it('names a bad port', () => {
    expect(() => loadIdentityConfig({ ...valid, IDENTITY_PORT: 'http' })).toThrow(
      'IDENTITY_PORT must be a port number, got "http"',
    );
  });
});
