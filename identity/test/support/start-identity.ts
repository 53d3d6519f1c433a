// Starts the real identity server as a child process on a free port, for tests in any package.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startMailCatcher } from '../../../tooling/mail/mail-catcher';
import type { MailCatcher } from '../../../tooling/mail/mail-catcher';
import { freePort, lostPortRace } from '../../../tooling/net/free-port';
import { ensureSharedFolder } from '../../../tooling/testing/shared-folder';

export const identityDir = path.resolve(__dirname, '../..');
export const testClient = {
  clientId: 'verity',
  clientSecret: 'test-client-secret-for-the-identity-tests',
  redirectUri: 'http://localhost:8080/api/v1/auth/callback',
};
export const testApiKey = 'test-identity-api-key-for-the-identity-tests';
export const testPublicUrl = 'http://localhost:8080';
export const testMailFrom = 'Verity <no-reply@verity.test>';
/** The longest a start may take before it is called a hang (the test's own time-out usually ends it first). */
const READY_BUDGET_MS = 10 * 60_000;

export interface RunningIdentity {
  url: string;
  dataDir: string;
  /** The SMTP server identity sends to: read what it sent here. */
  mail: MailCatcher;
  stop(): Promise<void>;
}

/** A template made by another build of identity this long ago is removed. */
const STALE_TEMPLATE_MS = 24 * 60 * 60_000;

/**
 * A DATA_DIR as identity leaves it after its first start on PGlite (migrated, with its signing keys,
 * and the demo accounts when `seeded`), built once per version of identity and copied per start:
 * a first start spends most of its time creating the database.
 */
async function templateDataDir(seeded: boolean): Promise<string> {
  const hash = createHash('sha256');
  const pglite = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..');
  hash.update(readFileSync(path.join(pglite, 'package.json')));
  hash.update(readFileSync(path.join(identityDir, 'dist/server.js')));
  const migrations = path.join(identityDir, 'migrations');
  for (const file of readdirSync(migrations).sort())
    hash.update(file).update(readFileSync(path.join(migrations, file)));
  if (seeded) hash.update(readFileSync(path.join(identityDir, '../tooling/demo-accounts.json')));
  const prefix = `verity-identity-template-${seeded ? 'seeded' : 'plain'}-`;
  const dir = path.join(os.tmpdir(), `${prefix}${hash.digest('hex').slice(0, 16)}`);
  return ensureSharedFolder(
    dir,
    async (building) => {
      const first = await startIdentity({
        DATA_DIR: building,
        ...(seeded ? { IDENTITY_SEED_DEMO: '1' } : {}),
      });
      await first.stop();
    },
    async () => {
      for (const name of await readdir(os.tmpdir())) {
        if (!name.startsWith(prefix) || name.includes('.')) continue;
        const other = path.join(os.tmpdir(), name);
        if (other === dir) continue;
        const age = await stat(other).then(
          (info) => Date.now() - info.mtimeMs,
          () => 0,
        );
        if (age > STALE_TEMPLATE_MS) await rm(other, { recursive: true, force: true });
      }
    },
  );
}

/** A fresh DATA_DIR for one start, copied from the template. */
async function freshDataDir(env: Record<string, string>): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'verity-identity-'));
  // On PostgreSQL the folder holds nothing yet; on PGlite it starts as a copy of the template.
  if (!env.IDENTITY_DATABASE_URL) {
    await cp(await templateDataDir(env.IDENTITY_SEED_DEMO === '1'), dataDir, { recursive: true });
  }
  return dataDir;
}

/**
 * Starts identity with a fresh database (or the DATA_DIR you pass, which is then kept) and waits for /healthz.
 * Variables you pass override the test defaults; the caller's own identity settings are not inherited.
 * Pass the IDENTITY_PORT of an earlier run to restart on the same issuer URL. Mail goes to a catcher
 * started here, or to the one you pass (which is then left running).
 */
export async function startIdentity(
  env: Record<string, string> = {},
  options: { mail?: MailCatcher } = {},
): Promise<RunningIdentity> {
  if (env.IDENTITY_PORT) return startOnce(Number(env.IDENTITY_PORT), env, options);
  // Another test's server can take the port between the choice and the bind: choose again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(await freePort(), env, options);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 5) throw error;
    }
  }
}

class PortTaken extends Error {}

async function startOnce(
  port: number,
  env: Record<string, string>,
  options: { mail?: MailCatcher },
): Promise<RunningIdentity> {
  const url = `http://127.0.0.1:${port}`;
  const ownDataDir = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? (await freshDataDir(env));
  const mail = options.mail ?? (await startMailCatcher());

  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        !name.startsWith('IDENTITY_') &&
        !['DATA_DIR', 'PUBLIC_URL', 'SHELL_PORT', 'SMTP_URL', 'MAIL_FROM'].includes(name),
    ),
  );
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(identityDir, 'dist/server.js')],
    {
      cwd: identityDir,
      env: {
        ...inherited,
        IDENTITY_PORT: String(port),
        IDENTITY_ISSUER: url,
        IDENTITY_CLIENT_ID: testClient.clientId,
        IDENTITY_CLIENT_SECRET: testClient.clientSecret,
        IDENTITY_REDIRECT_URIS: testClient.redirectUri,
        IDENTITY_API_KEY: testApiKey,
        IDENTITY_COOKIE_KEYS:
          'test-cookie-key-one-for-the-identity-tests,test-cookie-key-two-for-the-identity-tests',
        PUBLIC_URL: testPublicUrl,
        SMTP_URL: mail.smtpUrl,
        MAIL_FROM: testMailFrom,
        ...env,
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  // A test runner that exits without calling stop() must not leave the server behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
    if (!options.mail) await mail.stop();
  };

  // Ready when healthy, however long a busy machine takes; a server that exits fails the start at once.
  const deadline = Date.now() + READY_BUDGET_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { url, dataDir, mail, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  const message = `identity did not become healthy at ${url}:\n${output}`;
  throw lostPortRace(output) ? new PortTaken(message) : new Error(message);
}
