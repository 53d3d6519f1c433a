// A gap's remarks by page: each gap carries its newest remarks and their count, earlier ones come on
// request, page after page, whatever the gap's size; the closure rules still see every remark.
import type { FastifyInstance } from 'fastify';
import { GAP_REMARK_PREVIEW, LIST_MAX_PAGE_SIZE } from '@verity/shared-api/src/server';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { buildWorld, createPlan, gapsOf, type World } from './fixtures';
import { multipart, pngOf } from './remark-uploads';

interface RemarkAnswer {
  id: string;
  comments: string;
}
interface PageAnswer {
  remarks: RemarkAnswer[];
  earlier: number;
  total: number;
}

/** Remarks written to the gap one minute apart from a day ago, some at the very same moment. */
const REMARKS = 45;
const text = (n: number) => `Remark ${String(n).padStart(2, '0')}`;
const texts = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => text(from + i));

describe.each(databaseKinds)('remarks by page on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let gapId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database);
    world = await buildWorld(app);
    const planId = await createPlan(world);
    gapId = (await gapsOf(world, planId))[0]!.id;
    await addRemarks(gapId, 1, REMARKS);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  /**
   * Remarks `from`..`to` written by the company's owner: remark n at (day ago + n minutes), except
   * that remarks 10 to 14 share one moment, so the id alone orders them.
   */
  async function addRemarks(gap: string, from: number, to: number) {
    await app.db.query(
      `INSERT INTO remarks (gap_id, comments, user_id, user_type, fullname, role, created_at)
       SELECT $1, 'Remark ' || lpad(n::text, 2, '0'), u.id, 'targetCompany', u.fullname, u.role,
         now() - interval '1 day' + make_interval(mins => CASE WHEN n BETWEEN 10 AND 14 THEN 10 ELSE n END)
       FROM generate_series($2::int, $3::int) n, users u WHERE u.email = 'company.owner@verity.test'`,
      [gap, from, to],
    );
    // Remarks written at one moment: their order is the id's, as the pages read them.
    const { rows } = await app.db.query<{ id: string }>(
      `SELECT id FROM remarks WHERE gap_id = $1 AND comments BETWEEN 'Remark 10' AND 'Remark 14' ORDER BY id`,
      [gap],
    );
    for (const [index, row] of rows.entries()) {
      await app.db.query(`UPDATE remarks SET comments = $2 WHERE id = $1`, [
        row.id,
        text(10 + index),
      ]);
    }
  }

  const page = (query: Record<string, string> = {}, gap = gapId, company = world.acmeId) =>
    world.as.clientViewer({
      method: 'GET',
      url: `/api/v1/gap/${gap}/remarks`,
      query: { targetCompanyId: company, ...query },
    });

  async function gapOf(id: string) {
    const detail = await world.as.clientOwner({
      method: 'GET',
      url: `/api/v1/action-plan/${(await planOf(id)) as string}`,
      query: { targetCompanyId: world.acmeId },
    });
    const gaps = (
      detail.json() as {
        data: { gaps: { id: string; remark: RemarkAnswer[]; remarkCount: number }[] };
      }
    ).data.gaps;
    return gaps.find((gap) => gap.id === id)!;
  }
  async function planOf(id: string) {
    const { rows } = await app.db.query<{ action_plan_id: string }>(
      'SELECT action_plan_id FROM gaps WHERE id = $1',
      [id],
    );
    return rows[0]?.action_plan_id;
  }

  it('gives each gap of the plan its newest remarks, oldest first, and the count of all', async () => {
    const gap = await gapOf(gapId);
    expect(gap.remarkCount).toBe(REMARKS);
    expect(gap.remark.map((remark) => remark.comments)).toEqual(
      texts(REMARKS - GAP_REMARK_PREVIEW + 1, REMARKS),
    );
  });

  it('reads earlier remarks page by page, each ending just before the one given, without a repeat or a gap', async () => {
    const newest = (await page()).json().data as PageAnswer;
    expect(newest.remarks.map((remark) => remark.comments)).toEqual(texts(26, 45));
    expect(newest).toMatchObject({ earlier: 25, total: REMARKS });

    const second = (await page({ before: newest.remarks[0]!.id })).json().data as PageAnswer;
    expect(second.remarks.map((remark) => remark.comments)).toEqual(texts(6, 25));
    expect(second).toMatchObject({ earlier: 5, total: REMARKS });

    // The page boundary falls among the remarks written at one moment.
    const small = (await page({ before: second.remarks[7]!.id, pageSize: '3' })).json()
      .data as PageAnswer;
    expect(small.remarks.map((remark) => remark.comments)).toEqual(texts(10, 12));
    expect(small.earlier).toBe(9);

    const last = (await page({ before: second.remarks[0]!.id })).json().data as PageAnswer;
    expect(last.remarks.map((remark) => remark.comments)).toEqual(texts(1, 5));
    expect(last).toMatchObject({ earlier: 0, total: REMARKS });

    const none = (await page({ before: last.remarks[0]!.id })).json().data as PageAnswer;
    expect(none).toEqual({ remarks: [], earlier: 0, total: REMARKS });
  });

  it('takes a page size up to the most', async () => {
    const all = (await page({ pageSize: String(LIST_MAX_PAGE_SIZE) })).json().data as PageAnswer;
    expect(all.remarks.map((remark) => remark.comments)).toEqual(texts(1, REMARKS));
    expect(all.earlier).toBe(0);
    for (const pageSize of ['0', String(LIST_MAX_PAGE_SIZE + 1), 'ten']) {
      const refused = await page({ pageSize });
      expect(refused.statusCode).toBe(400);
    }
  });

  it('answers a gap with no remarks with none', async () => {
    const planId = await createPlan(world);
    const quiet = (await gapsOf(world, planId))[0]!.id;
    expect((await page({}, quiet)).json().data).toEqual({ remarks: [], earlier: 0, total: 0 });
    expect((await gapOf(quiet)).remarkCount).toBe(0);
  });

  it('refuses a remark that is not one of the gap’s, and a gap outside the caller’s tenancy', async () => {
    const planId = await createPlan(world);
    const other = (await gapsOf(world, planId))[0]!.id;
    await addRemarks(other, 1, 2);
    const { rows } = await app.db.query<{ id: string }>(
      'SELECT id FROM remarks WHERE gap_id = $1 LIMIT 1',
      [other],
    );
    const foreignRemark = await page({ before: rows[0]!.id });
    expect(foreignRemark.statusCode).toBe(404);
    expect((await page({ before: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await page({ before: 'remark-1' })).statusCode).toBe(400);
    // The gap is Acme's: named under another company of the same client, it is not found.
    expect((await page({}, gapId, world.betaId)).statusCode).toBe(404);
    const otherClient = await world.as.otherClient({
      method: 'GET',
      url: `/api/v1/gap/${gapId}/remarks`,
      query: { targetCompanyId: world.acmeId },
    });
    expect(otherClient.statusCode).toBe(404);
  });

  it('keeps the plan’s answer the same size whatever the number of remarks on a gap', async () => {
    const sizeOf = async () =>
      (
        await world.as.clientOwner({
          method: 'GET',
          url: `/api/v1/action-plan/${(await planOf(gapId)) as string}`,
          query: { targetCompanyId: world.acmeId },
        })
      ).body.length;
    const before = await sizeOf();
    await addRemarks(gapId, 46, 99);
    const after = await sizeOf();
    // The newest 20 are other remarks of the same length; only the count's digits changed.
    expect(Math.abs(after - before)).toBeLessThanOrEqual(2);
    await app.db.query(`DELETE FROM remarks WHERE gap_id = $1 AND comments >= 'Remark 46'`, [
      gapId,
    ]);
  });

  it('lets the company ask for closure on a photo remark older than the newest remarks', async () => {
    const planId = await createPlan(world);
    const gap = (await gapsOf(world, planId))[0]!.id;
    const photo = await world.as.companyOwner({
      method: 'PATCH',
      url: `/api/v1/gap/${gap}/remark`,
      query: { targetCompanyId: world.acmeId },
      ...multipart('The new guard rail, fitted', [{ fileName: 'rail.png', bytes: pngOf() }]),
    });
    expect(photo.statusCode).toBe(200);
    // Written after the photo: the photo is no longer among the newest remarks.
    await app.db.query(
      `INSERT INTO remarks (gap_id, comments, user_id, user_type, fullname, role, created_at)
       SELECT $1, 'Follow-up ' || n, u.id, 'targetCompany', u.fullname, u.role, now() + make_interval(secs => n)
       FROM generate_series(1, $2::int) n, users u WHERE u.email = 'company.owner@verity.test'`,
      [gap, GAP_REMARK_PREVIEW + 5],
    );
    const shown = await gapOf(gap);
    expect(shown.remark.some((remark) => remark.comments === 'The new guard rail, fitted')).toBe(
      false,
    );
    const request = await world.as.companyOwner({
      method: 'POST',
      url: `/api/v1/gap/${gap}/closure-request`,
      query: { targetCompanyId: world.acmeId },
      payload: {},
    });
    expect(request.statusCode).toBe(200);
    expect(request.json().data.gap.status).toBe('pending');
  });
});
