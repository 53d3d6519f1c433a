// The identity server's settings, read from the environment once and checked at start.
import path from 'node:path';
import { Type, type TSchema } from '@sinclair/typebox';
import { demoSeedProblem, isLoopbackUrl, secretProblem } from '../../tooling/config/deployment.cjs';
import { checkEnvironment } from '../../tooling/config/environment.cjs';
import { loadConfig, repoRoot, type VerityConfig } from '../../tooling/config/index.cjs';

export const identityRoot = path.join(repoRoot, 'identity');

export interface IdentityConfig {
  port: number;
  /** The interface it listens on: the loopback one unless IDENTITY_HOST says otherwise. */
  host: string;
  issuer: string;
  client: {
    clientId: string;
    clientSecret: string;
    redirectUris: string[];
    postLogoutRedirectUris: string[];
  };
  apiKey: string;
  cookieKeys: string[];
  /** Verity's own address: where the pages and e-mails send people to sign in. */
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  /** Cheap password hashes, for tests only (FAST_PASSWORD_HASH_COST in accounts/password.ts). */
  fastPasswordHashing: boolean;
  mail: { smtpUrl: string; from: string };
  /** Reverse proxies in front of identity whose X-Forwarded-For is believed (0: none). */
  trustedProxies: number;
  limits: RateLimits;
  demoAccountsFile: string;
  migrationsDir: string;
}

/**
 * How many attempts each throttle allows; every window is fixed, see
 * docs/decisions/0026-trust-identity-provider.md.
 */
export interface RateLimits {
  /** GET /user calls per minute per end user (or caller address). */
  userLookupsPerMinute: number;
  /** Sign-in attempts per 15 minutes for one email address, successful ones given back. */
  signInsPerAccount: number;
  /** Failed sign-ins per hour from one address. */
  signInFailuresPerAddress: number;
  /** Sign-ups per hour from one address. */
  signUpsPerAddress: number;
  /** Password-reset and verification requests per hour from one address. */
  mailRequestsPerAddress: number;
  /** E-mails per hour to one mailbox; beyond it requests are answered the same but nothing is sent. */
  mailsPerMailbox: number;
}

const LIMIT_VARIABLES: [keyof RateLimits, string, number][] = [
  ['userLookupsPerMinute', 'IDENTITY_USER_LOOKUP_LIMIT', 120],
  ['signInsPerAccount', 'IDENTITY_SIGN_IN_LIMIT_PER_ACCOUNT', 10],
  ['signInFailuresPerAddress', 'IDENTITY_SIGN_IN_FAILURE_LIMIT_PER_IP', 50],
  ['signUpsPerAddress', 'IDENTITY_SIGN_UP_LIMIT_PER_IP', 10],
  ['mailRequestsPerAddress', 'IDENTITY_MAIL_REQUEST_LIMIT_PER_IP', 10],
  ['mailsPerMailbox', 'IDENTITY_MAIL_LIMIT_PER_MAILBOX', 5],
];

/** A whole number of at least `minimum` (surrounding spaces allowed, as before). */
const wholeNumber = (name: string, minimum: 0 | 1): TSchema =>
  Type.String({
    pattern: minimum === 1 ? '^\\s*0*[1-9][0-9]*\\s*$' : '^\\s*[0-9]+\\s*$',
    invalid: `${name} must be a whole number of at least ${minimum}, got "{value}"`,
  });

/** The environment identity reads besides the shared ports and URLs (tooling/config). */
const EnvSchema = Type.Object({
  IDENTITY_CLIENT_SECRET: Type.String(),
  IDENTITY_API_KEY: Type.String(),
  IDENTITY_COOKIE_KEYS: Type.String({
    pattern: '[^,\\s]',
    missing: 'IDENTITY_COOKIE_KEYS is required (comma-separated secrets)',
    invalid: 'IDENTITY_COOKIE_KEYS is required (comma-separated secrets)',
  }),
  IDENTITY_CLIENT_ID: Type.Optional(Type.String()),
  IDENTITY_REDIRECT_URIS: Type.Optional(Type.String()),
  IDENTITY_HOST: Type.Optional(Type.String({ minLength: 1 })),
  IDENTITY_DATABASE_URL: Type.Optional(Type.String()),
  IDENTITY_SEED_DEMO: Type.Optional(Type.String()),
  IDENTITY_DEMO_ACCOUNTS_FILE: Type.Optional(Type.String({ minLength: 1 })),
  IDENTITY_FAST_PASSWORD_HASHING: Type.Optional(
    Type.String({
      pattern: '^[01]?$',
      invalid: 'IDENTITY_FAST_PASSWORD_HASHING must be 0 or 1, got "{value}"',
    }),
  ),
  ...Object.fromEntries(
    LIMIT_VARIABLES.map(([, name]) => [name, Type.Optional(wholeNumber(name, 1))]),
  ),
  IDENTITY_TRUSTED_PROXIES: Type.Optional(wholeNumber('IDENTITY_TRUSTED_PROXIES', 0)),
});

/** Every variable identity reads itself, besides the shared ones (tooling/config): for checking deployment files. */
export const identityEnvironmentNames: readonly string[] = Object.keys(EnvSchema.properties);

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(
      `identity configuration is invalid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function safeProtocol(value: string): string {
  try {
    return new URL(value).protocol;
  } catch {
    return '';
  }
}

function isHttpUrl(value: string): boolean {
  return ['http:', 'https:'].includes(safeProtocol(value));
}

/** Cheap password hashes are for tests, which run on the local machine: refused anywhere else. */
function fastHashingProblem(env: NodeJS.ProcessEnv, publicUrl: string): string | undefined {
  if (env.IDENTITY_FAST_PASSWORD_HASHING !== '1' || isLoopbackUrl(publicUrl)) return undefined;
  return `IDENTITY_FAST_PASSWORD_HASHING=1 stores passwords with a cheap hash, which only tests on the local machine may do (a PUBLIC_URL on localhost, 127.0.0.1 or ::1); PUBLIC_URL is ${publicUrl}: set IDENTITY_FAST_PASSWORD_HASHING=0`;
}

export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const { problems } = checkEnvironment(EnvSchema, env);
  let tooling: VerityConfig;
  try {
    tooling = loadConfig(env);
  } catch (error) {
    throw new ConfigError([(error as Error).message]);
  }

  const clientSecret = env.IDENTITY_CLIENT_SECRET?.trim() ?? '';
  const apiKey = env.IDENTITY_API_KEY?.trim() ?? '';
  const cookieKeys = list(env.IDENTITY_COOKIE_KEYS);
  // Strong secrets everywhere, and the demo accounts only for the local demo
  // (docs/decisions/0028-trust-input-uploads-headers-and-secrets.md).
  for (const problem of [
    secretProblem(env, 'IDENTITY_CLIENT_SECRET'),
    secretProblem(env, 'IDENTITY_API_KEY'),
    secretProblem(env, 'IDENTITY_COOKIE_KEYS', { list: true }),
    demoSeedProblem(env, 'IDENTITY_SEED_DEMO', tooling.publicUrl),
    fastHashingProblem(env, tooling.publicUrl),
  ]) {
    if (problem) problems.push(problem);
  }

  const redirectUris = list(env.IDENTITY_REDIRECT_URIS);
  if (redirectUris.length === 0) redirectUris.push(`${tooling.publicUrl}/api/v1/auth/callback`);
  for (const uri of redirectUris) {
    if (!isHttpUrl(uri)) problems.push(`IDENTITY_REDIRECT_URIS has an invalid URL "${uri}"`);
  }
  if (!isHttpUrl(tooling.identityIssuer))
    problems.push(`IDENTITY_ISSUER must be an http(s) URL, got "${tooling.identityIssuer}"`);

  const count = (name: string, fallback: number) => Number(env[name]?.trim() || fallback);
  const limits = Object.fromEntries(
    LIMIT_VARIABLES.map(([key, name, fallback]) => [key, count(name, fallback)]),
  ) as unknown as RateLimits;
  const trustedProxies = count('IDENTITY_TRUSTED_PROXIES', 0);

  if (!/^smtps?:$/.test(safeProtocol(tooling.smtpUrl)))
    problems.push(`SMTP_URL must be an smtp:// or smtps:// URL, got "${tooling.smtpUrl}"`);
  if (tooling.mailFrom.trim() === '') problems.push('MAIL_FROM must not be blank');

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port: tooling.identityPort,
    host: env.IDENTITY_HOST?.trim() || '127.0.0.1',
    issuer: tooling.identityIssuer,
    client: {
      clientId: env.IDENTITY_CLIENT_ID?.trim() || 'verity',
      clientSecret,
      redirectUris,
      postLogoutRedirectUris: [`${tooling.publicUrl}/login`],
    },
    apiKey,
    cookieKeys,
    publicUrl: tooling.publicUrl,
    dataDir: tooling.dataDir,
    databaseUrl: env.IDENTITY_DATABASE_URL?.trim() || undefined,
    seedDemo: env.IDENTITY_SEED_DEMO === '1',
    fastPasswordHashing: env.IDENTITY_FAST_PASSWORD_HASHING === '1',
    mail: { smtpUrl: tooling.smtpUrl, from: tooling.mailFrom },
    trustedProxies,
    limits,
    demoAccountsFile:
      env.IDENTITY_DEMO_ACCOUNTS_FILE?.trim() ||
      path.join(tooling.repoRoot, 'tooling', 'demo-accounts.json'),
    migrationsDir: path.join(identityRoot, 'migrations'),
  };
}
