import { createHash } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { RemarkDoc } from '@verity/shared-api/src/server';
import { demoPng } from '../../../src/seed/demo-png';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { buildWorld, createPlan, gapsOf, validGap, validPlan, type World } from './fixtures';
import { exifTime, jpegWithExif, multipart, pngOf } from './remark-uploads';

const HOUR_MS = 60 * 60 * 1000;

interface TestGap {
  id: string;
  companyId: string;
  createdAt: string;
  KPI: string;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(databaseKinds)('the evidence of remark images on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let gapCount = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database);
    world = await buildWorld(app);
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  /** A new gap on Acme Steel (the ap audit, or the other firm's), or on Beta Corp of another client. */
  async function newGap(where: 'acme' | 'otherFirm' | 'beta' = 'acme'): Promise<TestGap> {
    gapCount += 1;
    const KPI = `Evidence KPI ${gapCount}`;
    const plan = { ...validPlan(), gap: { ...validGap(), KPI } };
    if (where === 'acme') {
      const [gap] = (await gapsOf(world, await createPlan(world, plan))) as TestGap[];
      return { ...(gap as TestGap), companyId: world.acmeId };
    }
    const companyId = where === 'beta' ? world.betaId : world.acmeId;
    const auditor = where === 'beta' ? 'auditorOwner' : 'otherFirmOwner';
    const response = await world.as[auditor]({
      method: 'POST',
      url: '/api/v1/action-plan',
      query: {
        targetCompanyId: companyId,
        auditId: where === 'beta' ? world.audits.beta : world.audits.otherFirm,
      },
      payload: plan,
    });
    expect(response.statusCode).toBe(201);
    const detail = await world.as[auditor]({
      method: 'GET',
      url: `/api/v1/action-plan/${response.json().data.actionPlan.id}`,
      query: { targetCompanyId: companyId },
    });
    return { ...(detail.json().data.gaps[0] as TestGap), companyId };
  }

  /** Posts one remark with the images on the gap, as the company's owner unless told. */
  async function post(
    gap: TestGap,
    files: Buffer[],
    as: keyof World['as'] = gap.companyId === world.betaId ? 'betaOwner' : 'companyOwner',
  ): Promise<RemarkDoc[]> {
    const response = await world.as[as]({
      method: 'PATCH',
      url: `/api/v1/gap/${gap.id}/remark`,
      query: { targetCompanyId: gap.companyId },
      ...multipart(
        'Photos of the work',
        files.map((bytes, index) => ({ fileName: `photo-${index}.jpg`, bytes })),
      ),
    });
    expect(response.statusCode).toBe(200);
    return response.json().data.remark.docs as RemarkDoc[];
  }

  /** The gap as `as` reads it in its plan. */
  async function read(gap: TestGap, as: keyof World['as']): Promise<LightMyRequestResponse> {
    const { rows } = await app.db.query<{ action_plan_id: string }>(
      'SELECT action_plan_id FROM gaps WHERE id = $1',
      [gap.id],
    );
    return world.as[as]({
      method: 'GET',
      url: `/api/v1/action-plan/${rows[0]?.action_plan_id}`,
      query: { targetCompanyId: gap.companyId },
    });
  }

  async function docsAsRead(gap: TestGap, as: keyof World['as']): Promise<RemarkDoc[]> {
    const response = await read(gap, as);
    expect(response.statusCode).toBe(200);
    const found = (response.json().data.gaps as { id: string; remark: { docs: RemarkDoc[] }[] }[])
      .find((candidate) => candidate.id === gap.id)
      ?.remark.flatMap((remark) => remark.docs);
    return found ?? [];
  }

  it('records the hash, pixel size, capture time, camera and position of a JPEG with EXIF', async () => {
    const gap = await newGap();
    const capturedAt = new Date(Date.parse(gap.createdAt) + HOUR_MS);
    const photo = jpegWithExif({
      capturedAt: exifTime(capturedAt, 330),
      utcOffset: '+05:30',
      make: 'Fujifilm',
      model: 'X-T5',
      gps: { latitude: 18.5204, longitude: -73.8567 },
    });
    const [doc] = await post(gap, [photo]);
    const expected = {
      sha256: sha256(photo),
      width: 32,
      height: 32,
      capturedAt: `${exifTime(capturedAt, 330).replace(/^(\d{4}):(\d{2}):(\d{2}) /, '$1-$2-$3T')}+05:30`,
      camera: 'Fujifilm X-T5',
      gps: { latitude: expect.closeTo(18.5204, 4), longitude: expect.closeTo(-73.8567, 4) },
      warnings: [],
      duplicateOf: null,
    };
    expect(doc?.evidence).toEqual(expected);
    expect(new Date(doc?.evidence?.capturedAt as string).getTime()).toBe(
      Math.floor(capturedAt.getTime() / 1000) * 1000,
    );
    // The same, read back with the gap by another user who can see it.
    expect((await docsAsRead(gap, 'auditorOwner'))[0]?.evidence).toEqual(expected);
  });

  it('hashes exactly what node:crypto hashes, for a file larger than the part of it read for EXIF', async () => {
    const gap = await newGap();
    const large = Buffer.concat([demoPng(40), Buffer.alloc(1_500_000, 9)]);
    const [doc] = await post(gap, [large]);
    expect(doc?.evidence?.sha256).toBe(sha256(large));
    expect(doc?.evidence).toMatchObject({ width: 40, height: 40 });
  });

  it("warns 'noCaptureData' for a PNG without EXIF, and still takes it", async () => {
    const gap = await newGap();
    const png = demoPng(12);
    const [doc] = await post(gap, [png]);
    expect(doc?.evidence).toEqual({
      sha256: sha256(png),
      width: 12,
      height: 12,
      capturedAt: null,
      camera: null,
      gps: null,
      warnings: ['noCaptureData'],
      duplicateOf: null,
    });
  });

  it('takes a file whose header cannot be read, without a pixel size', async () => {
    const gap = await newGap();
    const broken = pngOf(321);
    const [doc] = await post(gap, [broken]);
    expect(doc?.evidence).toMatchObject({
      sha256: sha256(broken),
      width: null,
      height: null,
      warnings: ['noCaptureData'],
    });
  });

  it("a camera alone is capture data: no 'noCaptureData' warning", async () => {
    const gap = await newGap();
    const [doc] = await post(gap, [jpegWithExif({ make: 'Canon', model: 'Canon EOS R6' })]);
    expect(doc?.evidence).toMatchObject({ camera: 'Canon EOS R6', capturedAt: null, warnings: [] });
  });

  it("warns 'takenBeforeGap' for a photo captured before the gap was raised", async () => {
    const gap = await newGap();
    const created = Date.parse(gap.createdAt);
    const [before, after] = await post(gap, [
      jpegWithExif({ capturedAt: exifTime(new Date(created - HOUR_MS), 60), utcOffset: '+01:00' }),
      jpegWithExif({ capturedAt: exifTime(new Date(created + HOUR_MS), 60), utcOffset: '+01:00' }),
    ]);
    expect(before?.evidence?.warnings).toEqual(['takenBeforeGap']);
    expect(after?.evidence?.warnings).toEqual([]);
  });

  it('without a time zone, counts a photo as earlier only when even the last time zone (UTC−12) makes it so', async () => {
    const gap = await newGap();
    const created = Date.parse(gap.createdAt);
    const [sixHours, thirteenHours] = await post(gap, [
      jpegWithExif({ capturedAt: exifTime(new Date(created - 6 * HOUR_MS)), model: 'six' }),
      jpegWithExif({ capturedAt: exifTime(new Date(created - 13 * HOUR_MS)), model: 'thirteen' }),
    ]);
    expect(sixHours?.evidence?.capturedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(sixHours?.evidence?.warnings).toEqual([]);
    expect(thirteenHours?.evidence?.warnings).toEqual(['takenBeforeGap']);
  });

  it('flags the same file on a later gap of the same client, naming the first, and only there', async () => {
    const first = await newGap();
    const second = await newGap();
    const photo = jpegWithExif({ model: 'Reused', capturedAt: '2099:01:01 10:00:00' });
    await post(first, [photo]);
    // Twice on the same gap is not another gap.
    const [again] = await post(first, [photo]);
    expect(again?.evidence?.warnings).toEqual([]);
    const [later] = await post(second, [photo]);
    expect(later?.evidence).toMatchObject({
      warnings: ['sameFileOnAnotherGap'],
      duplicateOf: { gapId: first.id, KPI: first.KPI },
    });
    for (const reader of ['clientOwner', 'auditorOwner', 'companyViewer'] as const) {
      expect((await docsAsRead(second, reader))[0]?.evidence).toMatchObject({
        warnings: ['sameFileOnAnotherGap'],
        duplicateOf: { gapId: first.id, KPI: first.KPI },
      });
      const earlier = await docsAsRead(first, reader);
      expect(earlier.map((doc) => doc.evidence?.warnings)).toEqual([[], []]);
    }
  });

  it("never flags the same file on a gap of another client, nor reveals that client's gap", async () => {
    const acme = await newGap();
    const beta = await newGap('beta');
    const photo = jpegWithExif({ model: 'Across clients', capturedAt: '2099:02:01 10:00:00' });
    await post(acme, [photo]);
    const [onBeta] = await post(beta, [photo]);
    expect(onBeta?.evidence).toMatchObject({ warnings: [], duplicateOf: null });
    // GreenAudit audits both companies, and still sees no link between the two clients' gaps.
    for (const reader of ['betaOwner', 'auditorOwner', 'otherClient'] as const) {
      const response = await read(beta, reader);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(acme.id);
      expect(response.body).not.toContain(acme.KPI);
      expect(response.body).not.toContain('sameFileOnAnotherGap');
    }
  });

  it('names an earlier gap only to a reader who can see it', async () => {
    const ours = await newGap();
    const otherFirms = await newGap('otherFirm');
    const photo = jpegWithExif({ model: 'Two firms', capturedAt: '2099:03:01 10:00:00' });
    await post(ours, [photo]);
    await post(otherFirms, [photo], 'companyOwner');
    expect((await docsAsRead(otherFirms, 'clientOwner'))[0]?.evidence).toMatchObject({
      warnings: ['sameFileOnAnotherGap'],
      duplicateOf: { gapId: ours.id },
    });
    // The other firm sees only its own audits: GreenAudit's gap stays unnamed and unflagged.
    const response = await read(otherFirms, 'otherFirmOwner');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(ours.id);
    expect(response.body).not.toContain('sameFileOnAnotherGap');
  });

  it('erases the evidence when the image is withdrawn, and the file no longer counts as a copy', async () => {
    const first = await newGap();
    const second = await newGap();
    const photo = jpegWithExif({
      model: 'Withdrawn',
      gps: { latitude: 51.5, longitude: -0.12 },
      capturedAt: '2099:04:01 10:00:00',
    });
    const [original] = await post(first, [photo]);
    const withdrawn = await world.as.companyOwner({
      method: 'DELETE',
      url: `/api/v1/remark-document/${original?._id}`,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().data.remark.docs[0].evidence).toBeNull();
    const { rows } = await app.db.query(
      `SELECT sha256, width, height, captured_at, camera, gps_latitude, gps_longitude
       FROM remark_documents WHERE id = $1`,
      [original?._id],
    );
    expect(rows[0]).toEqual({
      sha256: null,
      width: null,
      height: null,
      captured_at: null,
      camera: null,
      gps_latitude: null,
      gps_longitude: null,
    });
    const [later] = await post(second, [photo]);
    expect(later?.evidence?.warnings).toEqual([]);
  });

  it('shows no evidence for an image stored before evidence was kept', async () => {
    const gap = await newGap();
    const [doc] = await post(gap, [demoPng(14)]);
    await app.db.query(
      `UPDATE remark_documents SET sha256 = NULL, width = NULL, height = NULL WHERE id = $1`,
      [doc?._id],
    );
    expect((await docsAsRead(gap, 'clientOwner'))[0]).toMatchObject({
      _id: doc?._id,
      evidence: null,
    });
  });
});
