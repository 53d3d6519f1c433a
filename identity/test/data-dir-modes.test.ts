import { chmod, lstat, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startIdentity } from './support/start-identity';
import type { RunningIdentity } from './support/start-identity';

/** Every folder and file under `root` with a mode other than 700 (folders) or 600 (files). */
async function looseModes(root: string): Promise<string[]> {
  const loose: string[] = [];
  const walk = async (target: string) => {
    const info = await lstat(target);
    const mode = info.mode & 0o777;
    if (info.isDirectory()) {
      if (mode !== 0o700) loose.push(`${path.relative(root, target) || '.'} ${mode.toString(8)}`);
      for (const entry of await readdir(target)) await walk(path.join(target, entry));
    } else if (mode !== 0o600) {
      loose.push(`${path.relative(root, target)} ${mode.toString(8)}`);
    }
  };
  await walk(root);
  return loose;
}

let dataDir: string;
let identity: RunningIdentity | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'verity-identity-modes-'));
});

afterEach(async () => {
  await identity?.stop();
  identity = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

it('keeps DATA_DIR private (700 folders, 600 files) whatever the umask, repairing what was there', async () => {
  // What an earlier version left behind: secrets readable and writable by everyone.
  await writeFile(path.join(dataDir, 'secrets.json'), '{}');
  await chmod(path.join(dataDir, 'secrets.json'), 0o666);
  await chmod(dataDir, 0o777);

  const previous = process.umask(0o000);
  try {
    identity = await startIdentity({ DATA_DIR: dataDir, IDENTITY_SEED_DEMO: '1' });
  } finally {
    process.umask(previous);
  }
  expect(await readdir(path.join(dataDir, 'identity-db'))).toContain('PG_VERSION');
  expect(await looseModes(dataDir)).toEqual([]);

  await identity.stop();
  identity = undefined;
  expect(await looseModes(dataDir)).toEqual([]);
});
