// A folder that several test workers need, built once by whichever takes the lock while the others
// wait for it: a migrated database to copy per test file, say. The folder appears whole or not at all.
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';

/** A build that left its lock this long ago died: the lock is taken over. */
const STALE_LOCK_MS = 10 * 60_000;

const exists = (target: string) =>
  stat(target).then(
    () => true,
    () => false,
  );

/**
 * Returns `dir`, first building it with `build` (into a fresh folder next to it, renamed into place
 * when done) unless it exists. `afterBuild` runs once the new folder is in place, still under the lock.
 * `isWhole` says whether what the folder stands for outside it is still there (a database the build
 * made, say): a folder whose outside part is gone is built again, once, under the lock.
 */
export async function ensureSharedFolder(
  dir: string,
  build: (building: string) => Promise<void>,
  afterBuild?: () => Promise<void>,
  isWhole: () => Promise<boolean> = async () => true,
): Promise<string> {
  const lock = `${dir}.lock`;
  const ready = async () => (await exists(dir)) && (await isWhole());
  for (;;) {
    if (await ready()) return dir;
    const locked = await mkdir(lock).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
        return false;
      },
    );
    if (locked) break;
    const since = await stat(lock).then(
      (info) => Date.now() - info.mtimeMs,
      () => 0,
    );
    if (since > STALE_LOCK_MS) await rm(lock, { recursive: true, force: true });
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  try {
    if (await ready()) return dir;
    await rm(dir, { recursive: true, force: true });
    const building = await mkdtemp(`${dir}.building-`);
    try {
      await build(building);
    } catch (error) {
      await rm(building, { recursive: true, force: true });
      throw error;
    }
    await rename(building, dir);
    await afterBuild?.();
    return dir;
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}
