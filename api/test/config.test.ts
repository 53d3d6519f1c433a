import { loadApiConfig } from '../src/config';
import { deadWorkerPickupSeconds } from '../src/notifications/job-queue';

// Secrets as `npm start` generates them: 43 characters.
const required = {
  SESSION_SECRET: 'Vq3Jp0yJ8mQ2cS6dN1rT4wX7zA9bE5fH2kL8uP0sY3g',
  IDENTITY_CLIENT_SECRET: 'Lk2Hf9Qw3Er5Ty7Ui1Op4As6Df8Gh0Jk2Lz4Xc6Vb8N',
  IDENTITY_API_KEY: 'Mn3Bv5Cx7Za9Sd1Fg3Hj5Kl7Qw9Er1Ty3Ui5Op7As9D',
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
      attachmentQuotaBytes: 1024 ** 3,
      uploadRateBytesPerHour: 200 * 1024 ** 2,
      attachmentMinFreeBytes: 64 * 1024 ** 2,
      remarkWithdrawalWindowSeconds: 86_400,
      loadShedding: { maxEventLoopDelayMs: 1000, maxEventLoopUtilization: 0.98 },
    });
  });

  it('reads the event-loop limits of load shedding, 0 turning one off', () => {
    expect(
      loadApiConfig({
        ...required,
        LOAD_SHEDDING_EVENT_LOOP_DELAY_MS: '0',
        LOAD_SHEDDING_EVENT_LOOP_UTILIZATION: '0.9',
      }).loadShedding,
    ).toEqual({ maxEventLoopDelayMs: 0, maxEventLoopUtilization: 0.9 });
  });

  it('reads the storage quota, the upload rate and the withdrawal window', () => {
    expect(
      loadApiConfig({
        ...required,
        ATTACHMENT_QUOTA_BYTES: '5000000',
        UPLOAD_RATE_BYTES_PER_HOUR: '1000000',
        ATTACHMENT_MIN_FREE_BYTES: '0',
        REMARK_WITHDRAWAL_WINDOW_SECONDS: '600',
      }),
    ).toMatchObject({
      attachmentQuotaBytes: 5_000_000,
      uploadRateBytesPerHour: 1_000_000,
      attachmentMinFreeBytes: 0,
      remarkWithdrawalWindowSeconds: 600,
    });
  });

  it('keeps session lookups 10 s unless told otherwise, from none to an hour', () => {
    expect(loadApiConfig(required).sessionKeptSeconds).toBe(10);
    expect(loadApiConfig({ ...required, SESSION_KEPT_SECONDS: '0' }).sessionKeptSeconds).toBe(0);
    expect(loadApiConfig({ ...required, SESSION_KEPT_SECONDS: '3600' }).sessionKeptSeconds).toBe(
      3600,
    );
  });

  it('closes a CSV download stalled for 30 s unless told otherwise, from 1 s to an hour', () => {
    expect(loadApiConfig(required).csvExportStallSeconds).toBe(30);
    expect(
      loadApiConfig({ ...required, CSV_EXPORT_STALL_SECONDS: '3600' }).csvExportStallSeconds,
    ).toBe(3600);
  });

  it('asks identity for its sign-outs every 5 s unless told otherwise, from 1 s to an hour', () => {
    expect(loadApiConfig(required).identitySignOutCheckSeconds).toBe(5);
    expect(
      loadApiConfig({ ...required, IDENTITY_SIGN_OUT_CHECK_SECONDS: '3600' })
        .identitySignOutCheckSeconds,
    ).toBe(3600);
  });

  it('reads the job queue, the scan hour and the e-mail retries', () => {
    expect(loadApiConfig(required)).toMatchObject({
      jobQueue: true,
      notificationScanHour: 7,
      mailRetry: { limit: 12, delaySeconds: 30 },
      mailJobs: { expirySeconds: 20, maintenanceSeconds: 10 },
    });
    expect(
      loadApiConfig({
        ...required,
        JOB_QUEUE: '0',
        NOTIFICATION_SCAN_HOUR: '0',
        MAIL_RETRY_LIMIT: '3',
        MAIL_RETRY_DELAY_SECONDS: '5',
        MAIL_JOB_EXPIRY_SECONDS: '4',
        JOB_QUEUE_MAINTENANCE_SECONDS: '1',
      }),
    ).toMatchObject({
      jobQueue: false,
      notificationScanHour: 0,
      mailRetry: { limit: 3, delaySeconds: 5 },
      mailJobs: { expirySeconds: 4, maintenanceSeconds: 1 },
    });
    for (const [name, value] of [
      ['NOTIFICATION_SCAN_HOUR', '24'],
      ['NOTIFICATION_SCAN_HOUR', '7am'],
      ['JOB_QUEUE', 'yes'],
      ['MAIL_RETRY_DELAY_SECONDS', '0'],
      ['MAIL_JOB_EXPIRY_SECONDS', '0'],
      ['MAIL_JOB_EXPIRY_SECONDS', '3601'],
      ['MAIL_JOB_EXPIRY_SECONDS', '30s'],
      ['JOB_QUEUE_MAINTENANCE_SECONDS', '0'],
      ['JOB_QUEUE_MAINTENANCE_SECONDS', '601'],
    ])
      expect(() => loadApiConfig({ ...required, [name as string]: value })).toThrow(name);
  });

  it("takes up a dead worker's e-mail job within two minutes with the defaults", () => {
    const { mailJobs, mailRetry } = loadApiConfig(required);
    expect(deadWorkerPickupSeconds(mailJobs, mailRetry.delaySeconds)).toBeLessThanOrEqual(120);
  });

  it('keeps attachments in the local folder unless told otherwise', () => {
    expect(loadApiConfig(required).attachmentStorage).toEqual({ kind: 'local' });
    expect(loadApiConfig({ ...required, ATTACHMENT_STORAGE: 'local' }).attachmentStorage).toEqual({
      kind: 'local',
    });
  });

  it('reads the S3 bucket, its server and its keys', () => {
    expect(
      loadApiConfig({
        ...required,
        ATTACHMENT_STORAGE: 's3',
        S3_BUCKET: 'verity-attachments',
        S3_REGION: 'eu-west-3',
        S3_ENDPOINT: 'https://s3.example.com:9000/',
        S3_FORCE_PATH_STYLE: '1',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'secret-example',
      }).attachmentStorage,
    ).toEqual({
      kind: 's3',
      bucket: 'verity-attachments',
      region: 'eu-west-3',
      endpoint: 'https://s3.example.com:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret-example' },
    });
    // AWS S3 itself, with the SDK's own credentials (the instance's role, AWS_* variables).
    expect(
      loadApiConfig({ ...required, ATTACHMENT_STORAGE: 's3', S3_BUCKET: 'verity-attachments' })
        .attachmentStorage,
    ).toEqual({
      kind: 's3',
      bucket: 'verity-attachments',
      region: 'us-east-1',
      forcePathStyle: false,
    });
  });

  it.each([
    [
      { ATTACHMENT_STORAGE: 's3' },
      'Environment variable S3_BUCKET is required with ATTACHMENT_STORAGE=s3 (the bucket that holds the attachments)',
    ],
    [
      { ATTACHMENT_STORAGE: 'bucket' },
      'Environment variable ATTACHMENT_STORAGE must be local or s3, got "bucket"',
    ],
    [
      { ATTACHMENT_STORAGE: 's3', S3_BUCKET: 'Verity_Attachments' },
      'Environment variable S3_BUCKET is not a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens, got "Verity_Attachments"',
    ],
    [
      { ATTACHMENT_STORAGE: 's3', S3_BUCKET: 'verity', S3_ENDPOINT: 's3.example.com' },
      'Environment variable S3_ENDPOINT must be the server\'s http(s) address without a path (https://s3.example.com:9000), got "s3.example.com"',
    ],
    [
      { ATTACHMENT_STORAGE: 's3', S3_BUCKET: 'verity', S3_FORCE_PATH_STYLE: 'yes' },
      'Environment variable S3_FORCE_PATH_STYLE is invalid',
    ],
    [
      { ATTACHMENT_STORAGE: 's3', S3_BUCKET: 'verity', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' },
      'Environment variables S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    ],
    [
      { S3_BUCKET: 'verity' },
      'Environment variable S3_BUCKET is set but ATTACHMENT_STORAGE is not s3: set ATTACHMENT_STORAGE=s3 to keep attachments in the bucket, or unset the S3_* variables',
    ],
  ])('refuses attachment storage settings that cannot work: %j', (env, message) => {
    expect(() => loadApiConfig({ ...required, ...env })).toThrow(message);
  });

  it('makes cookies Secure when the product is served over https', () => {
    expect(loadApiConfig({ ...required, PUBLIC_URL: 'https://verity.example' }).secureCookies).toBe(
      true,
    );
  });

  it.each([
    [{ ...required, SESSION_SECRET: undefined }, 'SESSION_SECRET is required'],
    [{ ...required, IDENTITY_API_KEY: undefined }, 'IDENTITY_API_KEY is required'],
    [{ ...required, ACCESS_TOKEN_TTL_SECONDS: 'soon' }, 'ACCESS_TOKEN_TTL_SECONDS is invalid'],
    [{ ...required, ATTACHMENT_QUOTA_BYTES: '1GB' }, 'ATTACHMENT_QUOTA_BYTES is invalid'],
    [{ ...required, ATTACHMENT_MIN_FREE_BYTES: '64MB' }, 'ATTACHMENT_MIN_FREE_BYTES is invalid'],
    [
      { ...required, ACCESS_TOKEN_TTL_SECONDS: '9'.repeat(400) },
      'ACCESS_TOKEN_TTL_SECONDS is invalid',
    ],
    [{ ...required, SESSION_KEPT_SECONDS: '-1' }, 'SESSION_KEPT_SECONDS is invalid'],
    [
      { ...required, SESSION_KEPT_SECONDS: '3601' },
      'SESSION_KEPT_SECONDS must be from 0 to 3600 seconds, got 3601',
    ],
    [{ ...required, SESSION_KEPT_SECONDS: '9'.repeat(400) }, 'SESSION_KEPT_SECONDS is invalid'],
    [{ ...required, CSV_EXPORT_STALL_SECONDS: '0' }, 'CSV_EXPORT_STALL_SECONDS is invalid'],
    [
      { ...required, CSV_EXPORT_STALL_SECONDS: '3601' },
      'CSV_EXPORT_STALL_SECONDS must be from 1 to 3600 seconds, got 3601',
    ],
    [
      { ...required, IDENTITY_SIGN_OUT_CHECK_SECONDS: '0' },
      'IDENTITY_SIGN_OUT_CHECK_SECONDS is invalid',
    ],
    [
      { ...required, IDENTITY_SIGN_OUT_CHECK_SECONDS: '3601' },
      'IDENTITY_SIGN_OUT_CHECK_SECONDS must be from 1 to 3600 seconds, got 3601',
    ],
    [{ ...required, API_PORT: '99999' }, 'API_PORT must be a port number'],
    [
      { ...required, LOAD_SHEDDING_EVENT_LOOP_UTILIZATION: '98%' },
      'LOAD_SHEDDING_EVENT_LOOP_UTILIZATION is invalid',
    ],
  ])('names the variable at fault', (env, message) => {
    expect(() => loadApiConfig(env)).toThrow(message);
  });

  it.each([
    ['SESSION_SECRET', 'x'],
    ['SESSION_SECRET', `${required.SESSION_SECRET},short-old-secret`],
    ['IDENTITY_CLIENT_SECRET', 'a'.repeat(31)],
    ['IDENTITY_API_KEY', 'api-key'],
  ])('refuses %s shorter than 32 characters, even for the local demo', (name, value) => {
    expect(() => loadApiConfig({ ...required, [name]: value })).toThrow(
      new RegExp(`^Environment variable ${name} is too weak: .*at least 32 characters`),
    );
  });

  it.each([
    'http://localhost:8080',
    'http://verity.localhost:8080',
    'http://127.0.0.1:8080',
    'http://127.3.4.5',
    'http://[::1]:8080',
  ])('loads the demo accounts for the local demo at %s', (publicUrl) => {
    expect(loadApiConfig({ ...required, PUBLIC_URL: publicUrl, SEED_DEMO: '1' }).seedDemo).toBe(
      true,
    );
  });

  it.each([
    'https://verity.example.com',
    'http://10.0.0.5:8080',
    'http://192.168.1.20',
    'http://localhost.example.com',
    'http://[::2]',
  ])('refuses the demo accounts anywhere else (%s), whatever NODE_ENV says', (publicUrl) => {
    for (const NODE_ENV of ['production', 'development', undefined]) {
      expect(() =>
        loadApiConfig({ ...required, PUBLIC_URL: publicUrl, SEED_DEMO: '1', NODE_ENV }),
      ).toThrow(/^SEED_DEMO=1 loads demo accounts whose password is published.*set SEED_DEMO=0$/);
    }
    expect(loadApiConfig({ ...required, PUBLIC_URL: publicUrl, SEED_DEMO: '0' }).seedDemo).toBe(
      false,
    );
  });
});
