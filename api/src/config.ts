import path from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { demoSeedProblem, secretProblem } from '../../tooling/config/deployment.cjs';
import { checkEnvironment } from '../../tooling/config/environment.cjs';
import { loadConfig } from '../../tooling/config/index.cjs';
import type { S3StorageSettings } from './storage/s3-attachment-storage';
import { hostKey } from './webhooks/addresses';

/** A comma-separated list of hosts as the address checks compare them. */
const hostList = (value: string | undefined): ReadonlySet<string> =>
  new Set(
    (value ?? '')
      .split(',')
      .map((host) => hostKey(host.trim()))
      .filter(Boolean),
  );

// At most 15 digits, so that every number read is exact (below Number.MAX_SAFE_INTEGER).
const PositiveInteger = Type.String({ pattern: '^[1-9][0-9]{0,14}$' });
const WholeNumber = Type.String({ pattern: '^(0|[1-9][0-9]{0,14})$' });
/** The longest SESSION_KEPT_SECONDS: should a notice go unheard, a change waits at most an hour. */
export const SESSION_KEPT_SECONDS_MAX = 3600;
/** The longest CSV_EXPORT_STALL_SECONDS: a stalled download holds its place and its spill file at most an hour. */
export const CSV_EXPORT_STALL_SECONDS_MAX = 3600;
/** The longest MAIL_JOB_EXPIRY_SECONDS and JOB_QUEUE_MAINTENANCE_SECONDS: a dead worker's e-mail waits at most about this. */
export const MAIL_JOB_EXPIRY_SECONDS_MAX = 3600;
export const JOB_QUEUE_MAINTENANCE_SECONDS_MAX = 600;
/** The longest IDENTITY_SIGN_OUT_CHECK_SECONDS: a password reset ends the API's sessions within it. */
export const SIGN_OUT_CHECK_SECONDS_MAX = 3600;
/** A share of the time, 0 to 1 (0.98, 1, 0). */
const Share = Type.String({ pattern: '^(0(\\.[0-9]+)?|1(\\.0+)?)$' });

/** The environment the API reads; everything not listed here is ignored. */
const EnvSchema = Type.Object({
  SESSION_SECRET: Type.String({
    minLength: 1,
    description: 'comma-separated; the first signs, all verify; each at least 32 characters',
  }),
  IDENTITY_CLIENT_SECRET: Type.String({ minLength: 1 }),
  IDENTITY_API_KEY: Type.String({ minLength: 1 }),
  IDENTITY_CLIENT_ID: Type.Optional(Type.String({ minLength: 1 })),
  IDENTITY_ACCOUNTS_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  IDENTITY_SIGN_OUT_CHECK_SECONDS: Type.Optional(PositiveInteger),
  API_HOST: Type.Optional(Type.String({ minLength: 1 })),
  ACCESS_TOKEN_TTL_SECONDS: Type.Optional(PositiveInteger),
  REFRESH_TOKEN_TTL_SECONDS: Type.Optional(PositiveInteger),
  ATTACHMENT_QUOTA_BYTES: Type.Optional(PositiveInteger),
  UPLOAD_RATE_BYTES_PER_HOUR: Type.Optional(PositiveInteger),
  ATTACHMENT_MIN_FREE_BYTES: Type.Optional(WholeNumber),
  REMARK_WITHDRAWAL_WINDOW_SECONDS: Type.Optional(PositiveInteger),
  REMARKS_PER_MINUTE: Type.Optional(PositiveInteger),
  ESAP_IMPORTS_PER_MINUTE: Type.Optional(PositiveInteger),
  API_TOKEN_REQUESTS_PER_MINUTE: Type.Optional(PositiveInteger),
  SESSION_KEPT_SECONDS: Type.Optional(WholeNumber),
  CSV_EXPORT_STALL_SECONDS: Type.Optional(PositiveInteger),
  LOAD_SHEDDING_EVENT_LOOP_DELAY_MS: Type.Optional(WholeNumber),
  LOAD_SHEDDING_EVENT_LOOP_UTILIZATION: Type.Optional(Share),
  ATTACHMENT_STORAGE: Type.Optional(
    Type.Union([Type.Literal('local'), Type.Literal('s3')], {
      invalid: 'ATTACHMENT_STORAGE must be local or s3, got "{value}"',
    }),
  ),
  S3_BUCKET: Type.Optional(
    Type.String({
      pattern: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$',
      invalid:
        'S3_BUCKET is not a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens, got "{value}"',
    }),
  ),
  S3_REGION: Type.Optional(Type.String({ pattern: '^[a-z0-9-]+$' })),
  S3_ENDPOINT: Type.Optional(
    Type.String({
      pattern: '^https?://[^/?#\\s]+/?$',
      invalid:
        'S3_ENDPOINT must be the server\'s http(s) address without a path (https://s3.example.com:9000), got "{value}"',
    }),
  ),
  S3_FORCE_PATH_STYLE: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
  S3_ACCESS_KEY_ID: Type.Optional(Type.String({ minLength: 1 })),
  S3_SECRET_ACCESS_KEY: Type.Optional(Type.String({ minLength: 1 })),
  SEED_DEMO: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('')])),
  JOB_QUEUE: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
  NOTIFICATION_SCAN_HOUR: Type.Optional(Type.String({ pattern: '^([0-9]|1[0-9]|2[0-3])$' })),
  MAIL_RETRY_LIMIT: Type.Optional(WholeNumber),
  MAIL_RETRY_DELAY_SECONDS: Type.Optional(PositiveInteger),
  WEBHOOK_RETRY_LIMIT: Type.Optional(WholeNumber),
  WEBHOOK_RETRY_DELAY_SECONDS: Type.Optional(PositiveInteger),
  WEBHOOK_TIMEOUT_SECONDS: Type.Optional(PositiveInteger),
  WEBHOOK_PRIVATE_HOSTS: Type.Optional(Type.String({ maxLength: 2000 })),
  SSO_PRIVATE_HOSTS: Type.Optional(Type.String({ maxLength: 2000 })),
  MAIL_JOB_EXPIRY_SECONDS: Type.Optional(PositiveInteger),
  JOB_QUEUE_MAINTENANCE_SECONDS: Type.Optional(PositiveInteger),
  LOG_LEVEL: Type.Optional(
    Type.Union(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) =>
        Type.Literal(level),
      ),
    ),
  ),
});
type Env = Static<typeof EnvSchema>;

/** Every variable the API reads itself, besides the shared ones (tooling/config): for checking deployment files. */
export const apiEnvironmentNames: readonly string[] = Object.keys(EnvSchema.properties);

export interface ApiConfig {
  host: string;
  port: number;
  /** Where the browser reaches the product (the shell proxies /api/v1 to us). */
  publicUrl: string;
  /** `${publicUrl}/api/v1/auth/callback`, registered with the identity provider. */
  redirectUri: string;
  identityIssuer: string;
  identityClientId: string;
  identityClientSecret: string;
  identityApiKey: string;
  /** Base URL of the accounts service (GET /user); the issuer unless IDENTITY_ACCOUNTS_URL says otherwise. */
  identityAccountsUrl: string;
  /** How often the API asks identity which accounts were signed out everywhere (a password reset). */
  identitySignOutCheckSeconds: number;
  sessionSecrets: string[];
  secureCookies: boolean;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where remark attachments are stored: a folder (`${dataDir}/attachments`) or an S3-compatible bucket. */
  attachmentStorage: { kind: 'local' } | ({ kind: 's3' } & S3StorageSettings);
  /** Bytes of attachments one target company may hold. */
  attachmentQuotaBytes: number;
  /** Bytes of attachments one user may upload in any hour. */
  uploadRateBytesPerHour: number;
  /** Free bytes on the attachments folder's volume below which /readyz says it is full; 0 checks none. */
  attachmentMinFreeBytes: number;
  /** How long after posting the author may withdraw a remark or its attachments. */
  remarkWithdrawalWindowSeconds: number;
  /** Remarks one user may post per minute (per API process). */
  remarksPerMinute: number;
  /** ESAP imports (dry runs included) one user may send per minute (per API process). */
  esapImportsPerMinute: number;
  /** Requests one API token may make per minute (per API process). */
  apiTokenRequestsPerMinute: number;
  /**
   * The longest a process keeps a session lookup (docs/decisions/0058-session-lookups-kept.md); 0
   * keeps none.
   */
  sessionKeptSeconds: number;
  /** A CSV download whose reader has taken nothing for this long, while bytes wait for it, is closed. */
  csvExportStallSeconds: number;
  /** Requests are refused (503) while the event loop's mean delay or busy share is past these; 0 turns one off. */
  loadShedding: { maxEventLoopDelayMs: number; maxEventLoopUtilization: number };
  seedDemo: boolean;
  demoAccountsFile: string;
  logLevel: string;
  /** Where e-mail goes (SMTP_URL, else the local mail catcher) and its sender (MAIL_FROM). */
  smtpUrl: string;
  mailFrom: string;
  /** Whether this process works the job queue (the daily scan, the e-mails); jobs are queued either way. */
  jobQueue: boolean;
  /** The hour of the day, in each organisation's time zone, from which its daily scan and Monday digest run. */
  notificationScanHour: number;
  /** A notification e-mail the SMTP server refuses is tried again this often, waiting longer each time. */
  mailRetry: { limit: number; delaySeconds: number };
  /**
   * Webhook deliveries (docs/decisions/0096-webhooks.md): tries after the first and the first delay
   * (doubling), how long a receiver may take, and the hosts an operator lets them reach though
   * private (and over http).
   */
  webhooks: {
    retry: { limit: number; delaySeconds: number };
    timeoutMs: number;
    privateHosts: ReadonlySet<string>;
  };
  /**
   * Organisations' own identity providers (docs/decisions/0098-single-sign-on.md): hosts the operator
   * lets the API call though private (and over http): SSO_PRIVATE_HOSTS.
   */
  singleSignOn: { privateHosts: ReadonlySet<string> };
  /**
   * An e-mail job taken by a worker that stops (its process died) goes back to the queue this long
   * after it was taken, found by the queue's maintenance, which runs this often
   * (docs/decisions/0040-e-mail-that-arrives-once.md: together within two minutes by default).
   */
  mailJobs: { expirySeconds: number; maintenanceSeconds: number };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const S3_ONLY = [
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_FORCE_PATH_STYLE',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/** ATTACHMENT_STORAGE and the S3_* settings, checked together. */
function attachmentStorage(env: Env): ApiConfig['attachmentStorage'] {
  if (env.ATTACHMENT_STORAGE !== 's3') {
    // A bucket named while files go to the local folder is a deployment mistake, not a choice.
    const stray = S3_ONLY.find((name) => env[name] !== undefined);
    if (stray) {
      throw new ConfigError(
        `Environment variable ${stray} is set but ATTACHMENT_STORAGE is not s3: set ATTACHMENT_STORAGE=s3 to keep attachments in the bucket, or unset the S3_* variables`,
      );
    }
    return { kind: 'local' };
  }
  if (!env.S3_BUCKET) {
    throw new ConfigError(
      'Environment variable S3_BUCKET is required with ATTACHMENT_STORAGE=s3 (the bucket that holds the attachments)',
    );
  }
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError(
      "Environment variables S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK's own credentials (AWS_* variables, the instance's role)",
    );
  }
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? 'us-east-1',
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT.replace(/\/$/, '') } : {}),
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1',
    ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          },
        }
      : {}),
  };
}

function checkEnv(raw: NodeJS.ProcessEnv): Env {
  const { env, problems } = checkEnvironment<Env>(EnvSchema, raw);
  if (problems[0]) throw new ConfigError(`Environment variable ${problems[0]}`);
  return env;
}

/** Reads and validates the API's environment once; throws a ConfigError naming the variable at fault. */
export function loadApiConfig(raw: NodeJS.ProcessEnv = process.env): ApiConfig {
  const env = checkEnv(raw);
  let shared: ReturnType<typeof loadConfig>;
  try {
    shared = loadConfig(raw);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  const weak =
    secretProblem(env, 'SESSION_SECRET', { list: true }) ??
    secretProblem(env, 'IDENTITY_CLIENT_SECRET') ??
    secretProblem(env, 'IDENTITY_API_KEY');
  if (weak) throw new ConfigError(`Environment variable ${weak}`);
  const demo = demoSeedProblem(env, 'SEED_DEMO', shared.publicUrl);
  if (demo) throw new ConfigError(demo);
  const mailJobs = {
    expirySeconds: Number(env.MAIL_JOB_EXPIRY_SECONDS ?? 20),
    maintenanceSeconds: Number(env.JOB_QUEUE_MAINTENANCE_SECONDS ?? 10),
  };
  if (mailJobs.expirySeconds > MAIL_JOB_EXPIRY_SECONDS_MAX) {
    throw new ConfigError(
      `Environment variable MAIL_JOB_EXPIRY_SECONDS must be from 1 to ${MAIL_JOB_EXPIRY_SECONDS_MAX} seconds, got ${mailJobs.expirySeconds}`,
    );
  }
  if (mailJobs.maintenanceSeconds > JOB_QUEUE_MAINTENANCE_SECONDS_MAX) {
    throw new ConfigError(
      `Environment variable JOB_QUEUE_MAINTENANCE_SECONDS must be from 1 to ${JOB_QUEUE_MAINTENANCE_SECONDS_MAX} seconds, got ${mailJobs.maintenanceSeconds}`,
    );
  }
  const sessionKeptSeconds = Number(env.SESSION_KEPT_SECONDS ?? 10);
  if (sessionKeptSeconds > SESSION_KEPT_SECONDS_MAX) {
    throw new ConfigError(
      `Environment variable SESSION_KEPT_SECONDS must be from 0 to ${SESSION_KEPT_SECONDS_MAX} seconds, got ${sessionKeptSeconds}`,
    );
  }
  const csvExportStallSeconds = Number(env.CSV_EXPORT_STALL_SECONDS ?? 30);
  if (csvExportStallSeconds > CSV_EXPORT_STALL_SECONDS_MAX) {
    throw new ConfigError(
      `Environment variable CSV_EXPORT_STALL_SECONDS must be from 1 to ${CSV_EXPORT_STALL_SECONDS_MAX} seconds, got ${csvExportStallSeconds}`,
    );
  }
  const identitySignOutCheckSeconds = Number(env.IDENTITY_SIGN_OUT_CHECK_SECONDS ?? 5);
  if (identitySignOutCheckSeconds > SIGN_OUT_CHECK_SECONDS_MAX) {
    throw new ConfigError(
      `Environment variable IDENTITY_SIGN_OUT_CHECK_SECONDS must be from 1 to ${SIGN_OUT_CHECK_SECONDS_MAX} seconds, got ${identitySignOutCheckSeconds}`,
    );
  }
  return {
    host: env.API_HOST ?? '127.0.0.1',
    port: shared.apiPort,
    publicUrl: shared.publicUrl,
    redirectUri: `${shared.publicUrl}/api/v1/auth/callback`,
    identityIssuer: shared.identityIssuer,
    identityClientId: env.IDENTITY_CLIENT_ID ?? 'verity',
    identityClientSecret: env.IDENTITY_CLIENT_SECRET,
    identityApiKey: env.IDENTITY_API_KEY,
    identityAccountsUrl: (env.IDENTITY_ACCOUNTS_URL ?? shared.identityIssuer).replace(/\/$/, ''),
    identitySignOutCheckSeconds,
    sessionSecrets: env.SESSION_SECRET.split(',')
      .map((secret) => secret.trim())
      .filter(Boolean),
    secureCookies: shared.publicUrl.startsWith('https:'),
    accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL_SECONDS ?? 900),
    refreshTokenTtlSeconds: Number(env.REFRESH_TOKEN_TTL_SECONDS ?? 30 * 24 * 60 * 60),
    dataDir: shared.dataDir,
    databaseUrl: shared.databaseUrl,
    attachmentStorage: attachmentStorage(env),
    attachmentQuotaBytes: Number(env.ATTACHMENT_QUOTA_BYTES ?? 1024 ** 3),
    uploadRateBytesPerHour: Number(env.UPLOAD_RATE_BYTES_PER_HOUR ?? 200 * 1024 ** 2),
    // The most one request may carry (ten 5 MB images and their form, with room to spare).
    attachmentMinFreeBytes: Number(env.ATTACHMENT_MIN_FREE_BYTES ?? 64 * 1024 ** 2),
    remarkWithdrawalWindowSeconds: Number(env.REMARK_WITHDRAWAL_WINDOW_SECONDS ?? 24 * 60 * 60),
    remarksPerMinute: Number(env.REMARKS_PER_MINUTE ?? 30),
    esapImportsPerMinute: Number(env.ESAP_IMPORTS_PER_MINUTE ?? 10),
    apiTokenRequestsPerMinute: Number(env.API_TOKEN_REQUESTS_PER_MINUTE ?? 600),
    sessionKeptSeconds,
    csvExportStallSeconds,
    loadShedding: {
      maxEventLoopDelayMs: Number(env.LOAD_SHEDDING_EVENT_LOOP_DELAY_MS ?? 1000),
      maxEventLoopUtilization: Number(env.LOAD_SHEDDING_EVENT_LOOP_UTILIZATION ?? 0.98),
    },
    seedDemo: env.SEED_DEMO === '1',
    demoAccountsFile: path.join(shared.repoRoot, 'tooling', 'demo-accounts.json'),
    logLevel: env.LOG_LEVEL ?? 'info',
    smtpUrl: shared.smtpUrl,
    mailFrom: shared.mailFrom,
    jobQueue: env.JOB_QUEUE !== '0',
    notificationScanHour: Number(env.NOTIFICATION_SCAN_HOUR ?? 7),
    mailRetry: {
      limit: Number(env.MAIL_RETRY_LIMIT ?? 12),
      delaySeconds: Number(env.MAIL_RETRY_DELAY_SECONDS ?? 30),
    },
    mailJobs,
    webhooks: {
      retry: {
        limit: Number(env.WEBHOOK_RETRY_LIMIT ?? 8),
        delaySeconds: Number(env.WEBHOOK_RETRY_DELAY_SECONDS ?? 30),
      },
      timeoutMs: Number(env.WEBHOOK_TIMEOUT_SECONDS ?? 10) * 1000,
      privateHosts: hostList(env.WEBHOOK_PRIVATE_HOSTS),
    },
    singleSignOn: { privateHosts: hostList(env.SSO_PRIVATE_HOSTS) },
  };
}
