// The real API server as a child process on a PGlite of its own with the demo data, and signed-in clients for it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { KyInstance } from '@verity/session';
import type { UserType } from '../domain/user';
import { createApiClient } from '@verity/session';
import { freePort } from '../../../tooling/net/free-port';

const API_DIR = path.resolve(__dirname, '../../../api');
const SESSION_SECRET = 'shared-api-calls-test-session-secret';
const ACCESS_COOKIE = 'verity_access';
/** Ready when /readyz says so; this only tells a hang from a slow start on a busy machine. */
const READY_TIMEOUT_MS = 600_000;

/**
 * The API's database with its demo data: a copy of the seeded template the API's own tests build
 * once (api/test/support/databases.ts; built here when no test has yet), so neither the migrations
 * nor the seed run again. Its demo memberships are read here, each given a live session.
 */
const PREPARE_DATABASE = `
const load = async (file) => { const m = await import(file); return m['module.exports'] ?? m.default ?? m; };
const { createTestDatabase } = await load('./test/support/databases.ts');
const { openDatabase } = await load('./src/db/index.ts');
const copy = await createTestDatabase('pglite');
try {
  const db = await openDatabase({ dataDir: copy.env.DATA_DIR });
  try {
    // One live session per membership, as sign-in would start it: every request checks its session.
    const { rows } = await db.query(
      \`WITH started AS (INSERT INTO sessions (user_id) SELECT id FROM users RETURNING id, user_id)
       SELECT u.id, u.email, u.user_type, s.id AS session_id FROM users u JOIN started s ON s.user_id = u.id\`,
    );
    process.stdout.write(JSON.stringify({ dataDir: copy.env.DATA_DIR, memberships: rows }));
  } finally {
    await db.close();
  }
} catch (error) {
  await copy.dispose();
  throw error;
}`;

interface MembershipRow {
  id: string;
  email: string;
  user_type: UserType;
  session_id: string;
}

export interface RunningApi {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** The id of a demo membership. */
  userId(email: string, userType: UserType): string;
  /** A client signed in as that demo membership, like the browser after sign-in. */
  clientFor(email: string, userType: UserType): KyInstance;
  stop(): Promise<void>;
}

/** @fastify/cookie's signed value: `value.signature`, HMAC-SHA256 in base64 without padding. */
export function signCookieValue(value: string, secret: string): string {
  const signature = createHmac('sha256', secret).update(value).digest('base64').replace(/=/g, '');
  return `${value}.${signature}`;
}

/** The access cookie the API sets after sign-in (for that session), valid for an hour. */
export function accessCookie(
  userId: string,
  sessionId: string,
  secret: string = SESSION_SECRET,
): string {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const token = Buffer.from(JSON.stringify({ uid: userId, sid: sessionId, exp })).toString(
    'base64url',
  );
  return `${ACCESS_COOKIE}=${encodeURIComponent(signCookieValue(token, secret))}`;
}

/** Node in the API's folder; `withSources` lets it import the API's TypeScript (tsx), for preparation only. */
function runNode(args: string[], env: NodeJS.ProcessEnv, withSources = false): ChildProcess {
  return spawn(process.execPath, [...(withSources ? ['--import', 'tsx'] : []), ...args], {
    cwd: API_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function collect(child: ChildProcess): { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return { out: () => out, err: () => err };
}

interface PreparedDatabase {
  /** The API's DATA_DIR, a copy of its own. */
  dataDir: string;
  memberships: MembershipRow[];
}

async function prepareDatabase(env: NodeJS.ProcessEnv): Promise<PreparedDatabase> {
  const child = runNode(['--input-type=module', '--eval', PREPARE_DATABASE], env, true);
  const output = collect(child);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`Preparing the API database failed (${code}):\n${output.err()}`);
  return JSON.parse(output.out()) as PreparedDatabase;
}

async function waitUntilReady(
  origin: string,
  child: ChildProcess,
  stderr: () => string,
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exited = false;
  child.once('exit', () => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`The API exited before it was ready:\n${stderr()}`);
    const ready = await fetch(`${origin}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The API was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${stderr()}`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export interface StartApiOptions {
  /** The accounts service the API asks whether an email has an account; unreachable when left out. */
  accountsUrl?: string;
}

/** Starts the compiled API (`node api/dist/server.js`) on a free port and a DATA_DIR of its own. */
export async function startApi(options: StartApiOptions = {}): Promise<RunningApi> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    API_PORT: String(port),
    SEED_DEMO: '1',
    SESSION_SECRET,
    IDENTITY_ISSUER: 'http://127.0.0.1:9',
    IDENTITY_CLIENT_SECRET: 'identity-client-secret-for-shared-api-tests',
    IDENTITY_API_KEY: 'identity-api-key-for-shared-api-tests',
    LOG_LEVEL: 'warn',
    // A busy test machine must not shed the tests' requests.
    LOAD_SHEDDING_EVENT_LOOP_DELAY_MS: '0',
    LOAD_SHEDDING_EVENT_LOOP_UTILIZATION: '0',
    // The calls' tests need no reminder scan nor e-mail worker.
    JOB_QUEUE: '0',
    ...(options.accountsUrl ? { IDENTITY_ACCOUNTS_URL: options.accountsUrl } : {}),
  };

  const { dataDir, memberships } = await prepareDatabase(env);
  let server: ChildProcess | undefined;
  try {
    server = runNode(['--enable-source-maps', 'dist/server.js'], { ...env, DATA_DIR: dataDir });
    const output = collect(server);
    await waitUntilReady(origin, server, output.err);

    const membership = (email: string, userType: UserType): MembershipRow => {
      const row = memberships.find(
        (candidate) =>
          candidate.email.toLowerCase() === email.toLowerCase() && candidate.user_type === userType,
      );
      if (!row) throw new Error(`No demo ${userType} membership for ${email}`);
      return row;
    };
    const userId = (email: string, userType: UserType): string => membership(email, userType).id;

    const running = server;
    return {
      origin,
      userId,
      clientFor(email, userType) {
        const { id, session_id: sessionId } = membership(email, userType);
        const cookie = accessCookie(id, sessionId);
        return createApiClient({ prefixUrl: `${origin}/api/v1` }).extend({
          hooks: { beforeRequest: [(request) => request.headers.set('cookie', cookie)] },
        });
      },
      async stop() {
        await stopProcess(running);
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (server) await stopProcess(server);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
