// The shell's real server, compiled (`node shell/server/dist/index.js`), proxying /api/v1 to `apiUrl`.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

const shellDir = path.resolve(__dirname, '../../../shell');

export interface ShellProcess {
  url: string;
  stop(): Promise<void>;
}

export async function startShellProcess(apiUrl: string): Promise<ShellProcess> {
  const port = await freePort();
  // The proxy is what is under test: an empty folder stands in for the built shell.
  const distDir = await mkdtemp(path.join(os.tmpdir(), 'verity-shell-dist-'));
  const child = spawn(process.execPath, ['--enable-source-maps', 'server/dist/index.js'], {
    cwd: shellDir,
    env: {
      PATH: process.env.PATH,
      SHELL_PORT: String(port),
      API_URL: apiUrl,
      SHELL_DIST_DIR: distDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (output.includes('shell listening on')) resolve();
    };
    child.stdout.on('data', onData);
    void exited.then(() => reject(new Error(`shell exited before listening:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await rm(distDir, { recursive: true, force: true });
    },
  };
}
