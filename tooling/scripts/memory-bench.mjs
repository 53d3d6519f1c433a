// `npm run bench:memory`: how much memory `npm start`'s servers hold. Starts the stack as `npm start`
// does (from the existing builds) on spare ports with a new data folder, so the databases are made
// and the demo loaded, then prints each server's resident memory (its process and their children,
// from /proc) 5 s and 35 s after all are ready, and the whole group with the supervisor. Linux only.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensurePnpm, pnpmInstall } from './ensure-tools.mjs';

/** Resident memory of a process and its descendants, in MB. */
function residentMb(pid) {
  let kb = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const current = pending.pop();
    try {
      kb += Number(
        /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${current}/status`, 'utf8'))?.[1] ?? 0,
      );
      const children = readFileSync(`/proc/${current}/task/${current}/children`, 'utf8').trim();
      if (children) pending.push(...children.split(/\s+/).map(Number));
    } catch {
      // It ended meanwhile.
    }
  }
  return Math.round(kb / 1024);
}

/** A port nothing listens on now (the kernel's choice). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function main() {
  pnpmInstall(ensurePnpm());
  const { startStack } = await import('./stack.mjs');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'verity-memory-'));
  const ports = {};
  for (const name of [
    'SHELL_PORT',
    'API_PORT',
    'IDENTITY_PORT',
    'REMOTE_CLIENT_PORT',
    'REMOTE_AUDITOR_PORT',
    'REMOTE_TARGET_COMPANY_PORT',
    'MAIL_CATCHER_PORT',
    'MAIL_CATCHER_SMTP_PORT',
  ]) {
    ports[name] = String(await freePort());
  }
  const started = Date.now();
  const stack = await startStack({
    env: { ...process.env, ...ports, DATA_DIR: dataDir },
    quiet: true,
  });
  console.log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  try {
    for (const after of [5, 35]) {
      await new Promise((resolve) => setTimeout(resolve, (after === 5 ? 5 : 30) * 1000));
      let total = 0;
      const parts = Object.entries(stack.processes).map(([name, child]) => {
        const mb = residentMb(child.pid);
        total += mb;
        return `${name} ${mb}`;
      });
      // The supervisor (this process, as `npm start`'s own) holds memory too.
      const supervisor = residentMb(process.pid) - total;
      console.log(
        `${after} s after ready, MB: ${parts.join(', ')}; servers ${total}; ` +
          `with the supervisor ${total + supervisor}`,
      );
    }
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`bench:memory failed: ${error.message}`);
  process.exit(1);
});
