import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { SpillBuffer } from '../../src/db/spill-buffer';

/** Writes every chunk, each after the previous one's callback, and resolves once the buffer finished. */
async function writeAll(buffer: SpillBuffer, chunks: Buffer[]): Promise<void> {
  for (const chunk of chunks) {
    await new Promise<void>((resolve, reject) =>
      buffer.write(chunk, (error) => (error ? reject(error) : resolve())),
    );
  }
  buffer.end();
  await once(buffer, 'finish');
}

async function readAll(buffer: SpillBuffer): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of buffer) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the export spill buffer', () => {
  let folder: string;

  beforeEach(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'verity-spill-test-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('takes every write while nobody reads, then gives back every byte in order', async () => {
    const chunks = Array.from({ length: 80 }, () => randomBytes(64 * 1024));
    const buffer = new SpillBuffer(folder);
    // 5 MB written with no reader: more than memory holds, so most of it waits in the file.
    await writeAll(buffer, chunks);
    // The file was unlinked when opened: nothing is left on disk, even if the process were killed.
    expect(await readdir(folder)).toEqual([]);
    expect((await readAll(buffer)).equals(Buffer.concat(chunks))).toBe(true);
  });

  it('keeps the order when reads and writes interleave across memory and file', async () => {
    const buffer = new SpillBuffer(folder);
    const chunks = Array.from({ length: 60 }, (_, index) =>
      randomBytes(index % 7 === 0 ? 700 * 1024 : 3000),
    );
    const reading = readAll(buffer);
    await writeAll(buffer, chunks);
    expect((await reading).equals(Buffer.concat(chunks))).toBe(true);
  });

  it('ends an empty export', async () => {
    const buffer = new SpillBuffer(folder);
    await writeAll(buffer, []);
    expect((await readAll(buffer)).length).toBe(0);
  });

  it('lets go of its file when the download is abandoned', async () => {
    const buffer = new SpillBuffer(folder);
    await writeAll(
      buffer,
      Array.from({ length: 40 }, () => randomBytes(64 * 1024)),
    );
    buffer.destroy();
    await once(buffer, 'close');
    expect(buffer.destroyed).toBe(true);
    expect(await readdir(folder)).toEqual([]);
  });
});
