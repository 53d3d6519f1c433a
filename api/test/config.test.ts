import { loadApiConfig } from '../src/config';

const required = {
  SESSION_SECRET: 'a-session-secret-of-some-length',
  IDENTITY_CLIENT_SECRET: 'client-secret',
  IDENTITY_API_KEY: 'api-key',
};

describe('API configuration', () => {
  it('fills in the defaults of the contract', () => {
    const config = loadApiConfig({ ...required, DATA_DIR: '/srv/verity-data' });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 4000,
      publicUrl: 'http://localhost:8080',
      redirectUri: 'http://localhost:8080/api/v1/auth/callback',
      identityIssuer: 'http://localhost:4100',
      identityAccountsUrl: 'http://localhost:4100',
      identityClientId: 'verity',
      secureCookies: false,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 2_592_000,
      dataDir: '/srv/verity-data',
      databaseUrl: undefined,
      seedDemo: false,
    });
  });

  it('makes cookies Secure when the product is served over https', () => {
    expect(loadApiConfig({ ...required, PUBLIC_URL: 'https://verity.example' }).secureCookies).toBe(
      true,
    );
  });

  it.each([
    [{ ...required, SESSION_SECRET: undefined }, 'SESSION_SECRET is required'],
    [{ ...required, SESSION_SECRET: 'short' }, 'SESSION_SECRET is invalid'],
    [{ ...required, IDENTITY_API_KEY: undefined }, 'IDENTITY_API_KEY is required'],
    [{ ...required, ACCESS_TOKEN_TTL_SECONDS: 'soon' }, 'ACCESS_TOKEN_TTL_SECONDS is invalid'],
    [{ ...required, API_PORT: '99999' }, 'API_PORT must be a port number'],
  ])('names the variable at fault', (env, message) => {
    expect(() => loadApiConfig(env)).toThrow(message);
  });
});
