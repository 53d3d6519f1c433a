// The real API server, compiled (`node dist/server.js`), as a child process, for tests of what only a
// whole process shows: file modes, crashes, shutdown, kills.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { TEST_IDENTITY_API_KEY, TEST_IDENTITY_CLIENT_SECRET, TEST_SESSION_SECRET } from './app';
import { freePort } from './free-port';

export const apiDir = path.resolve(__dirname, '../..');

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves when the process has exited, with its code or signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM (or the given signal), then waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface StartApiOptions {
  /** The umask the process starts with (the server is expected to set its own). */
  umask?: number;
  /** Reuse a port, e.g. to restart on the same address. */
  port?: number;
  /** The server's script, relative to api/ (another build of it, for a benchmark's before and after). */
  script?: string;
  /**
   * A volume of its own for `${DATA_DIR}/attachments`: a tmpfs of this size (read-only if asked),
   * mounted in a mount namespace of the process alone (`unshare`), so it goes with the process
   * whatever ends it and nothing else sees it. Root (as CI runs) mounts it directly; another user
   * needs unprivileged user namespaces. The test reads it at `/proc/<pid>/root/...` (`volumePath`).
   */
  attachmentsVolume?: { sizeBytes: number; readOnly?: boolean };
}

/** Where the test sees a path as the process `pid` sees it (its own mounts included). */
export const volumePath = (pid: number, target: string) =>
  path.join(`/proc/${pid}/root`, path.resolve(target));

/** The command that runs `node ...args` with the attachments folder on a tmpfs of its own. */
function onOwnVolume(
  args: string[],
  folder: string,
  { sizeBytes, readOnly = false }: NonNullable<StartApiOptions['attachmentsVolume']>,
): [string, string[]] {
  const isRoot = process.getuid?.() === 0;
  const options = `size=${sizeBytes},mode=700${readOnly ? ',ro' : ''}`;
  return [
    'unshare',
    [
      ...(isRoot ? ['--mount'] : ['--user', '--map-root-user', '--mount']),
      'sh',
      '-c',
      'mount -t tmpfs -o "$1" verity-attachments "$2" && shift 2 && exec "$@"',
      'sh',
      options,
      folder,
      process.execPath,
      ...args,
    ],
  ];
}

/**
 * Starts the API on a free port with the test secrets and `env` (DATA_DIR, DATABASE_URL...), and
 * resolves once it says it listens.
 */
export async function startApiProcess(
  env: NodeJS.ProcessEnv,
  { umask, port, script = 'dist/server.js', attachmentsVolume }: StartApiOptions = {},
): Promise<ApiProcess> {
  const apiPort = port ?? (await freePort());
  const args = ['--enable-source-maps', script];
  let command: [string, string[]] = [process.execPath, args];
  if (attachmentsVolume) {
    const folder = path.join(env.DATA_DIR!, 'attachments');
    await mkdir(folder, { recursive: true });
    command = onOwnVolume(args, folder, attachmentsVolume);
  }
  const previousUmask = umask === undefined ? undefined : process.umask(umask);
  let child: ChildProcess;
  try {
    child = spawn(command[0], command[1], {
      cwd: apiDir,
      env: {
        PATH: process.env.PATH,
        API_PORT: String(apiPort),
        LOG_LEVEL: 'warn',
        SESSION_SECRET: TEST_SESSION_SECRET,
        IDENTITY_ISSUER: 'http://127.0.0.1:9',
        IDENTITY_CLIENT_SECRET: TEST_IDENTITY_CLIENT_SECRET,
        IDENTITY_API_KEY: TEST_IDENTITY_API_KEY,
        SEED_DEMO: '1',
        // A busy test machine must not shed a test's requests (the load-shedding tests turn it on).
        LOAD_SHEDDING_EVENT_LOOP_DELAY_MS: '0',
        LOAD_SHEDDING_EVENT_LOOP_UTILIZATION: '0',
        // The job queue's workers only where a test asks for them.
        JOB_QUEUE: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } finally {
    if (previousUmask !== undefined) process.umask(previousUmask);
  }
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const onData = () => {
      const match = /api listening on (\S+)/.exec(output);
      if (match) {
        child.stdout?.off('data', onData);
        resolve(match[1]!);
      }
    };
    child.stdout?.on('data', onData);
    void exited.then(({ code, signal }) =>
      reject(new Error(`api exited (${signal ?? code}) before listening:\n${output}`)),
    );
  });
  return {
    url,
    child,
    output: () => output,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Polls `check` until it returns true (or throws after `timeoutMs`): a wait-for, never a fixed sleep. */
export async function waitFor(
  check: () => Promise<boolean> | boolean,
  what: string,
  // Long enough for a loaded machine, shorter than a test's time-out so the failure names what it waited for.
  timeoutMs = 300_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
