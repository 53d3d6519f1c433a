import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  TEST_IDENTITY_API_KEY,
  TEST_IDENTITY_CLIENT_SECRET,
  TEST_IDENTITY_COOKIE_KEYS,
} from './app';
import { createTestDatabase, type TestDatabase } from './databases';
import { freePort } from './free-port';

const identityDir = path.resolve(__dirname, '../../../identity');

export interface IdentityServer {
  issuer: string;
  clientSecret: string;
  apiKey: string;
  stop(): Promise<void>;
  /** SIGKILL, as a crash: resolves once the process is gone (its files are removed). */
  kill(): Promise<void>;
}

function waitForListening(child: ChildProcess, output: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onData = () => {
      if (/identity listening on /.test(output())) {
        cleanup();
        resolve();
      }
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`identity exited (${code}) before listening:\n${output()}`));
    };
    const cleanup = () => {
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
    };
    child.stdout?.on('data', onData);
    child.on('exit', onExit);
  });
}

/**
 * Starts the real identity server, compiled (`node identity/dist/server.js`), with the demo accounts,
 * accepting `redirectUri`. Its database is PostgreSQL when TEST_DATABASE_URL is set (faster), else PGlite.
 */
export async function startIdentity({
  redirectUri,
  env = {},
  port: reusedPort,
}: {
  redirectUri: string;
  /** More of identity's environment, e.g. IDENTITY_USER_LOOKUP_LIMIT. */
  env?: NodeJS.ProcessEnv;
  /** The port of an earlier one, to come back at the same issuer (with a database of its own). */
  port?: number;
}): Promise<IdentityServer> {
  const port = reusedPort ?? (await freePort());
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'verity-identity-test-'));
  const database: TestDatabase | undefined = process.env.TEST_DATABASE_URL
    ? await createTestDatabase('postgres', { template: 'empty' })
    : undefined;
  const issuer = `http://localhost:${port}`;
  const clientSecret = TEST_IDENTITY_CLIENT_SECRET;
  const apiKey = TEST_IDENTITY_API_KEY;
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(identityDir, 'dist/server.js')],
    {
      cwd: identityDir,
      env: {
        PATH: process.env.PATH,
        IDENTITY_PORT: String(port),
        IDENTITY_ISSUER: issuer,
        IDENTITY_CLIENT_ID: 'verity',
        IDENTITY_CLIENT_SECRET: clientSecret,
        IDENTITY_REDIRECT_URIS: redirectUri,
        IDENTITY_API_KEY: apiKey,
        IDENTITY_COOKIE_KEYS: TEST_IDENTITY_COOKIE_KEYS,
        IDENTITY_SEED_DEMO: '1',
        DATA_DIR: dataDir,
        ...(database?.env.DATABASE_URL ? { IDENTITY_DATABASE_URL: database.env.DATABASE_URL } : {}),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let stopping = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      // A provider that dies under a test fails it with "unavailable": say why, with its own words.
      if (!stopping)
        console.error(`identity exited (${signal ?? code}) during the test:\n${output}`);
      resolve();
    }),
  );

  const cleanupFiles = async () => {
    await database?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForListening(child, () => output);
  } catch (error) {
    stopping = true;
    child.kill('SIGKILL');
    await exited;
    await cleanupFiles();
    throw error;
  }

  return {
    issuer,
    clientSecret,
    apiKey,
    async stop() {
      stopping = true;
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await cleanupFiles();
    },
    async kill() {
      stopping = true;
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
      await cleanupFiles();
    },
  };
}
