import { access } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { remarkLimitMessages } from '../../../src/messages';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { buildWorld, createPlan, gapsOf, type World } from './fixtures';
import { multipart, pngOf, storedState } from './remark-uploads';

type Caller = keyof World['as'];

interface RemarkBody {
  id: string;
  comments: string;
  createdAt: string;
  withdrawableUntil: string | null;
  withdrawn: { at: string; by: { fullname: string; userId: string } } | null;
  docs: {
    _id: string;
    url: string;
    fileName: string;
    size: number;
    withdrawn: { at: string; by: { fullname: string } } | null;
  }[];
}

const WINDOW_SECONDS = 2 * 60 * 60;

describe.each(databaseKinds)('withdrawing remarks on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let gapId: string;
  let otherGapId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database, {
      REMARK_WITHDRAWAL_WINDOW_SECONDS: String(WINDOW_SECONDS),
    });
    world = await buildWorld(app);
    const planId = await createPlan(world);
    gapId = (await gapsOf(world, planId))[0]!.id;
    otherGapId = (await gapsOf(world, await createPlan(world)))[0]!.id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const state = () => storedState(app, database.env.DATA_DIR);

  async function post(as: Caller, comments: string, images = 0, onGap = gapId) {
    const files = Array.from({ length: images }, (_, index) => ({
      fileName: `site-${index}.png`,
      bytes: pngOf(400 + index),
    }));
    const response = await world.as[as]({
      method: 'PATCH',
      url: `/api/v1/gap/${onGap}/remark`,
      query: { targetCompanyId: world.acmeId },
      ...multipart(comments, files),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: { remark: RemarkBody } }>().data.remark;
  }

  const withdraw = (as: Caller, remarkId: string, onGap = gapId, companyId = world.acmeId) =>
    world.as[as]({
      method: 'DELETE',
      url: `/api/v1/gap/${onGap}/remark/${remarkId}`,
      query: { targetCompanyId: companyId },
    });
  const withdrawImage = (as: Caller, documentId: string) =>
    world.as[as]({ method: 'DELETE', url: `/api/v1/remark-document/${documentId}` });

  /** Moves the remark's window into the past, as if it had been posted long ago. */
  const expire = (remarkId: string) =>
    app.db.query(
      `UPDATE remarks SET created_at = now() - interval '3 days', withdrawable_until = now() - interval '1 second' WHERE id = $1`,
      [remarkId],
    );

  async function remarksOfGap(): Promise<RemarkBody[]> {
    const { rows } = await app.db.query<{ action_plan_id: string }>(
      'SELECT action_plan_id FROM gaps WHERE id = $1',
      [gapId],
    );
    const detail = await world.as.companyOwner({
      method: 'GET',
      url: `/api/v1/action-plan/${rows[0]!.action_plan_id}`,
      query: { targetCompanyId: world.acmeId },
    });
    return detail.json().data.gaps.find((gap: { id: string }) => gap.id === gapId).remark;
  }

  const summary = (response: LightMyRequestResponse) => ({
    status: response.statusCode,
    code: response.json<{ code?: string }>().code,
    message: response.json<{ message?: string }>().message,
  });

  it('posts a remark with the date until which its author may withdraw it', async () => {
    const remark = await post('auditorEditor', 'Window check');
    expect(remark.withdrawn).toBeNull();
    expect(
      new Date(remark.withdrawableUntil!).getTime() - new Date(remark.createdAt).getTime(),
    ).toBe(WINDOW_SECONDS * 1000);
  });

  it('lets the author withdraw a remark: a trace stays, its text and images are gone', async () => {
    const remark = await post('auditorEditor', 'Wrong photos, sorry', 2);
    const before = await state();
    expect(before.files).toHaveLength(before.documents);

    const response = await withdraw('auditorEditor', remark.id);
    expect(response.statusCode).toBe(200);
    const tombstone = response.json<{ data: { remark: RemarkBody } }>().data.remark;
    expect(tombstone).toMatchObject({
      id: remark.id,
      comments: '',
      withdrawableUntil: null,
      withdrawn: { at: expect.any(String), by: { fullname: 'auditor.editor@verity.test' } },
    });
    expect(tombstone.docs).toEqual([
      expect.objectContaining({ url: '', fileName: '', size: 0, withdrawn: expect.any(Object) }),
      expect.objectContaining({ url: '', fileName: '', size: 0, withdrawn: expect.any(Object) }),
    ]);

    // The gap still lists it, as a trace, with nothing of what it said.
    const listed = (await remarksOfGap()).find((entry) => entry.id === remark.id)!;
    expect(listed).toEqual(tombstone);
    expect(JSON.stringify(await remarksOfGap())).not.toContain('Wrong photos');

    // The files are deleted and their bytes released; the rows stay.
    const after = await state();
    expect(after).toEqual({
      remarks: before.remarks,
      documents: before.documents,
      bytes: before.bytes - 400 - 401,
      files: expect.any(Array),
    });
    expect(after.files).toHaveLength(before.files.length - 2);
    for (const doc of remark.docs) {
      const image = await world.as.auditorOwner({ method: 'GET', url: doc.url });
      expect(image.statusCode).toBe(404);
    }
    const { rows } = await app.db.query<{ comments: string; file_name: string }>(
      `SELECT r.comments, d.file_name FROM remarks r JOIN remark_documents d ON d.remark_id = r.id WHERE r.id = $1`,
      [remark.id],
    );
    expect(rows).toEqual([
      { comments: '', file_name: '' },
      { comments: '', file_name: '' },
    ]);

    expect(summary(await withdraw('auditorEditor', remark.id))).toEqual({
      status: 409,
      code: 'ALREADY_WITHDRAWN',
      message: remarkLimitMessages.remarkAlreadyWithdrawn,
    });
  });

  it('lets the author withdraw one image, keeping the remark and its other image', async () => {
    const remark = await post('companyOwner', 'Two photos of the meter', 2);
    const [first, second] = remark.docs;
    const { rows: keys } = await app.db.query<{ storage_key: string }>(
      'SELECT storage_key FROM remark_documents WHERE remark_id = $1 ORDER BY position',
      [remark.id],
    );
    const fileOf = (index: number) =>
      path.join(database.env.DATA_DIR, 'attachments', keys[index]!.storage_key);
    const response = await withdrawImage('companyOwner', first!._id);
    expect(response.statusCode).toBe(200);
    const updated = response.json<{ data: { remark: RemarkBody } }>().data.remark;
    expect(updated.comments).toBe('Two photos of the meter');
    expect(updated.docs).toEqual([
      expect.objectContaining({
        _id: first!._id,
        url: '',
        fileName: '',
        withdrawn: expect.objectContaining({
          by: { fullname: 'Carlos Company', userId: expect.any(String) },
        }),
      }),
      expect.objectContaining({ _id: second!._id, fileName: 'site-1.png', withdrawn: null }),
    ]);
    expect((await world.as.clientOwner({ method: 'GET', url: first!.url })).statusCode).toBe(404);
    expect((await world.as.clientOwner({ method: 'GET', url: second!.url })).statusCode).toBe(200);
    await expect(access(fileOf(0))).rejects.toThrow();
    await expect(access(fileOf(1))).resolves.toBeUndefined();

    expect(summary(await withdrawImage('companyOwner', first!._id))).toEqual({
      status: 409,
      code: 'ALREADY_WITHDRAWN',
      message: remarkLimitMessages.attachmentAlreadyWithdrawn,
    });
  });

  it('closes the window for the author, but not for an owner of their organisation', async () => {
    const remark = await post('auditorEditor', 'Posted days ago', 1);
    await expire(remark.id);
    const before = await state();
    expect(summary(await withdraw('auditorEditor', remark.id))).toEqual({
      status: 403,
      code: 'WITHDRAWAL_WINDOW_PASSED',
      message: remarkLimitMessages.windowPassed('2 hours'),
    });
    expect(summary(await withdrawImage('auditorEditor', remark.docs[0]!._id)).status).toBe(403);
    expect(await state()).toEqual(before);

    const byOwner = await withdraw('auditorOwner', remark.id);
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json().data.remark.withdrawn.by.fullname).toBe('Aditi Auditor');
  });

  it.each([
    ['an admin of the same firm', 'auditorAdmin'],
    ['an owner of the client', 'clientOwner'],
    ['an owner of the company', 'companyOwner'],
  ] as const)('refuses %s (403), changing nothing', async (_who, caller) => {
    const remark = await post('auditorEditor', 'Only mine to withdraw', 1);
    const before = await state();
    expect(summary(await withdraw(caller, remark.id))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: remarkLimitMessages.notAuthorOrOwner,
    });
    expect(summary(await withdrawImage(caller, remark.docs[0]!._id)).status).toBe(403);
    expect(await state()).toEqual(before);
  });

  it('refuses viewers (403) and other tenants (404), changing nothing', async () => {
    const remark = await post('clientOwner', 'Client note', 1);
    const before = await state();
    for (const viewer of ['clientViewer', 'auditorViewer', 'companyViewer'] as const) {
      expect(summary(await withdraw(viewer, remark.id)).status).toBe(403);
      expect(summary(await withdrawImage(viewer, remark.docs[0]!._id)).status).toBe(403);
    }
    for (const outsider of ['otherClient', 'otherFirmOwner', 'betaOwner'] as const) {
      expect(summary(await withdraw(outsider, remark.id)).status).toBe(404);
      expect(summary(await withdrawImage(outsider, remark.docs[0]!._id)).status).toBe(404);
    }
    // The remark addressed through another gap, or another company, is not found either.
    expect(summary(await withdraw('clientOwner', remark.id, otherGapId)).status).toBe(404);
    expect(summary(await withdraw('clientOwner', remark.id, gapId, world.betaId)).status).toBe(404);
    expect(await state()).toEqual(before);
  });

  it('answers 401 signed out, before anything else', async () => {
    const remark = await post('clientOwner', 'Signed-out check');
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/v1/gap/${gapId}/remark/${remark.id}`,
      query: { targetCompanyId: world.acmeId },
    });
    expect(response.statusCode).toBe(401);
  });
});
