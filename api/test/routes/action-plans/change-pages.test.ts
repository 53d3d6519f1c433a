// A gap's change history by page: each gap (and each remark write's answer) carries its newest changes
// and their count; earlier ones come on request, page after page, whatever the gap's history.
import type { FastifyInstance } from 'fastify';
import { GAP_CHANGE_PREVIEW, LIST_MAX_PAGE_SIZE } from '@verity/shared-api/src/server';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { buildWorld, createPlan, gapsOf, type World } from './fixtures';
import { multipart } from './remark-uploads';

interface Entry {
  id: string;
  field: string;
  reason: string | null;
}
interface PageAnswer {
  changes: Entry[];
  earlier: number;
  total: number;
}

/** The gap's 'created' entry, then 44 changes a minute apart after it, changes 10 to 14 at one moment. */
const CHANGES = 45;
const reason = (n: number) => `Change ${String(n).padStart(2, '0')}`;
/** The reasons of changes `from` down to `to`, newest first ('created' has none). */
const reasons = (from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, i) => (from - i === 1 ? null : reason(from - i)));

describe.each(databaseKinds)('change history by page on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let planId: string;
  let gapId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database);
    world = await buildWorld(app);
    planId = await createPlan(world);
    gapId = (await gapsOf(world, planId))[0]!.id;
    // Inserted in order, so that `position` orders the changes made at one moment.
    for (let n = 2; n <= CHANGES; n += 1) {
      await app.db.query(
        `INSERT INTO change_history (entity, action_plan_id, gap_id, field, old_value, new_value, reason, version,
           changed_by_name, changed_by_user_type, changed_by_role, changed_at)
         VALUES ('gap', $1, $2, 'recommendation', '"before"', '"after"', $3, $4, 'Aditi Auditor', 'auditor', 'owner',
           now() + make_interval(mins => $5::int))`,
        [planId, gapId, reason(n), n, n >= 10 && n <= 14 ? 10 : n],
      );
    }
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const page = (query: Record<string, string> = {}, gap = gapId, company = world.acmeId) =>
    world.as.companyViewer({
      method: 'GET',
      url: `/api/v1/gap/${gap}/changes`,
      query: { targetCompanyId: company, ...query },
    });
  const shown = (entries: Entry[]) => entries.map((entry) => entry.reason);

  it('gives each gap of the plan its newest changes, newest first, and the count of all', async () => {
    const detail = await world.as.clientOwner({
      method: 'GET',
      url: `/api/v1/action-plan/${planId}`,
      query: { targetCompanyId: world.acmeId },
    });
    const gap = (
      detail.json() as { data: { gaps: { changeHistory: Entry[]; changeCount: number }[] } }
    ).data.gaps[0]!;
    expect(gap.changeCount).toBe(CHANGES);
    expect(shown(gap.changeHistory)).toEqual(reasons(CHANGES, CHANGES - GAP_CHANGE_PREVIEW + 1));
  });

  it('reads earlier changes page by page, each just after the one given, without a repeat or a gap', async () => {
    const newest = (await page()).json().data as PageAnswer;
    expect(shown(newest.changes)).toEqual(reasons(45, 26));
    expect(newest).toMatchObject({ earlier: 25, total: CHANGES });

    const second = (await page({ before: newest.changes.at(-1)!.id })).json().data as PageAnswer;
    expect(shown(second.changes)).toEqual(reasons(25, 6));
    expect(second.earlier).toBe(5);

    // The page boundary falls among the changes made at one moment.
    const small = (await page({ before: second.changes[11]!.id, pageSize: '3' })).json()
      .data as PageAnswer;
    expect(shown(small.changes)).toEqual(reasons(13, 11));
    expect(small.earlier).toBe(10);

    const last = (await page({ before: second.changes.at(-1)!.id })).json().data as PageAnswer;
    expect(shown(last.changes)).toEqual(reasons(5, 1));
    expect(last.changes.at(-1)!.field).toBe('created');
    expect(last.earlier).toBe(0);
    const none = (await page({ before: last.changes.at(-1)!.id })).json().data as PageAnswer;
    expect(none).toEqual({ changes: [], earlier: 0, total: CHANGES });
  });

  it('takes a page size up to the most, and refuses others', async () => {
    const all = (await page({ pageSize: String(LIST_MAX_PAGE_SIZE) })).json().data as PageAnswer;
    expect(shown(all.changes)).toEqual(reasons(CHANGES, 1));
    for (const pageSize of ['0', String(LIST_MAX_PAGE_SIZE + 1), 'ten']) {
      expect((await page({ pageSize })).statusCode).toBe(400);
    }
  });

  it('refuses a change that is not one of the gap’s, and a gap outside the caller’s tenancy', async () => {
    const otherPlan = await createPlan(world);
    const { rows } = await app.db.query<{ id: string }>(
      `SELECT id FROM change_history WHERE action_plan_id = $1 LIMIT 1`,
      [otherPlan],
    );
    expect((await page({ before: rows[0]!.id })).statusCode).toBe(404);
    expect((await page({ before: 'change-1' })).statusCode).toBe(400);
    expect((await page({}, gapId, world.betaId)).statusCode).toBe(404);
    const otherClient = await world.as.otherClient({
      method: 'GET',
      url: `/api/v1/gap/${gapId}/changes`,
      query: { targetCompanyId: world.acmeId },
    });
    expect(otherClient.statusCode).toBe(404);
  });

  it('answers a remark write with the newest changes and the count of all', async () => {
    const written = await world.as.companyOwner({
      method: 'PATCH',
      url: `/api/v1/gap/${gapId}/remark`,
      query: { targetCompanyId: world.acmeId },
      ...multipart('Contractor mobilised'),
    });
    expect(written.statusCode).toBe(200);
    const revision = (
      written.json() as { data: { gap: { changeHistory: Entry[]; changeCount: number } } }
    ).data.gap;
    expect(revision.changeCount).toBe(CHANGES + 1);
    // The test's changes are dated after now: they stay the newest.
    expect(shown(revision.changeHistory)).toEqual(reasons(45, 45 - GAP_CHANGE_PREVIEW + 1));
  });
});
