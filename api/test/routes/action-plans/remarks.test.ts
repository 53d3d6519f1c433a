import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ADD_YOUR_COMMENTS } from '@verity/shared-api/src/server';
import { actionPlanMessages } from '../../../src/messages';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { buildWorld, createPlan, gapsOf, type World } from './fixtures';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(300, 7),
]);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.alloc(200, 3),
  Buffer.from([0xff, 0xd9]),
]);

interface FilePart {
  name: string;
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = '----verity-test-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.fileName}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const png = (fileName = 'site.png'): FilePart => ({
  name: 'documents',
  fileName,
  contentType: 'image/png',
  bytes: PNG,
});

describe.each(databaseKinds)('remarks on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let gapId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database);
    world = await buildWorld(app);
    const [gap] = await gapsOf(world, await createPlan(world));
    gapId = gap?.id as string;
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const remark = (
    as: keyof World['as'],
    body: ReturnType<typeof multipart>,
    companyId = world.acmeId,
  ) =>
    world.as[as]({
      method: 'PATCH',
      url: `/api/v1/gap/${gapId}/remark`,
      query: { targetCompanyId: companyId },
      ...body,
    });
  const storedFiles = () =>
    readdir(path.join(database.env.DATA_DIR, 'attachments')).catch(() => [] as string[]);
  const counts = async () => {
    const { rows } = await app.db.query<{ remarks: number; documents: number }>(
      `SELECT (SELECT count(*)::int FROM remarks) AS remarks, (SELECT count(*)::int FROM remark_documents) AS documents`,
    );
    return { ...rows[0], files: (await storedFiles()).length };
  };

  it('stores a remark with a PNG and a JPEG and serves both back byte for byte', async () => {
    const response = await remark(
      'companyOwner',
      multipart({ comments: 'Meters ordered, photos attached' }, [
        png(),
        { name: 'documents', fileName: 'invoice.jpg', contentType: 'image/jpeg', bytes: JPEG },
      ]),
    );
    expect(response.statusCode).toBe(200);
    const { remark: saved } = response.json().data;
    expect(saved).toMatchObject({
      comments: 'Meters ordered, photos attached',
      user: { userType: 'targetCompany', fullname: 'Carlos Company', role: 'owner' },
      docs: [
        {
          fileName: 'site.png',
          size: PNG.length,
          url: expect.stringMatching(/^\/api\/v1\/remark-document\//),
        },
        { fileName: 'invoice.jpg', size: JPEG.length },
      ],
    });
    const [first, second] = saved.docs as { url: string }[];
    const image = await world.as.auditorViewer({ method: 'GET', url: first?.url as string });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toMatch(/^private/);
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const photo = await world.as.clientViewer({ method: 'GET', url: second?.url as string });
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.equals(JPEG)).toBe(true);

    // The gap's detail lists the remark with its documents.
    const detail = await world.as.clientOwner({
      method: 'GET',
      url: `/api/v1/action-plan/${(await app.db.query<{ action_plan_id: string }>('SELECT action_plan_id FROM gaps WHERE id = $1', [gapId])).rows[0]?.action_plan_id}`,
      query: { targetCompanyId: world.acmeId },
    });
    const gap = detail.json().data.gaps.find((g: { id: string }) => g.id === gapId);
    expect(gap.remark.at(-1).docs).toHaveLength(2);

    for (const outsider of ['otherClient', 'otherFirmOwner', 'betaOwner'] as const) {
      expect(
        (await world.as[outsider]({ method: 'GET', url: first?.url as string })).statusCode,
      ).toBe(404);
    }
    expect((await app.inject({ method: 'GET', url: first?.url as string })).statusCode).toBe(401);
  });

  it('refuses a text file named .png and keeps nothing of the remark', async () => {
    const before = await counts();
    const response = await remark(
      'auditorEditor',
      multipart({ comments: 'See attached' }, [
        png('real.png'),
        {
          name: 'documents',
          fileName: 'notes.png',
          contentType: 'image/png',
          bytes: Buffer.from('just some text, honestly'),
        },
      ]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(actionPlanMessages.notAnImage);
    expect(await counts()).toEqual(before);
  });

  it('refuses too many files and too large a file, keeping nothing', async () => {
    const before = await counts();
    const eleven = Array.from({ length: 11 }, (_, index) => png(`p${index}.png`));
    const tooMany = await remark('clientOwner', multipart({ comments: 'Many' }, eleven));
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toBe(actionPlanMessages.tooManyAttachments);
    const huge = { ...png('huge.png'), bytes: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) };
    const tooLarge = await remark('clientOwner', multipart({ comments: 'Big' }, [png(), huge]));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(actionPlanMessages.attachmentTooLarge);
    expect(await counts()).toEqual(before);
  });

  it("answers 'Please add your comments' for blank comments, keeping nothing", async () => {
    const before = await counts();
    const response = await remark('auditorOwner', multipart({ comments: '   ' }, [png()]));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(ADD_YOUR_COMMENTS);
    expect(await counts()).toEqual(before);
  });

  it('adds a remark sent twice under one Idempotency-Key once, answering the first remark both times', async () => {
    const key = '6f1c2d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f';
    const send = () =>
      world.as.companyOwner({
        method: 'PATCH',
        url: `/api/v1/gap/${gapId}/remark`,
        query: { targetCompanyId: world.acmeId },
        ...(() => {
          const body = multipart({ comments: 'Written on site, sent when back online' }, [
            png('outbox.png'),
          ]);
          return { payload: body.payload, headers: { ...body.headers, 'idempotency-key': key } };
        })(),
      });
    const before = await counts();
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.remark).toEqual(first.json().data.remark);
    expect(await counts()).toEqual({
      remarks: Number(before.remarks) + 1,
      documents: Number(before.documents) + 1,
      files: before.files + 1,
    });
    // The same key from another person is their own remark.
    const other = await world.as.auditorOwner({
      method: 'PATCH',
      url: `/api/v1/gap/${gapId}/remark`,
      query: { targetCompanyId: world.acmeId },
      payload: multipart({ comments: 'Mine' }).payload,
      headers: { ...multipart({ comments: 'Mine' }).headers, 'idempotency-key': key },
    });
    expect(other.statusCode).toBe(200);
    expect(other.json().data.remark.comments).toBe('Mine');

    const bad = await world.as.companyOwner({
      method: 'PATCH',
      url: `/api/v1/gap/${gapId}/remark`,
      query: { targetCompanyId: world.acmeId },
      payload: multipart({ comments: 'Bad key' }).payload,
      headers: { ...multipart({ comments: 'Bad key' }).headers, 'idempotency-key': 'again-please' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Idempotency-Key must be a UUID.');
    expect((await counts()).remarks).toBe(Number(before.remarks) + 2);
  });

  it('refuses viewers (403) and other tenants (404)', async () => {
    expect((await remark('companyViewer', multipart({ comments: 'Hi' }))).statusCode).toBe(403);
    expect((await remark('auditorViewer', multipart({ comments: 'Hi' }))).statusCode).toBe(403);
    expect((await remark('otherClient', multipart({ comments: 'Hi' }))).statusCode).toBe(404);
    expect((await remark('otherFirmOwner', multipart({ comments: 'Hi' }))).statusCode).toBe(404);
    expect((await remark('betaOwner', multipart({ comments: 'Hi' }))).statusCode).toBe(404);
    expect(
      (await remark('clientOwner', multipart({ comments: 'Hi' }), world.betaId)).statusCode,
    ).toBe(404);
  });

  it('answers 400 for a document id that is not a uuid', async () => {
    expect(
      (await world.as.clientOwner({ method: 'GET', url: '/api/v1/remark-document/x.png' }))
        .statusCode,
    ).toBe(400);
  });
});
