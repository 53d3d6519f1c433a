// `npm start` keeps its servers running: one that dies is started again, with back-off, saying so;
// it does not start on ports another program holds.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createTestDatabase, type TestDatabase } from '../../api/test/support/databases';
import { freePort } from '../net/free-port';

const stackUrl = pathToFileURL(path.join(__dirname, 'stack.mjs')).href;

/** The stack of `npm start`, with only the API, supervised; SIGTERM stops it the way Ctrl-C does. */
const driver = `
import { startStack } from ${JSON.stringify(stackUrl)};
const stack = await startStack({ servers: ['api'], supervise: true });
console.log('stack ready');
process.on('SIGTERM', async () => {
  await stack.stop();
  console.log('stack stopped');
  process.exit(0);
});
`;

/** What the stack printed, shown when a wait times out. */
let output = '';

async function waitFor(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${what}; the stack printed:\n${output.slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The API server the driver started, found by its script: the driver may have other children, such
 * as esbuild's service process when it compiled a changed source first.
 */
const apiPid = (parent: ChildProcess) =>
  Number(
    execFileSync('pgrep', ['-P', String(parent.pid), '-f', 'dist/server.js'])
      .toString()
      .trim()
      .split('\n')[0],
  );

let dataDir: string;
let database: TestDatabase | undefined;
let stack: ChildProcess | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'verity-supervise-'));
});
afterEach(async () => {
  // A failed test leaves the driver running: end its whole process group, so no API outlives it.
  if (stack && stack.exitCode === null) process.kill(-stack.pid!, 'SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
  await database?.dispose();
  database = undefined;
});

test('restarts a server that dies, with growing delays, and never once the stack stops', async () => {
  const port = await freePort();
  // The supervisor is the subject, not the database: the API starts on a copy of the API tests'
  // migrated PGlite template instead of creating one, and each start skips the demo data.
  database = await createTestDatabase('pglite', { template: 'migrated' });
  stack = spawn(process.execPath, ['--input-type=module', '-e', driver], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: database.env.DATA_DIR,
      API_PORT: String(port),
      LOG_LEVEL: 'warn',
      SMTP_URL: 'smtp://127.0.0.1:9',
      SEED_DEMO: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  output = '';
  stack.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  stack.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => stack!.once('exit', resolve));
  await waitFor(() => output.includes('stack ready'), 'the stack to start');
  const ready = () =>
    fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );

  process.kill(apiPid(stack), 'SIGKILL');
  await waitFor(
    () => output.includes('[api] stopped (SIGKILL); restarting in 1 s'),
    'the restart notice',
  );
  await waitFor(() => output.includes('[api] running again'), 'the API to run again');
  // A busy machine may make the fresh server shed a request for a moment: it answers again soon.
  await waitFor(ready, 'the restarted API to answer');

  // Dying again soon after: the next wait is twice as long.
  const before = output.length;
  process.kill(apiPid(stack), 'SIGKILL');
  await waitFor(
    () => output.slice(before).includes('[api] stopped (SIGKILL); restarting in 2 s'),
    'the second restart notice',
  );
  await waitFor(() => output.slice(before).includes('[api] running again'), 'the API again');
  await waitFor(ready, 'the API restarted twice to answer');

  const beforeStop = output.length;
  stack.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(output.slice(beforeStop)).toContain('stack stopped');
  expect(output.slice(beforeStop)).not.toContain('restarting');
  expect(await ready()).toBe(false);
}, 600_000);

test('refuses to start while another program holds a server port, naming the port and its variable', async () => {
  const port = await freePort();
  // Another program, such as a second Verity's API, answering health checks on the port.
  const other = http.createServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => other.listen(port, '127.0.0.1', resolve));
  try {
    stack = spawn(process.execPath, ['--input-type=module', '-e', driver], {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        API_PORT: String(port),
        LOG_LEVEL: 'warn',
        SMTP_URL: 'smtp://127.0.0.1:9',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    output = '';
    stack.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    stack.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => stack!.once('exit', resolve));
    // Before it refused, such a stack started, its readiness answered by the other program.
    // (A wait that stops either way: one left polling would keep jest from exiting.)
    const ended = () => stack!.exitCode !== null || stack!.signalCode !== null;
    await waitFor(() => output.includes('stack ready') || ended(), 'the stack to start or stop');
    expect(output).not.toContain('stack ready');
    expect(await exited).not.toBe(0);
    expect(output).toContain(
      `port ${port} (API_PORT, the api server's) is in use by another program, perhaps another Verity started with npm start: stop it, or set API_PORT to a free port`,
    );
  } finally {
    await new Promise((resolve) => other.close(resolve));
  }
}, 600_000);
