// Starts the whole stack as `npm start` does (from the existing builds), on the e2e ports with a
// fresh data folder, and stops it when the run ends.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { e2eEnvironment } from './environment';

interface StackModule {
  startStack(options: {
    env: NodeJS.ProcessEnv;
    quiet?: boolean;
    readyTimeoutMs?: number;
  }): Promise<{
    processes: Record<string, { pid?: number }>;
    stop(): Promise<void>;
  }>;
}

export default async function globalSetup() {
  const { env } = e2eEnvironment();
  rmSync(env.DATA_DIR!, { recursive: true, force: true });
  const stackUrl = pathToFileURL(path.resolve(__dirname, '../../tooling/scripts/stack.mjs')).href;
  const { startStack } = (await import(stackUrl)) as StackModule;
  const stack = await startStack({
    env: { ...process.env, ...env },
    quiet: !process.env.E2E_VERBOSE,
    // A shared CI machine may be busy: each server gets minutes, not seconds, to answer its health check.
    readyTimeoutMs: 180_000,
  });
  process.env.E2E_STATIC_SITES_FILE = env.STATIC_SITES_FILE;
  for (const [name, child] of Object.entries(stack.processes)) {
    process.env[`E2E_PID_${name.toUpperCase().replace(/-/g, '_')}`] = String(child.pid);
  }
  return async () => {
    await stack.stop();
    rmSync(env.DATA_DIR!, { recursive: true, force: true });
  };
}
