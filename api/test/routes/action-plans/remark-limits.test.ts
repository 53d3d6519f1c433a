// The storage quota per target company and the upload rate per user: a remark whose images would
// pass either is refused with a clear message and leaves nothing stored.
import { Readable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { messages } from '../../../src/messages';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { buildWorld, createPlan, gapsOf, type World } from './fixtures';
import { multipart, pngOf, storedState } from './remark-uploads';

type Caller = keyof World['as'];

interface Setup {
  database: TestDatabase;
  app: FastifyInstance;
  world: World;
  acmeGap: string;
  betaGap: string;
}

async function setUp(kind: TestDatabase['kind'], env: NodeJS.ProcessEnv): Promise<Setup> {
  const database = await createTestDatabase(kind);
  const app = await buildTestApp(database, env);
  const world = await buildWorld(app);
  const acmeGap = (await gapsOf(world, await createPlan(world)))[0]!.id;
  // A gap of Beta Corp, another client's company, written directly (the fixtures' auditor sees it).
  const planResponse = await world.as.auditorOwner({
    method: 'POST',
    url: '/api/v1/action-plan',
    query: { targetCompanyId: world.betaId, auditId: world.audits.beta },
    payload: (await import('./fixtures')).validPlan(),
  });
  const betaPlan = planResponse.json().data.actionPlan.id as string;
  const betaGap = (
    await world.as.betaOwner({
      method: 'GET',
      url: `/api/v1/action-plan/${betaPlan}`,
      query: { targetCompanyId: world.betaId },
    })
  ).json().data.gaps[0].id as string;
  return { database, app, world, acmeGap, betaGap };
}

function remarkOn(
  setup: Setup,
  as: Caller,
  body: ReturnType<typeof multipart> | { payload: Readable; headers: Record<string, string> },
  gap: 'acme' | 'beta' = 'acme',
) {
  return setup.world.as[as]({
    method: 'PATCH',
    url: `/api/v1/gap/${gap === 'acme' ? setup.acmeGap : setup.betaGap}/remark`,
    query: { targetCompanyId: gap === 'acme' ? setup.world.acmeId : setup.world.betaId },
    ...body,
  });
}

const images = (...sizes: number[]) =>
  sizes.map((size, index) => ({ fileName: `photo-${index}.png`, bytes: pngOf(size) }));

const refusal = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  code: response.json<{ code: string }>().code,
  message: response.json<{ message: string }>().message,
});

/** The bytes of images a company holds now (withdrawn ones released). */
async function companyBytes(setup: Setup, companyId: string): Promise<number> {
  const { rows } = await setup.app.db.query<{ bytes: number }>(
    `SELECT COALESCE(sum(size), 0)::int AS bytes FROM remark_documents
     WHERE target_company_id = $1 AND withdrawn_at IS NULL`,
    [companyId],
  );
  return rows[0]!.bytes;
}

describe.each(databaseKinds)('storage quota on %s', (kind) => {
  let setup: Setup;
  let demoPhotoBytes: number;
  const state = () => storedState(setup.app, setup.database.env.DATA_DIR);

  beforeAll(async () => {
    setup = await setUp(kind, { ATTACHMENT_QUOTA_BYTES: '4000' });
    // The demo data gives Acme Steel one photo already (a JPEG of about 1 KB).
    demoPhotoBytes = await companyBytes(setup, setup.world.acmeId);
  });
  afterAll(async () => {
    await setup?.app.close();
    await setup?.database.dispose();
  });

  const FULL = {
    status: 413,
    code: 'STORAGE_FULL',
    message:
      "This company's storage is full: these images would take it past its 3.9 KB. Withdraw attachments that are no longer needed, or ask Verity support for more space.",
  };

  it('stores images up to the quota, then refuses the remark that would pass it', async () => {
    expect(
      (await remarkOn(setup, 'companyOwner', multipart('First', images(1400, 1400)))).statusCode,
    ).toBe(200);
    const before = await state();
    expect(await companyBytes(setup, setup.world.acmeId)).toBe(demoPhotoBytes + 2800);

    const response = await remarkOn(setup, 'auditorOwner', multipart('Too much', images(600, 600)));
    expect(refusal(response)).toEqual(FULL);
    expect(await state()).toEqual(before);
  });

  it('still takes a remark without images when the storage is full', async () => {
    const response = await remarkOn(setup, 'clientOwner', multipart('Just words'));
    expect(response.statusCode).toBe(200);
  });

  it('refuses a body that cannot fit while it streams in, keeping no partial file', async () => {
    const before = await state();
    const { payload, headers } = multipart('Streamed', images(900, 900));
    // A stream has no Content-Length: the limit is found while the bytes arrive.
    const response = await remarkOn(setup, 'companyOwner', {
      payload: Readable.from([payload.subarray(0, 700), payload.subarray(700)]),
      headers,
    });
    expect(refusal(response)).toEqual(FULL);
    expect(await state()).toEqual(before);
  });

  it('refuses a body whose length cannot fit before reading any of it', async () => {
    const before = await state();
    // Not even valid multipart: only the declared length can have refused it.
    const response = await setup.world.as.companyOwner({
      method: 'PATCH',
      url: `/api/v1/gap/${setup.acmeGap}/remark`,
      query: { targetCompanyId: setup.world.acmeId },
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: Buffer.alloc(100 * 1024, 'x'),
    });
    expect(refusal(response)).toEqual(FULL);
    expect(await state()).toEqual(before);
  });

  it('is per company: another company still has its whole quota', async () => {
    const response = await remarkOn(
      setup,
      'betaOwner',
      multipart('Beta photos', images(3500)),
      'beta',
    );
    expect(response.statusCode).toBe(200);
  });

  it('gets space back when images are withdrawn', async () => {
    const { rows } = await setup.app.db.query<{ id: string }>(
      'SELECT id FROM remark_documents WHERE target_company_id = $1 AND withdrawn_at IS NULL',
      [setup.world.acmeId],
    );
    for (const { id } of rows) {
      const withdrawn = await setup.world.as.companyOwner({
        method: 'DELETE',
        url: `/api/v1/remark-document/${id}`,
      });
      expect(withdrawn.statusCode).toBe(200);
    }
    const response = await remarkOn(
      setup,
      'auditorOwner',
      multipart('Fits now', images(1200, 1200)),
    );
    expect(response.statusCode).toBe(200);
    expect(await companyBytes(setup, setup.world.acmeId)).toBe(2400);
  });

  it('lets only one of two uploads at once take the last space', async () => {
    const free = 4000 - 2400;
    const results = await Promise.all([
      remarkOn(setup, 'companyOwner', multipart('One', images(free - 100))),
      remarkOn(setup, 'auditorOwner', multipart('Two', images(free - 100))),
    ]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 413]);
    const after = await state();
    expect(after.files).toHaveLength(after.documents - (await withdrawnCount(setup)));
  });
});

async function withdrawnCount(setup: Setup): Promise<number> {
  const { rows } = await setup.app.db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM remark_documents WHERE withdrawn_at IS NOT NULL',
  );
  return rows[0]!.count;
}

describe.each(databaseKinds)('upload rate on %s', (kind) => {
  let setup: Setup;
  const state = () => storedState(setup.app, setup.database.env.DATA_DIR);

  beforeAll(async () => {
    setup = await setUp(kind, { UPLOAD_RATE_BYTES_PER_HOUR: '3000' });
  });
  afterAll(async () => {
    await setup?.app.close();
    await setup?.database.dispose();
  });

  it('refuses a user past the hourly rate with 429 and when to try again', async () => {
    expect(
      (await remarkOn(setup, 'companyOwner', multipart('Morning', images(2000)))).statusCode,
    ).toBe(200);
    const before = await state();
    const response = await remarkOn(setup, 'companyOwner', multipart('Again', images(1200)));
    expect(refusal(response)).toEqual({
      status: 429,
      code: 'UPLOAD_RATE_EXCEEDED',
      message: expect.stringMatching(
        /^You can upload at most 2\.9 KB of images an hour\. Please try again in (1 hour|60 minutes|59 minutes)\.$/,
      ),
    });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(await state()).toEqual(before);
  });

  it('counts withdrawn images too, and is per user', async () => {
    const { rows } = await setup.app.db.query<{ id: string }>(
      'SELECT id FROM remark_documents WHERE withdrawn_at IS NULL',
    );
    await setup.world.as.companyOwner({
      method: 'DELETE',
      url: `/api/v1/remark-document/${rows[0]!.id}`,
    });
    expect(
      (await remarkOn(setup, 'companyOwner', multipart('Again', images(1200)))).statusCode,
    ).toBe(429);
    expect(
      (await remarkOn(setup, 'auditorOwner', multipart('Mine', images(1200)))).statusCode,
    ).toBe(200);
  });

  it('lets the user upload again once the hour has passed', async () => {
    await setup.app.db.query(
      `UPDATE remarks SET created_at = created_at - interval '61 minutes' WHERE user_id = (
         SELECT id FROM users WHERE email = 'company.owner@verity.test' AND user_type = 'targetCompany')`,
    );
    expect(
      (await remarkOn(setup, 'companyOwner', multipart('Next hour', images(1200)))).statusCode,
    ).toBe(200);
  });

  it('allows at most 30 remarks a minute per user', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 31; index += 1) {
      statuses.push((await remarkOn(setup, 'clientOwner', multipart(`Note ${index}`))).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    const last = await remarkOn(setup, 'clientOwner', multipart('One too many'));
    expect(refusal(last)).toEqual({
      status: 429,
      code: 'RATE_LIMITED',
      message: messages.tooManyRequests,
    });
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not held back.
    expect((await remarkOn(setup, 'auditorOwner', multipart('Still fine'))).statusCode).toBe(200);
  });
});
