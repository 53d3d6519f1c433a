import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureSharedFolder } from './shared-folder';

describe('a shared folder', () => {
  let parent: string;
  beforeEach(async () => {
    parent = await mkdtemp(path.join(os.tmpdir(), 'verity-shared-folder-'));
  });
  afterEach(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  it('is built once by whichever of several callers comes first, and whole for every caller', async () => {
    const dir = path.join(parent, 'template');
    let builds = 0;
    const build = async (building: string) => {
      builds += 1;
      await writeFile(path.join(building, 'made'), 'whole');
    };
    const dirs = await Promise.all([1, 2, 3].map(() => ensureSharedFolder(dir, build)));
    expect(dirs).toEqual([dir, dir, dir]);
    expect(builds).toBe(1);
    expect(await readFile(path.join(dir, 'made'), 'utf8')).toBe('whole');
  });

  it('is built again, once, when what it stands for outside it is gone', async () => {
    const dir = path.join(parent, 'template');
    // Stands for a database made beside the folder, say; the first build makes it.
    let outside = false;
    let builds = 0;
    const build = async (building: string) => {
      builds += 1;
      outside = true;
      await writeFile(path.join(building, 'made'), String(builds));
    };
    const isWhole = async () => outside;
    await ensureSharedFolder(dir, build, undefined, isWhole);
    expect(builds).toBe(1);

    outside = false; // the server's data was reset: the folder is still there, the database not
    await Promise.all([1, 2, 3].map(() => ensureSharedFolder(dir, build, undefined, isWhole)));
    expect(builds).toBe(2);
    expect(outside).toBe(true);
    expect(await readFile(path.join(dir, 'made'), 'utf8')).toBe('2');
  });
});
