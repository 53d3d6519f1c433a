// The identity server's settings, read from the environment once and checked at start.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface ToolingConfig {
  repoRoot: string;
  dataDir: string;
  identityPort: number;
  identityIssuer: string;
  publicUrl: string;
}

const require = createRequire(import.meta.url);
const { loadConfig } = require('../../tooling/config/index.cjs') as {
  loadConfig(env: NodeJS.ProcessEnv): ToolingConfig;
};
const { demoSeedProblem, secretProblem } =
  require('../../tooling/config/deployment.cjs') as typeof import('../../tooling/config/deployment.cjs');

export const identityRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface IdentityConfig {
  port: number;
  issuer: string;
  client: {
    clientId: string;
    clientSecret: string;
    redirectUris: string[];
    postLogoutRedirectUris: string[];
  };
  apiKey: string;
  cookieKeys: string[];
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  userLookupLimitPerMinute: number;
  demoAccountsFile: string;
  migrationsDir: string;
}

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

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const problems: string[] = [];
  let tooling: ToolingConfig;
  try {
    tooling = loadConfig(env);
  } catch (error) {
    throw new ConfigError([(error as Error).message]);
  }

  const required = (name: string): string => {
    const value = env[name]?.trim() ?? '';
    if (value === '') problems.push(`${name} is required`);
    return value;
  };

  const clientSecret = required('IDENTITY_CLIENT_SECRET');
  const apiKey = required('IDENTITY_API_KEY');
  const cookieKeys = list(env.IDENTITY_COOKIE_KEYS);
  if (cookieKeys.length === 0)
    problems.push('IDENTITY_COOKIE_KEYS is required (comma-separated secrets)');
  // Strong secrets everywhere, and the demo accounts only for the local demo (docs/decisions.md).
  for (const problem of [
    secretProblem(env, 'IDENTITY_CLIENT_SECRET'),
    secretProblem(env, 'IDENTITY_API_KEY'),
    secretProblem(env, 'IDENTITY_COOKIE_KEYS', { list: true }),
    demoSeedProblem(env, 'IDENTITY_SEED_DEMO', tooling.publicUrl),
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

  const rawLimit = env.IDENTITY_USER_LOOKUP_LIMIT?.trim();
  const userLookupLimitPerMinute = rawLimit ? Number(rawLimit) : 120;
  if (!Number.isInteger(userLookupLimitPerMinute) || userLookupLimitPerMinute < 1) {
    problems.push(`IDENTITY_USER_LOOKUP_LIMIT must be a positive whole number, got "${rawLimit}"`);
  }

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port: tooling.identityPort,
    issuer: tooling.identityIssuer,
    client: {
      clientId: env.IDENTITY_CLIENT_ID?.trim() || 'verity',
      clientSecret,
      redirectUris,
      postLogoutRedirectUris: [`${tooling.publicUrl}/login`],
    },
    apiKey,
    cookieKeys,
    dataDir: tooling.dataDir,
    databaseUrl: env.IDENTITY_DATABASE_URL?.trim() || undefined,
    seedDemo: env.IDENTITY_SEED_DEMO === '1',
    userLookupLimitPerMinute,
    demoAccountsFile: path.join(tooling.repoRoot, 'tooling', 'demo-accounts.json'),
    migrationsDir: path.join(identityRoot, 'migrations'),
  };
}
