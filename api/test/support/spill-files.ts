import { readdir, readlink, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The sizes of the export spill files (api/src/db/spill-buffer.ts) that process `pid` holds open in
 * `folder`. Each is unlinked as soon as it is opened, so only the process's open files show it.
 */
export async function spillFileSizes(pid: number, folder: string): Promise<number[]> {
  const fds = await readdir(`/proc/${pid}/fd`).catch(() => []);
  const sizes: number[] = [];
  for (const fd of fds) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    if (!target.startsWith(path.join(folder, 'export-'))) continue;
    const size = await stat(`/proc/${pid}/fd/${fd}`).then(
      (file) => file.size,
      () => undefined,
    );
    if (size !== undefined) sizes.push(size);
  }
  return sizes;
}
