import { createHash } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { RemarkDoc } from '@verity/shared-api/src/server';
import { demoPng } from '../../../src/seed/demo-png';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { buildWorld, createPlan, gapsOf, validGap, validPlan, type World } from './fixtures';
import {
  exifTime,
  jpegWithExif,
  multipart,
  pngOf,
  storedState,
  type FilePart,
} from './remark-uploads';

const HOUR_MS = 60 * 60 * 1000;

interface TestGap {
  id: string;
  companyId: string;
  createdAt: string;
  KPI: string;
}

/** Minutes east of UTC as ISO 8601's `+HH:MM`. */
function offsetText(minutes: number): string {
  const whole = Math.abs(minutes);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(databaseKinds)('the evidence of remark images on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let gapCount = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // More remarks than a person sends a minute: each test's answer is about its images.
    app = await buildTestApp(database, { REMARKS_PER_MINUTE: '1000' });
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
    files: (Buffer | FilePart)[],
    as: keyof World['as'] = gap.companyId === world.betaId ? 'betaOwner' : 'companyOwner',
  ): Promise<RemarkDoc[]> {
    const response = await send(gap, files, as);
    expect([response.statusCode, response.json().message]).toEqual([200, undefined]);
    return response.json().data.remark.docs as RemarkDoc[];
  }

  function send(
    gap: TestGap,
    files: (Buffer | FilePart)[],
    as: keyof World['as'] = gap.companyId === world.betaId ? 'betaOwner' : 'companyOwner',
  ): Promise<LightMyRequestResponse> {
    return world.as[as]({
      method: 'PATCH',
      url: `/api/v1/gap/${gap.id}/remark`,
      query: { targetCompanyId: gap.companyId },
      ...multipart(
        'Photos of the work',
        files.map((file, index) =>
          Buffer.isBuffer(file) ? { fileName: `photo-${index}.jpg`, bytes: file } : file,
        ),
      ),
    });
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
      deviceRecorded: [],
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
      deviceRecorded: [],
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

  describe("the device's record of a photo without a capture time (decision 0102)", () => {
    const device = (capturedAt: Date, offsetMinutes: number, gps?: object | null) =>
      JSON.stringify({
        capturedAt: `${exifTime(capturedAt, offsetMinutes).replace(/^(\d{4}):(\d{2}):(\d{2}) /, '$1-$2-$3T')}${offsetText(offsetMinutes)}`,
        ...(gps === undefined ? {} : { gps }),
      });

    it("keeps the device's time and position as the capture, marked as the device's, and reads it back", async () => {
      const gap = await newGap();
      const taken = new Date(Date.parse(gap.createdAt) + HOUR_MS);
      const photo = demoPng(16);
      const [doc] = await post(gap, [
        {
          fileName: 'site.png',
          bytes: photo,
          deviceCapture: device(taken, 330, { latitude: 18.5204, longitude: 73.8567 }),
        },
      ]);
      const expected = {
        sha256: sha256(photo),
        width: 16,
        height: 16,
        capturedAt: `${exifTime(taken, 330).replace(/^(\d{4}):(\d{2}):(\d{2}) /, '$1-$2-$3T')}+05:30`,
        camera: null,
        gps: { latitude: 18.5204, longitude: 73.8567 },
        deviceRecorded: ['capturedAt', 'gps'],
        warnings: [],
        duplicateOf: null,
      };
      expect(doc?.evidence).toEqual(expected);
      expect((await docsAsRead(gap, 'clientOwner'))[0]?.evidence).toEqual(expected);
      const { rows } = await app.db.query(
        `SELECT captured_utc_offset_minutes, device_recorded FROM remark_documents WHERE id = $1`,
        [doc?._id],
      );
      expect(rows[0]).toEqual({
        captured_utc_offset_minutes: 330,
        device_recorded: ['capturedAt', 'gps'],
      });
    });

    it("uses the device's time alone when the browser gave no position, and the file's own position when it has one", async () => {
      const gap = await newGap();
      const taken = new Date(Date.parse(gap.createdAt) + HOUR_MS);
      const [noPosition, nullPosition, ownPosition] = await post(gap, [
        { fileName: 'a.png', bytes: demoPng(10), deviceCapture: device(taken, -180) },
        { fileName: 'b.png', bytes: demoPng(11), deviceCapture: device(taken, 0, null) },
        {
          fileName: 'c.jpg',
          bytes: jpegWithExif({ model: 'No clock', gps: { latitude: 51.5, longitude: -0.12 } }),
          deviceCapture: device(taken, 60, { latitude: 10, longitude: 10 }),
        },
      ]);
      expect(noPosition?.evidence).toMatchObject({
        capturedAt: expect.stringMatching(/-03:00$/),
        gps: null,
        deviceRecorded: ['capturedAt'],
        warnings: [],
      });
      expect(nullPosition?.evidence).toMatchObject({
        capturedAt: expect.stringMatching(/\+00:00$/),
        deviceRecorded: ['capturedAt'],
      });
      expect(ownPosition?.evidence).toMatchObject({
        camera: 'No clock',
        capturedAt: expect.stringMatching(/\+01:00$/),
        gps: { latitude: expect.closeTo(51.5, 4), longitude: expect.closeTo(-0.12, 4) },
        deviceRecorded: ['capturedAt'],
      });
    });

    it("ignores the device's record for a photo with a capture time of its own", async () => {
      const gap = await newGap();
      const cameraTime = exifTime(new Date(Date.parse(gap.createdAt) + HOUR_MS), 60);
      const [doc] = await post(gap, [
        {
          fileName: 'camera.jpg',
          bytes: jpegWithExif({ capturedAt: cameraTime, utcOffset: '+01:00' }),
          deviceCapture: device(new Date(), 0, { latitude: 1, longitude: 2 }),
        },
      ]);
      expect(doc?.evidence).toMatchObject({
        capturedAt: `${cameraTime.replace(/^(\d{4}):(\d{2}):(\d{2}) /, '$1-$2-$3T')}+01:00`,
        gps: null,
        deviceRecorded: [],
      });
    });

    it("checks the device's time against the gap as it checks the camera's", async () => {
      const gap = await newGap();
      const created = Date.parse(gap.createdAt);
      const [before, after] = await post(gap, [
        {
          fileName: 'a.png',
          bytes: demoPng(9),
          deviceCapture: device(new Date(created - HOUR_MS), 120),
        },
        {
          fileName: 'b.png',
          bytes: demoPng(8),
          deviceCapture: device(new Date(created + 60_000), 120),
        },
      ]);
      expect(before?.evidence?.warnings).toEqual(['takenBeforeGap']);
      expect(after?.evidence?.warnings).toEqual([]);
    });

    it.each([
      ['not JSON', '{capturedAt', 'must be JSON'],
      ['a list', '["2026-03-01T10:05:00+05:30"]', 'must be JSON'],
      ['no capture time', '{"gps":{"latitude":1,"longitude":2}}', 'ISO 8601 to the second'],
      [
        'a time without its offset',
        '{"capturedAt":"2026-03-01T10:05:00"}',
        'ISO 8601 to the second',
      ],
      ['a day that does not exist', '{"capturedAt":"2026-02-30T10:05:00+01:00"}', 'ISO 8601'],
      ['an offset no clock has', '{"capturedAt":"2026-03-01T10:05:00+15:00"}', 'ISO 8601'],
      ['a year before 1900', '{"capturedAt":"1899-03-01T10:05:00Z"}', 'between the years 1900'],
      ['a time in the future', '{"capturedAt":"2999-03-01T10:05:00Z"}', 'in the future'],
      [
        'a latitude past 90',
        '{"capturedAt":"2026-03-01T10:05:00Z","gps":{"latitude":91,"longitude":2}}',
        'latitude between',
      ],
      [
        'a position as text',
        '{"capturedAt":"2026-03-01T10:05:00Z","gps":{"latitude":"1","longitude":2}}',
        'latitude between',
      ],
      [
        'half a position',
        '{"capturedAt":"2026-03-01T10:05:00Z","gps":{"latitude":1}}',
        'latitude between',
      ],
      ['a NUL', '{"capturedAt":"2026-03-01T10:05:00Z\u0000"}', 'control characters'],
    ])(
      'refuses a record with %s (400, naming the problem), keeping nothing',
      async (_name, text, message) => {
        const gap = await newGap();
        const before = await storedState(app, database.env.DATA_DIR);
        const response = await send(gap, [
          { fileName: 'first.png', bytes: demoPng(7) },
          { fileName: 'second.png', bytes: demoPng(6), deviceCapture: text },
        ]);
        expect([response.statusCode, response.json().code]).toEqual([400, 'VALIDATION_FAILED']);
        expect(response.json().message).toContain(message);
        expect(await storedState(app, database.env.DATA_DIR)).toEqual(before);
      },
    );

    it('refuses a record that is not just before an image, keeping nothing', async () => {
      const gap = await newGap();
      const record = device(new Date(), 0);
      const before = await storedState(app, database.env.DATA_DIR);
      const boundary = '----verity-device-capture';
      const part = (headers: string, body: string | Buffer) => [
        Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
        Buffer.from(body),
        Buffer.from('\r\n'),
      ];
      const field = (name: string, value: string) =>
        part(`Content-Disposition: form-data; name="${name}"`, value);
      const file = (name: string) =>
        part(
          `Content-Disposition: form-data; name="documents"; filename="${name}"\r\nContent-Type: image/png`,
          demoPng(5),
        );
      for (const parts of [
        [...field('comments', 'Last'), ...file('a.png'), ...field('deviceCapture', record)],
        [...field('deviceCapture', record), ...field('comments', 'Between'), ...file('a.png')],
        [
          ...file('a.png'),
          ...field('deviceCapture', record),
          ...field('deviceCapture', record),
          ...file('b.png'),
        ],
      ]) {
        const response = await world.as.companyOwner({
          method: 'PATCH',
          url: `/api/v1/gap/${gap.id}/remark`,
          query: { targetCompanyId: gap.companyId },
          payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        });
        expect([response.statusCode, response.json().message]).toEqual([
          400,
          'A device capture record must come just before the image it describes.',
        ]);
      }
      expect(await storedState(app, database.env.DATA_DIR)).toEqual(before);
    });

    it('erases the device-recorded capture with the image when it is withdrawn', async () => {
      const gap = await newGap();
      const [doc] = await post(gap, [
        {
          fileName: 'w.png',
          bytes: demoPng(4),
          deviceCapture: device(new Date(), 0, { latitude: 3, longitude: 4 }),
        },
      ]);
      const withdrawn = await world.as.companyOwner({
        method: 'DELETE',
        url: `/api/v1/remark-document/${doc?._id}`,
      });
      expect(withdrawn.statusCode).toBe(200);
      const { rows } = await app.db.query(
        `SELECT captured_at, gps_latitude, device_recorded FROM remark_documents WHERE id = $1`,
        [doc?._id],
      );
      expect(rows[0]).toEqual({ captured_at: null, gps_latitude: null, device_recorded: [] });
    });
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
