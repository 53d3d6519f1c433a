import { spawn } from 'node:child_process';
import path from 'node:path';
import {
  TEST_IDENTITY_API_KEY,
  TEST_IDENTITY_CLIENT_SECRET,
  TEST_SESSION_SECRET,
} from './support/app';
import { anyDatabaseKind, createTestDatabase, type TestDatabase } from './support/databases';
import { freePort } from './support/free-port';

describe('the API server', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(anyDatabaseKind);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('listens, answers, and stops cleanly on SIGTERM', async () => {
    const apiDir = path.resolve(__dirname, '..');
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
      cwd: apiDir,
      env: {
        PATH: process.env.PATH,
        API_PORT: String(await freePort()),
        LOG_LEVEL: 'warn',
        SESSION_SECRET: TEST_SESSION_SECRET,
        IDENTITY_CLIENT_SECRET: TEST_IDENTITY_CLIENT_SECRET,
        IDENTITY_API_KEY: TEST_IDENTITY_API_KEY,
        // A busy test machine must not shed the readiness check.
        LOAD_SHEDDING_EVENT_LOOP_DELAY_MS: '0',
        LOAD_SHEDDING_EVENT_LOOP_UTILIZATION: '0',
        ...database.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /api listening on (\S+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      void exited.then((code) => reject(new Error(`api exited (${code}):\n${output}`)));
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', attachments: 'ok' },
    });

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('refuses to start with ATTACHMENT_STORAGE=s3 and no bucket, saying so', async () => {
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
      cwd: path.resolve(__dirname, '..'),
      env: {
        PATH: process.env.PATH,
        API_PORT: String(await freePort()),
        SESSION_SECRET: TEST_SESSION_SECRET,
        IDENTITY_CLIENT_SECRET: TEST_IDENTITY_CLIENT_SECRET,
        IDENTITY_API_KEY: TEST_IDENTITY_API_KEY,
        ATTACHMENT_STORAGE: 's3',
        ...database.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      'Environment variable S3_BUCKET is required with ATTACHMENT_STORAGE=s3 (the bucket that holds the attachments)',
    );
  });
});
