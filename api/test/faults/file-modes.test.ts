import { chmod, lstat, readdir, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { startApiProcess, type ApiProcess } from '../support/api-process';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';

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

async function makeWorldWritable(target: string): Promise<void> {
  const info = await lstat(target);
  await chmod(target, info.isDirectory() ? 0o777 : 0o666);
  if (info.isDirectory()) {
    for (const entry of await readdir(target)) await makeWorldWritable(path.join(target, entry));
  }
}

describe.each(databaseKinds)('DATA_DIR file modes on %s', (kind) => {
  let database: TestDatabase;
  let api: ApiProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await api?.stop();
    await database?.dispose();
  });

  it('repairs a world-writable DATA_DIR and keeps everything it writes private, whatever the umask', async () => {
    const dataDir = database.env.DATA_DIR;
    // What an earlier version left behind: a shared attachment and secrets readable by everyone.
    await mkdir(path.join(dataDir, 'attachments'), { recursive: true });
    await writeFile(path.join(dataDir, 'attachments', 'earlier.png'), 'png');
    await writeFile(path.join(dataDir, 'secrets.json'), '{}');
    await makeWorldWritable(dataDir);
    expect((await looseModes(dataDir)).length).toBeGreaterThan(2);

    api = await startApiProcess(database.env, { umask: 0o000 });
    const ready = await fetch(`${api.url}/readyz`);
    expect(ready.status).toBe(200);
    // The demo data written at start includes a remark photo under attachments/.
    expect((await readdir(path.join(dataDir, 'attachments'))).length).toBeGreaterThan(1);
    expect(await looseModes(dataDir)).toEqual([]);

    expect((await api.stop()).code).toBe(0);
    expect(await looseModes(dataDir)).toEqual([]);
  });
});
