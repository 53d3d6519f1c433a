// Remarks with images while attachments live in an S3-compatible bucket (ATTACHMENT_STORAGE=s3):
// uploaded through the real route, kept in the bucket, served by the API to whoever may see the gap.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  s3AttachmentStorage,
  type S3AttachmentStorage,
} from '../../../src/storage/s3-attachment-storage';
import { errorCodes, storageMessages } from '../../../src/messages';
import { prepareFaultWorld, remarkForm, remarkUrl } from '../../faults/fault-world';
import { startApiProcess, type ApiProcess } from '../../support/api-process';
import { buildTestApp } from '../../support/app';
import {
  anyDatabaseKind,
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../../support/databases';
import { startS3Server, type S3TestServer } from '../../support/s3-server';
import { injectAs, sessionFor } from '../../support/session';
import { buildWorld, createPlan, gapsOf, type World } from './fixtures';
import { jpegWithExif, multipart, pngOf } from './remark-uploads';

describe.each(databaseKinds)('remarks with attachments in S3 on %s', (kind) => {
  let server: S3TestServer;
  let bucket: S3AttachmentStorage;
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let gapId: string;
  /** The photo the first test posts. */
  let photoUrl = '';

  beforeAll(async () => {
    server = await startS3Server();
    const bucketName = await server.createBucket();
    bucket = s3AttachmentStorage(server.settings(bucketName));
    database = await createTestDatabase(kind);
    app = await buildTestApp(database, server.env(bucketName));
    world = await buildWorld(app);
    const [gap] = await gapsOf(world, await createPlan(world));
    gapId = gap?.id as string;
  });
  afterAll(async () => {
    await app?.close();
    bucket?.destroy();
    await database?.dispose();
    await server?.dispose();
  });

  /** What the bucket holds, as the storage lists it. */
  async function inBucket() {
    const objects: { key: string; pending: boolean }[] = [];
    for await (const { key, pending } of bucket.list()) objects.push({ key, pending });
    return objects.sort((a, b) => a.key.localeCompare(b.key));
  }

  it('stores a photo in the bucket and serves it only to those who may see the gap', async () => {
    const folder = path.join(database.env.DATA_DIR, 'attachments');
    const folderBefore = await readdir(folder).catch(() => []);
    expect(await inBucket()).toEqual([]);
    const photo = jpegWithExif({ make: 'Verity', model: 'Site camera' });
    const plan = pngOf(2 * 1024 * 1024);
    const response = await world.as.companyOwner({
      method: 'PATCH',
      url: `/api/v1/gap/${gapId}/remark`,
      query: { targetCompanyId: world.acmeId },
      ...multipart('Meters fitted, photo and floor plan attached', [
        { fileName: 'meter.jpg', bytes: photo },
        { fileName: 'floor-plan.png', bytes: plan },
      ]),
    });
    expect(response.statusCode).toBe(200);
    const remark = response.json<{
      data: { remark: { _id: string; docs: { url: string; size: number }[] } };
    }>().data.remark;
    expect(remark.docs.map((doc) => doc.size)).toEqual([photo.length, plan.length]);

    // In the bucket, made permanent once the remark's rows were saved; nothing new in the folder.
    const { rows } = await app.db.query<{ storage_key: string }>(
      'SELECT storage_key FROM remark_documents WHERE remark_id = $1 ORDER BY storage_key',
      [remark._id],
    );
    expect(rows).toHaveLength(2);
    expect(await inBucket()).toEqual(rows.map((row) => ({ key: row.storage_key, pending: false })));
    expect(await readdir(folder).catch(() => [])).toEqual(folderBefore);

    const [firstUrl, planUrl] = remark.docs.map((doc) => doc.url) as [string, string];
    photoUrl = firstUrl;
    const seen = await world.as.auditorViewer({ method: 'GET', url: photoUrl });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/jpeg');
    expect(seen.headers['cache-control']).toMatch(/^private/);
    expect(seen.rawPayload.equals(photo)).toBe(true);
    const large = await world.as.clientViewer({ method: 'GET', url: planUrl });
    expect(large.statusCode).toBe(200);
    expect(large.rawPayload.equals(plan)).toBe(true);

    // Another client, another auditor firm, another company: not theirs to see, as with the folder.
    for (const outsider of ['otherClient', 'otherFirmOwner', 'betaOwner'] as const) {
      const refused = await world.as[outsider]({ method: 'GET', url: photoUrl });
      expect(refused.statusCode).toBe(404);
      expect(refused.rawPayload.equals(photo)).toBe(false);
    }
    expect((await app.inject({ method: 'GET', url: photoUrl })).statusCode).toBe(401);
  });

  it('deletes an image from the bucket when its remark is withdrawn', async () => {
    const response = await world.as.companyOwner({
      method: 'PATCH',
      url: `/api/v1/gap/${gapId}/remark`,
      query: { targetCompanyId: world.acmeId },
      ...multipart('Posted by mistake', [{ fileName: 'wrong.png', bytes: pngOf(4096) }]),
    });
    expect(response.statusCode).toBe(200);
    const remark = response.json<{ data: { remark: { _id: string; docs: { url: string }[] } } }>()
      .data.remark;
    const before = await inBucket();
    const withdrawn = await world.as.companyOwner({
      method: 'DELETE',
      url: `/api/v1/gap/${gapId}/remark/${remark._id}`,
      query: { targetCompanyId: world.acmeId },
    });
    expect(withdrawn.statusCode).toBe(200);
    expect((await inBucket()).length).toBe(before.length - 1);
    const gone = await world.as.companyOwner({ method: 'GET', url: remark.docs[0]!.url });
    expect(gone.statusCode).toBe(404);
  });

  it('is ready while the bucket answers, and not once its server is down', async () => {
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', attachments: 'ok' } });

    await server.stop();
    const down = await app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', attachments: 'unavailable' },
    });
  });

  it('answers 503 with Retry-After, not 500 or 404, while the bucket cannot be reached', async () => {
    // The server was stopped by the test before.
    const unavailable = { success: false, code: 'SERVICE_UNAVAILABLE' };
    const image = await world.as.auditorViewer({ method: 'GET', url: photoUrl });
    expect(image.statusCode).toBe(503);
    expect(image.headers['retry-after']).toBeDefined();
    expect(image.json()).toMatchObject(unavailable);

    const before = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM remarks');
    const posted = await world.as.companyOwner({
      method: 'PATCH',
      url: `/api/v1/gap/${gapId}/remark`,
      query: { targetCompanyId: world.acmeId },
      ...multipart('Posted while storage is down', [{ fileName: 'late.png', bytes: pngOf(4096) }]),
    });
    // An upload says that nothing was saved.
    expect(posted.statusCode).toBe(503);
    expect(posted.headers['retry-after']).toBeDefined();
    expect(posted.json()).toEqual({
      success: false,
      message: storageMessages.unavailable,
      code: errorCodes.attachmentStorageUnavailable,
    });
    const after = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM remarks');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });
});

describe.each(databaseKinds)('the demo data with attachments in S3 on %s', (kind) => {
  let server: S3TestServer;
  let bucket: S3AttachmentStorage;
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    server = await startS3Server();
    const bucketName = await server.createBucket();
    bucket = s3AttachmentStorage(server.settings(bucketName));
    // Migrated, not seeded: the API loads the demo at start (SEED_DEMO=1), photos included.
    database = await createTestDatabase(kind, { template: 'migrated' });
    app = await buildTestApp(database, server.env(bucketName));
  });
  afterAll(async () => {
    await app?.close();
    bucket?.destroy();
    await database?.dispose();
    await server?.dispose();
  });

  it('puts the demo photos in the bucket, where the API serves them from', async () => {
    const { rows } = await app.db.query<{
      id: string;
      storage_key: string;
      content_type: string;
      size: number;
    }>('SELECT id, storage_key, content_type, size FROM remark_documents ORDER BY storage_key');
    expect(rows.length).toBeGreaterThan(0);
    const objects: { key: string; pending: boolean }[] = [];
    for await (const { key, pending } of bucket.list()) objects.push({ key, pending });
    expect(objects.sort((a, b) => a.key.localeCompare(b.key))).toEqual(
      rows.map((row) => ({ key: row.storage_key, pending: false })),
    );
    expect(await readdir(path.join(database.env.DATA_DIR, 'attachments')).catch(() => [])).toEqual(
      [],
    );

    // Northwind Capital's owner sees both demo companies' gaps.
    const session = await sessionFor(app, 'client.owner@verity.test', 'client');
    for (const row of rows) {
      const photo = await injectAs(app, session, {
        method: 'GET',
        url: `/api/v1/remark-document/${row.id}`,
      });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe(row.content_type);
      expect(photo.rawPayload.length).toBe(row.size);
    }
  });
});

describe('the built API server with attachments in S3', () => {
  let server: S3TestServer;
  let database: TestDatabase;
  let api: ApiProcess | undefined;

  beforeAll(async () => {
    server = await startS3Server();
    database = await createTestDatabase(anyDatabaseKind);
  });
  afterAll(async () => {
    await api?.stop('SIGKILL');
    await database?.dispose();
    await server?.dispose();
  });

  it('takes a remark with an image into the bucket and serves it back', async () => {
    const world = await prepareFaultWorld(database);
    api = await startApiProcess({ ...database.env, ...server.env(await server.createBucket()) });
    const ready = await fetch(`${api.url}/readyz`);
    expect(await ready.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', attachments: 'ok' },
    });

    const image = pngOf(3 * 1024 * 1024);
    const posted = await fetch(remarkUrl(api.url, world), {
      method: 'PATCH',
      headers: { cookie: world.cookie },
      body: remarkForm('Sub-meters installed', [{ name: 'meters.png', bytes: image }]),
    });
    expect(posted.status).toBe(200);
    const { docs } = ((await posted.json()) as { data: { remark: { docs: { url: string }[] } } })
      .data.remark;
    const served = await fetch(`${api.url}${docs[0]!.url}`, { headers: { cookie: world.cookie } });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    expect((await api.stop()).code).toBe(0);
    api = undefined;
  });
});
