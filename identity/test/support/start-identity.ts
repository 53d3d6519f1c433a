// Starts the real identity server as a child process on a free port, for tests in any package.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startMailCatcher } from '../../../tooling/mail/mail-catcher';
import type { MailCatcher } from '../../../tooling/mail/mail-catcher';
import { freePort, lostPortRace } from '../../../tooling/net/free-port';
import { createDatabase, databaseExists } from '../../../tooling/testing/create-database';
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
/**
 * Cheap password hashes unless a test says IDENTITY_FAST_PASSWORD_HASHING=0: the production cost is
 * tested in password-hashing.test.ts (docs/decisions/0071-identity-tests-cheaper.md).
 */
const testPasswordHashing = { IDENTITY_FAST_PASSWORD_HASHING: '1' };
/** The longest a start may take before it is called a hang (the test's own time-out usually ends it first). */
const READY_BUDGET_MS = 10 * 60_000;

export interface RunningIdentity {
  url: string;
  dataDir: string;
  /** The SMTP server identity sends to: read what it sent here. */
  mail: MailCatcher;
  stop(): Promise<void>;
}

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * Where a test's identity keeps its data unless the test says (a DATA_DIR, IDENTITY_DATABASE_URL, or
 * the `database` option): PostgreSQL when TEST_DATABASE_URL names a server, as in CI, PGlite
 * otherwise. The files whose subject is the embedded database (its folder, its one process) name
 * PGlite themselves (docs/decisions/0071-identity-tests-cheaper.md).
 */
export const defaultDatabaseKind: DatabaseKind = process.env.TEST_DATABASE_URL
  ? 'postgres'
  : 'pglite';

/** A template made by another build of identity this long ago is removed. */
const STALE_TEMPLATE_MS = 24 * 60 * 60_000;

/**
 * What shapes a template: PGlite's version, identity's build, its migrations, the demo accounts and
 * their hashes' cost.
 */
function templateHash(seeded: boolean): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(testPasswordHashing));
  const pglite = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..');
  hash.update(readFileSync(path.join(pglite, 'package.json')));
  hash.update(readFileSync(path.join(identityDir, 'dist/server.js')));
  const migrations = path.join(identityDir, 'migrations');
  for (const file of readdirSync(migrations).sort())
    hash.update(file).update(readFileSync(path.join(migrations, file)));
  if (seeded) hash.update(readFileSync(path.join(identityDir, '../tooling/demo-accounts.json')));
  return hash.digest('hex').slice(0, 16);
}

/** The template's folder name without its hash: `verity-identity-template-[pg-]{seeded,plain}-`. */
const templatePrefix = (kind: DatabaseKind, seeded: boolean) =>
  `verity-identity-template-${kind === 'postgres' ? 'pg-' : ''}${seeded ? 'seeded' : 'plain'}-`;

/** The template database whose marker folder is `folder` (a name in the temporary folder). */
const templateDatabaseName = (folder: string) =>
  folder.replace('verity-identity-template-pg-', 'verity_identity_template_').replace(/-/g, '_');

/**
 * A template as identity leaves it after its first start (migrated, with its signing keys, and the
 * demo accounts when `seeded`), built once per version of identity and copied per start: a first
 * start spends most of its time creating the database. The seeded template is a start with the demo
 * accounts on a copy of the plain one, so a run creates one database, not two. On PGlite the folder
 * is the template; on PostgreSQL it marks that the template database (templateDatabaseName) is whole.
 */
async function ensureTemplate(kind: DatabaseKind, seeded: boolean): Promise<string> {
  const prefix = templatePrefix(kind, seeded);
  const folder = `${prefix}${templateHash(seeded)}`;
  const dir = path.join(os.tmpdir(), folder);
  const seed: Record<string, string> = seeded ? { IDENTITY_SEED_DEMO: '1' } : {};
  return ensureSharedFolder(
    dir,
    async (building) => {
      if (kind === 'pglite') {
        if (seeded) await cp(await ensureTemplate(kind, false), building, { recursive: true });
        const first = await startIdentity({ DATA_DIR: building, ...seed });
        await first.stop();
        return;
      }
      const name = templateDatabaseName(folder);
      const partial = `${name}_building`;
      const plain = seeded
        ? templateDatabaseName(path.basename(await ensureTemplate(kind, false)))
        : undefined;
      await withAdmin(async (admin) => {
        await admin.query(`DROP DATABASE IF EXISTS ${partial} WITH (FORCE)`);
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await createDatabase(admin, partial, plain);
      });
      const first = await startIdentity({ IDENTITY_DATABASE_URL: databaseUrl(partial), ...seed });
      await first.stop();
      await withAdmin((admin) => admin.query(`ALTER DATABASE ${partial} RENAME TO ${name}`));
    },
    async () => {
      for (const name of await readdir(os.tmpdir())) {
        if (!name.startsWith(prefix) || name.includes('.') || name === folder) continue;
        const other = path.join(os.tmpdir(), name);
        const age = await stat(other).then(
          (info) => Date.now() - info.mtimeMs,
          () => 0,
        );
        if (age <= STALE_TEMPLATE_MS) continue;
        if (kind === 'postgres')
          await withAdmin((admin) =>
            admin.query(`DROP DATABASE IF EXISTS ${templateDatabaseName(name)} WITH (FORCE)`),
          );
        await rm(other, { recursive: true, force: true });
      }
    },
    // A PostgreSQL template's folder outlives its database when the server's data is reset.
    kind === 'postgres'
      ? () => withAdmin((admin) => databaseExists(admin, templateDatabaseName(folder)))
      : undefined,
  );
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The URL of a database on the TEST_DATABASE_URL server. */
export function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A PostgreSQL database of its own on the TEST_DATABASE_URL server: a copy of the template (as
 * identity leaves it after a first start, with the demo accounts when `seeded`), or empty.
 */
export async function createPostgresDatabase(
  template: 'empty' | 'plain' | 'seeded',
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `verity_identity_test_${randomBytes(6).toString('hex')}`;
  if (template === 'empty') {
    await withAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
  } else {
    const source = templateDatabaseName(
      path.basename(await ensureTemplate('postgres', template === 'seeded')),
    );
    await withAdmin((admin) => createDatabase(admin, name, source));
  }
  return {
    name,
    url: databaseUrl(name),
    async drop() {
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** Fills `dataDir` with a copy of the PGlite template (with the demo accounts when `seeded`). */
export async function copyPgliteTemplate(dataDir: string, seeded: boolean): Promise<void> {
  await cp(await ensureTemplate('pglite', seeded), dataDir, { recursive: true });
}

export interface StartOptions {
  /** The catcher to send mail to (left running at stop); else one started here. */
  mail?: MailCatcher;
  /** The fresh database's kind when the variables name none: defaultDatabaseKind unless given. */
  database?: DatabaseKind;
}

/**
 * Starts identity and waits for /healthz. Its data is where the variables say (DATA_DIR, which is
 * then kept; IDENTITY_DATABASE_URL), else a fresh copy of the template (with the demo accounts when
 * IDENTITY_SEED_DEMO=1) of `options.database`, removed at stop.
 * Variables you pass override the test defaults; the caller's own identity settings are not inherited.
 * Pass the IDENTITY_PORT of an earlier run to restart on the same issuer URL. Mail goes to a catcher
 * started here, or to the one you pass (which is then left running).
 */
export async function startIdentity(
  env: Record<string, string> = {},
  options: StartOptions = {},
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

/** A fresh DATA_DIR for one start, and the database of its own it starts on (removed by `remove`). */
async function freshData(
  env: Record<string, string>,
  kind: DatabaseKind,
): Promise<{ dataDir: string; env: Record<string, string>; remove(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'verity-identity-'));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  const seeded = env.IDENTITY_SEED_DEMO === '1';
  // On a server the test names, the folder holds nothing yet.
  if (env.IDENTITY_DATABASE_URL) return { dataDir, env: {}, remove: removeDir };
  if (kind === 'pglite') {
    await copyPgliteTemplate(dataDir, seeded);
    return { dataDir, env: {}, remove: removeDir };
  }
  const database = await createPostgresDatabase(seeded ? 'seeded' : 'plain');
  return {
    dataDir,
    env: { IDENTITY_DATABASE_URL: database.url },
    async remove() {
      await database.drop();
      await removeDir();
    },
  };
}

async function startOnce(
  port: number,
  env: Record<string, string>,
  options: StartOptions,
): Promise<RunningIdentity> {
  const url = `http://127.0.0.1:${port}`;
  const own =
    env.DATA_DIR === undefined
      ? await freshData(env, options.database ?? defaultDatabaseKind)
      : undefined;
  const dataDir = env.DATA_DIR ?? own!.dataDir;
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
        ...testPasswordHashing,
        ...own?.env,
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
    await own?.remove();
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
