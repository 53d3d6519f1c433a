// The contract of AttachmentStorage, run over both implementations: the local folder, and an
// S3-compatible bucket on a real server (s3rver) that this file starts.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  AttachmentExistsError,
  AttachmentNotFoundError,
  AttachmentStorageFullError,
  AttachmentStorageUnavailableError,
  storageFaultOf,
  type AttachmentStorage,
} from '../../src/storage/attachment-storage';
import { localAttachmentStorage } from '../../src/storage/local-attachment-storage';
import { s3AttachmentStorage } from '../../src/storage/s3-attachment-storage';
import { startS3Server, type S3TestServer } from '../support/s3-server';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(300, 7),
]);
const MiB = 1024 * 1024;

const newKey = () => `${randomUUID()}.png`;

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `size` bytes of `seed`-determined noise, made and sent 64 KiB at a time (never one buffer). */
function noise(size: number, seed: string): Readable {
  async function* chunks() {
    for (let offset = 0, n = 0; offset < size; offset += 64 * 1024, n += 1) {
      const block = createHash('sha512').update(`${seed}:${n}`).digest();
      const length = Math.min(64 * 1024, size - offset);
      yield Buffer.alloc(length, block);
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

async function digestOf(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** What list() yields, in key order; `modifiedAt` as milliseconds (the local folder's dates come from another realm than jest's). */
async function listed(storage: AttachmentStorage) {
  const objects: { key: string; pending: boolean; modifiedAt: number }[] = [];
  for await (const { key, pending, modifiedAt } of storage.list()) {
    objects.push({ key, pending, modifiedAt: modifiedAt.getTime() });
  }
  return objects.sort(
    (a, b) => a.key.localeCompare(b.key) || Number(a.pending) - Number(b.pending),
  );
}

describe.each(['local', 's3'] as const)('attachment storage: %s', (kind) => {
  let server: S3TestServer | undefined;
  let folder: string | undefined;
  let storage: AttachmentStorage;
  let destroy: () => void = () => undefined;

  beforeAll(async () => {
    if (kind === 's3') server = await startS3Server();
  });
  afterAll(async () => {
    await server?.dispose();
  });
  beforeEach(async () => {
    if (server) {
      // Small pages, so a handful of objects already takes several ListObjectsV2 calls.
      const bucket = s3AttachmentStorage(server.settings(await server.createBucket()), {
        listPageSize: 2,
      });
      storage = bucket;
      destroy = () => bucket.destroy();
    } else {
      folder = await mkdtemp(path.join(os.tmpdir(), 'verity-attachments-'));
      storage = localAttachmentStorage(folder);
    }
  });
  afterEach(async () => {
    destroy();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('keeps an upload pending until it is committed, and serves it either way', async () => {
    const key = newKey();
    expect(await storage.put(key, PNG, 'image/png')).toEqual({ size: PNG.length });
    expect(await listed(storage)).toEqual([{ key, pending: true, modifiedAt: expect.any(Number) }]);
    expect((await bytesOf(await storage.get(key))).equals(PNG)).toBe(true);

    await storage.commit(key);
    expect(await listed(storage)).toEqual([
      { key, pending: false, modifiedAt: expect.any(Number) },
    ]);
    expect((await bytesOf(await storage.get(key))).equals(PNG)).toBe(true);
    // Committing again (a sweep after the route did) changes nothing.
    await storage.commit(key);
    expect(await listed(storage)).toEqual([
      { key, pending: false, modifiedAt: expect.any(Number) },
    ]);
    expect((await bytesOf(await storage.get(key))).equals(PNG)).toBe(true);
  });

  it('never overwrites a stored key, pending or permanent', async () => {
    const key = newKey();
    await storage.put(key, PNG, 'image/png');
    await expect(
      storage.put(key, Readable.from([Buffer.from('other bytes')]), 'image/png'),
    ).rejects.toBeInstanceOf(AttachmentExistsError);
    expect((await bytesOf(await storage.get(key))).equals(PNG)).toBe(true);

    await storage.commit(key);
    await expect(storage.put(key, Buffer.from('other bytes'), 'image/png')).rejects.toBeInstanceOf(
      AttachmentExistsError,
    );
    expect((await bytesOf(await storage.get(key))).equals(PNG)).toBe(true);
    expect(await listed(storage)).toEqual([
      { key, pending: false, modifiedAt: expect.any(Number) },
    ]);
  });

  it('streams a 12 MB upload in and back out byte for byte', async () => {
    const key = newKey();
    const size = 12 * MiB + 12_345;
    const expected = await digestOf(noise(size, key));
    expect(await storage.put(key, noise(size, key), 'image/png')).toEqual({ size });
    expect(await digestOf(await storage.get(key))).toEqual(expected);
    await storage.commit(key);
    expect(await digestOf(await storage.get(key))).toEqual(expected);
  });

  it('keeps nothing of an upload whose source fails, and rejects with that failure', async () => {
    const key = newKey();
    const failure = new Error('the client went away');
    async function* cut() {
      // Past one part of a multipart upload (5 MiB) before the failure.
      yield* noise(6 * MiB, key);
      throw failure;
    }
    await expect(
      storage.put(key, Readable.from(cut(), { objectMode: false }), 'image/png'),
    ).rejects.toBe(failure);
    expect(await listed(storage)).toEqual([]);
    await expect(storage.get(key)).rejects.toBeInstanceOf(AttachmentNotFoundError);
    // The key is free again.
    await storage.put(key, PNG, 'image/png');
    expect((await bytesOf(await storage.get(key))).equals(PNG)).toBe(true);
  });

  it('rejects a read of an unknown key as not found, and deletes unknown keys quietly', async () => {
    const key = newKey();
    await expect(storage.get(key)).rejects.toBeInstanceOf(AttachmentNotFoundError);
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('deletes pending and permanent objects', async () => {
    const [pending, permanent, kept] = [newKey(), newKey(), newKey()];
    for (const key of [pending, permanent, kept]) await storage.put(key, PNG, 'image/png');
    await storage.commit(permanent);
    await storage.commit(kept);
    await storage.delete(pending);
    await storage.delete(permanent);
    expect(await listed(storage)).toEqual([
      { key: kept, pending: false, modifiedAt: expect.any(Number) },
    ]);
    for (const key of [pending, permanent]) {
      await expect(storage.get(key)).rejects.toBeInstanceOf(AttachmentNotFoundError);
    }
  });

  it('lists every permanent and pending object with the time it was written', async () => {
    // Object stores keep whole seconds.
    const before = Math.floor(Date.now() / 1000) * 1000;
    const keys = Array.from({ length: 5 }, newKey);
    for (const key of keys) await storage.put(key, PNG, 'image/png');
    await storage.commit(keys[0]!);
    await storage.commit(keys[3]!);
    const after = Date.now();
    const objects = await listed(storage);
    expect(objects.map(({ key, pending }) => ({ key, pending }))).toEqual(
      keys
        .map((key, index) => ({ key, pending: index !== 0 && index !== 3 }))
        .sort((a, b) => a.key.localeCompare(b.key)),
    );
    for (const { modifiedAt } of objects) {
      expect(modifiedAt).toBeGreaterThanOrEqual(before);
      expect(modifiedAt).toBeLessThanOrEqual(after + 1000);
    }
  });

  it('refuses keys the API does not generate', async () => {
    for (const key of ['../secrets.json', 'pending/x.png', 'x.png.pending', '.readyz-x', '']) {
      await expect(storage.put(key, PNG, 'image/png')).rejects.toThrow('Not an attachment key');
      await expect(storage.get(key)).rejects.toThrow('Not an attachment key');
    }
    expect(await listed(storage)).toEqual([]);
  });

  it('passes its readiness check, leaving no attachment behind', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
    expect(await listed(storage)).toEqual([]);
  });
});

// A full or failing volume for real is api/test/faults/attachment-volume.test.ts (a tmpfs of the API
// process's own); here, what each failure of the file system means, and the free-space threshold.
describe('the local folder when its volume is full or cannot be written', () => {
  const failure = (code: string) =>
    Object.assign(new Error(`${code}: the file system refused`), { code });

  it.each([
    ['ENOSPC', AttachmentStorageFullError],
    ['EDQUOT', AttachmentStorageFullError],
    ['EROFS', AttachmentStorageUnavailableError],
    ['EACCES', AttachmentStorageUnavailableError],
    ['EPERM', AttachmentStorageUnavailableError],
    ['EIO', AttachmentStorageUnavailableError],
  ])('takes %s for %p', (code, kind) => {
    const fault = storageFaultOf(failure(code));
    expect(fault).toBeInstanceOf(kind);
    expect((fault as Error).cause).toMatchObject({ code });
  });

  it('leaves other failures as they are: a missing file, a refused upload', () => {
    const missing = failure('ENOENT');
    const refused = new Error('This company’s storage is full');
    expect(storageFaultOf(missing)).toBe(missing);
    expect(storageFaultOf(refused)).toBe(refused);
  });

  it('is not ready, as full, while its volume has less room than it keeps for an upload', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'verity-attachments-'));
    try {
      // More than any disk has free, and a single byte: the same volume, read for real.
      await expect(
        localAttachmentStorage(folder, { minFreeBytes: Number.MAX_SAFE_INTEGER }).check(),
      ).rejects.toThrow(AttachmentStorageFullError);
      await expect(localAttachmentStorage(folder, { minFreeBytes: 1 }).check()).resolves.toBe(
        undefined,
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
