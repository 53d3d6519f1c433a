import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { SpillBuffer } from '../../src/db/spill-buffer';
import { waitFor } from '../support/api-process';
import { spillFileSizes } from '../support/spill-files';

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

  it('keeps at most its largest file on disk: past it the writer waits for the reader, and every byte still comes in order', async () => {
    const maxFileBytes = 2 * 1024 * 1024;
    const buffer = new SpillBuffer(folder, maxFileBytes);
    // 5 MB with no reader: 1 MB in memory and 2 MB in the file are taken, then the writer waits.
    const chunks = Array.from({ length: 80 }, () => randomBytes(64 * 1024));
    let written = 0;
    const writing = (async () => {
      for (const chunk of chunks) {
        await new Promise<void>((resolve, reject) =>
          buffer.write(chunk, (error) => (error ? reject(error) : resolve())),
        );
        written += chunk.length;
      }
      buffer.end();
    })();
    await waitFor(() => written >= 3 * 1024 * 1024, 'memory and the file to be full');
    expect(written).toBe(3 * 1024 * 1024);
    expect(await spillFileSizes(process.pid, folder)).toEqual([maxFileBytes]);

    // Read while the writer goes on: the file is written again from its start each time the reader
    // has emptied it, so it never grows past its largest.
    const read: Buffer[] = [];
    const sizes: number[] = [];
    for await (const chunk of buffer) {
      read.push(chunk as Buffer);
      sizes.push(...(await spillFileSizes(process.pid, folder)));
    }
    await writing;
    expect(Buffer.concat(read).equals(Buffer.concat(chunks))).toBe(true);
    expect(Math.max(...sizes)).toBe(maxFileBytes);
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
