// What only the bucket can show: the orphan sweep over S3 objects, the readiness check against a
// server that is down, a bucket that is missing or keys that are wrong, and the raw bucket's contents.
import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AttachmentStorageFullError,
  AttachmentStorageUnavailableError,
  type AttachmentStorage,
} from '../../src/storage/attachment-storage';
import { ORPHAN_GRACE_MS, sweepAttachments } from '../../src/storage/attachment-sweep';
import {
  s3AttachmentStorage,
  type S3AttachmentStorage,
} from '../../src/storage/s3-attachment-storage';
import { PNG_BYTES } from '../permissions/requests';
import { buildTestApp } from '../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import { startS3Server, type S3TestServer } from '../support/s3-server';

async function bytesOf(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function listAll(storage: AttachmentStorage) {
  const keys: string[] = [];
  for await (const { key } of storage.list()) keys.push(key);
  return keys;
}

describe('S3 attachment storage', () => {
  let server: S3TestServer;
  const opened: S3AttachmentStorage[] = [];
  const open = (settings: Parameters<typeof s3AttachmentStorage>[0]) => {
    const storage = s3AttachmentStorage(settings);
    opened.push(storage);
    return storage;
  };

  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(async () => {
    for (const storage of opened) storage.destroy();
    await server?.dispose();
  });

  /** Every object name in the bucket, as the server lists it (probe objects included). */
  async function objectNames(bucket: string): Promise<string[]> {
    const { region, endpoint, forcePathStyle, credentials } = server.settings(bucket);
    const client = new S3Client({ region, endpoint, forcePathStyle, credentials });
    try {
      const listing = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listing.Contents ?? []).map((object) => object.Key ?? '').sort();
    } finally {
      client.destroy();
    }
  }

  it('keeps pending uploads under pending/ and permanent ones at their key', async () => {
    const bucket = await server.createBucket();
    const storage = open(server.settings(bucket));
    const [committed, pending] = [`${randomUUID()}.png`, `${randomUUID()}.png`];
    await storage.put(committed, PNG_BYTES, 'image/png');
    await storage.put(pending, PNG_BYTES, 'image/png');
    await storage.commit(committed);
    expect(await objectNames(bucket)).toEqual([committed, `pending/${pending}`].sort());
  });

  it('checks readiness with a probe object it deletes again', async () => {
    const bucket = await server.createBucket();
    await open(server.settings(bucket)).check();
    expect(await objectNames(bucket)).toEqual([]);
  });

  it('is not ready for a bucket that does not exist, or with an unknown access key', async () => {
    await expect(open(server.settings('verity-no-such-bucket')).check()).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
    const bucket = await server.createBucket();
    const settings = server.settings(bucket);
    await expect(
      open({
        ...settings,
        // s3rver knows its keys but does not verify SigV4 signatures: an unknown key is what it refuses.
        credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'S3RVER' },
      }).check(),
    ).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    expect(await objectNames(bucket)).toEqual([]);
  });

  it.each([
    [507, 'XMinioStorageFull', 'Storage backend has reached its minimum free drive threshold.'],
    [400, 'XMinioAdminBucketQuotaExceeded', 'Bucket quota exceeded'],
  ])(
    'calls a server that answers a write %i %s full, not unavailable',
    async (status, code, message) => {
      // The edge of this test: a server that finds no object and refuses every write as MinIO does.
      const full = createServer((request, response) => {
        request.resume();
        if (request.method === 'HEAD') return void response.writeHead(404).end();
        response.writeHead(status, { 'content-type': 'application/xml' });
        response.end(
          `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
        );
      });
      await new Promise<void>((resolve) => full.listen(0, '127.0.0.1', resolve));
      try {
        const storage = open({
          ...server.settings('full-bucket'),
          endpoint: `http://127.0.0.1:${(full.address() as AddressInfo).port}`,
        });
        const put = storage.put(`${randomUUID()}.png`, PNG_BYTES, 'image/png');
        await expect(put).rejects.toThrow(AttachmentStorageFullError);
        await expect(storage.check()).rejects.toThrow(AttachmentStorageFullError);
      } finally {
        await new Promise((resolve) => full.close(resolve));
      }
    },
  );

  it('is not ready, and cannot store or serve, while the server is down', async () => {
    const own = await startS3Server();
    try {
      const storage = open(own.settings(await own.createBucket()));
      const key = `${randomUUID()}.png`;
      await storage.put(key, PNG_BYTES, 'image/png');
      await expect(storage.check()).resolves.toBeUndefined();

      await own.stop();
      // "Not now", never "not found": the routes answer 503 and the image is not reported gone.
      for (const attempt of [
        storage.check(),
        storage.put(`${randomUUID()}.png`, PNG_BYTES, 'image/png'),
        storage.get(key),
        storage.commit(key),
        storage.delete(key),
        listAll(storage),
      ]) {
        await expect(attempt).rejects.toThrow(AttachmentStorageUnavailableError);
        await expect(attempt).rejects.toThrow('ECONNREFUSED');
      }
    } finally {
      await own.dispose();
    }
  });

  describe.each(databaseKinds)('the orphan sweep on %s', (kind) => {
    let database: TestDatabase;
    let app: FastifyInstance;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      app = await buildTestApp(database);
    });
    afterAll(async () => {
      await app?.close();
      await database?.dispose();
    });

    it('completes an upload whose row was saved, and deletes only orphans past the grace period', async () => {
      const bucket = await server.createBucket();
      const storage = open(server.settings(bucket));
      const { rows } = await app.db.query<{ id: string }>('SELECT id FROM remarks LIMIT 1');
      const [saved, orphan, pendingOrphan] = [1, 2, 3].map(() => `${randomUUID()}.png`);
      for (const key of [saved!, orphan!, pendingOrphan!]) {
        await storage.put(key, PNG_BYTES, 'image/png');
      }
      // The row of `saved` was committed, then the process died before the object was made permanent.
      await app.db.query(
        `INSERT INTO remark_documents (remark_id, storage_key, file_name, content_type, size)
         VALUES ($1, $2, 'saved.png', 'image/png', $3)`,
        [rows[0]!.id, saved, PNG_BYTES.length],
      );
      await storage.commit(orphan!);

      // Now: the orphans are younger than the grace period (an upload may still be on its way).
      expect(await sweepAttachments(app.db, storage)).toEqual({ committed: 1, removed: 0 });
      expect(await objectNames(bucket)).toEqual(
        [saved!, orphan!, `pending/${pendingOrphan}`].sort(),
      );

      // Past the grace period: the orphans go, permanent or pending; the saved image stays.
      const later = Date.now() + ORPHAN_GRACE_MS + 60_000;
      expect(await sweepAttachments(app.db, storage, { now: later })).toEqual({
        committed: 0,
        removed: 2,
      });
      expect(await objectNames(bucket)).toEqual([saved]);
      expect((await bytesOf(await storage.get(saved!))).equals(PNG_BYTES)).toBe(true);
    });
  });
});
